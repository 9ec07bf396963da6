import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors';
import { contentOf, pageTextsOf, planResplit, type DocumentSpan } from './resplit';

// Three documents of a 10-page raw file: a 1-3, b 4-6, c 7-10.
const spans: DocumentSpan[] = [
  { id: 'c', start: 7, end: 10 },
  { id: 'a', start: 1, end: 3 },
  { id: 'b', start: 4, end: 6 },
];

describe('planResplit', () => {
  it('given the middle document grows at its end, then the next one gives up those pages', () => {
    expect(planResplit(spans, 'b', { start: 4, end: 8 }, 10)).toEqual({
      moved: [
        { id: 'c', from: { start: 7, end: 10 }, to: { start: 9, end: 10 } },
        { id: 'b', from: { start: 4, end: 6 }, to: { start: 4, end: 8 } },
      ],
      emptied: [],
      created: [],
    });
  });

  it('given a document grows over a whole neighbour, then that neighbour is left empty', () => {
    const plan = planResplit(spans, 'c', { start: 4, end: 10 }, 10);
    expect(plan.emptied).toEqual(['b']);
    expect(plan.moved).toEqual([
      { id: 'c', from: { start: 7, end: 10 }, to: { start: 4, end: 10 } },
    ]);
  });

  it('given a document grows over two neighbours, then the farther one is cut and the nearer emptied', () => {
    const plan = planResplit(spans, 'c', { start: 2, end: 10 }, 10);
    expect(plan.moved).toContainEqual({
      id: 'a',
      from: { start: 1, end: 3 },
      to: { start: 1, end: 1 },
    });
    expect(plan.emptied).toEqual(['b']);
  });

  it('given a document shrinks at its start, then the adjacent previous document takes the pages', () => {
    expect(planResplit(spans, 'b', { start: 6, end: 6 }, 10)).toEqual({
      moved: [
        { id: 'a', from: { start: 1, end: 3 }, to: { start: 1, end: 5 } },
        { id: 'b', from: { start: 4, end: 6 }, to: { start: 6, end: 6 } },
      ],
      emptied: [],
      created: [],
    });
  });

  it('given the last document shrinks at its end, then a new document holds the freed pages', () => {
    expect(planResplit(spans, 'c', { start: 7, end: 8 }, 10)).toEqual({
      moved: [{ id: 'c', from: { start: 7, end: 10 }, to: { start: 7, end: 8 } }],
      emptied: [],
      created: [{ start: 9, end: 10 }],
    });
  });

  it('given a gap before the document, when it shrinks at its start, then the freed pages are a new document', () => {
    const gapped: DocumentSpan[] = [
      { id: 'a', start: 1, end: 2 },
      { id: 'b', start: 4, end: 6 },
    ];
    expect(planResplit(gapped, 'b', { start: 5, end: 6 }, 6).created).toEqual([
      { start: 4, end: 4 },
    ]);
  });

  it('given both edges move at once, then each side is handled', () => {
    const plan = planResplit(spans, 'b', { start: 3, end: 5 }, 10);
    expect(plan.moved).toEqual([
      { id: 'a', from: { start: 1, end: 3 }, to: { start: 1, end: 2 } },
      { id: 'c', from: { start: 7, end: 10 }, to: { start: 6, end: 10 } },
      { id: 'b', from: { start: 4, end: 6 }, to: { start: 3, end: 5 } },
    ]);
  });

  it.each([
    ['start after end', { start: 6, end: 5 }],
    ['beyond the raw file', { start: 4, end: 11 }],
    ['before page 1', { start: 0, end: 6 }],
    ['not touching the current pages', { start: 8, end: 9 }],
  ])('given a range %s, then it is refused as invalid input', (_, to) => {
    expect(() => planResplit(spans, 'b', to, 10)).toThrow(ValidationError);
  });
});

describe('page texts', () => {
  it('given documents whose content splits into their pages, then the raw file pages are recovered', () => {
    const texts = pageTextsOf(
      [
        { start: 1, end: 2, content: 'one\ftwo', is_deleted: false },
        { start: 3, end: 3, content: 'three', is_deleted: false },
        { start: 3, end: 4, content: 'old three\fold four', is_deleted: true },
      ],
      5,
    );
    expect(texts).toEqual(['one', 'two', 'three', 'old four', '']);
    expect(contentOf(texts, { start: 2, end: 4 })).toBe('two\fthree\fold four');
  });

  it('given a content that does not split into its page count, then its pages stay unknown', () => {
    expect(pageTextsOf([{ start: 1, end: 2, content: 'only one', is_deleted: false }], 2)).toEqual([
      '',
      '',
    ]);
  });
});
