import { describe, expect, it } from 'vitest';
import { phrasesAsAnd } from './searchQueries';

describe('phrasesAsAnd', () => {
  it('given phrase operators, then each becomes AND and the rest stays as it is', () => {
    expect(phrasesAsAnd("'qualifi' <-> 'medic' <-> 'evalu' & 'thompson'")).toBe(
      "'qualifi' & 'medic' & 'evalu' & 'thompson'",
    );
    expect(phrasesAsAnd("'lumbar' <-> 'spine' | 'knee' <2> 'surgeri'")).toBe(
      "'lumbar' & 'spine' | 'knee' & 'surgeri'",
    );
    expect(phrasesAsAnd("( 'a' | 'b' ) <-> 'c'")).toBe("( 'a' | 'b' ) & 'c'");
  });

  it('given operators inside quoted lexemes, then those are left alone', () => {
    expect(phrasesAsAnd("'a<->b' <-> 'it''s <3>' & 'c':*")).toBe("'a<->b' & 'it''s <3>' & 'c':*");
  });

  it('given no phrase, then the text is unchanged', () => {
    expect(phrasesAsAnd("'lumbar' & 'spine'")).toBe("'lumbar' & 'spine'");
  });
});
