import { describe, expect, it } from 'vitest';
import { countTerm, findPhrase } from './fuzzy';
import { compact, prepareText, skeleton } from './normalize';

describe('normalize', () => {
  it('folds OCR confusions the same way on both sides', () => {
    expect(skeleton('PR0OF 0F SERV1CE')).toBe(skeleton('PROOF OF SERVICE'));
    expect(compact('APPLI CATION')).toBe(compact('Application'));
    expect(skeleton('WORKERS’ COMPENSATION')).toBe(skeleton("Workers' Compensation"));
    expect(compact('Modern')).toBe(compact('Modem'));
  });
});

describe('findPhrase', () => {
  const text = prepareText(
    'Smith & Jones\n123 Main St\nNOTlCE AND REQUEST F0R ALLOWANCE OF L IEN\nThe lien claimant requests',
  );

  it('finds a damaged title and the line it is on', () => {
    const hit = findPhrase('NOTICE AND REQUEST FOR ALLOWANCE OF LIEN', text);
    expect(hit).not.toBeNull();
    expect(hit?.line).toBe(2);
    expect(hit?.coverage).toBeGreaterThan(0.9);
    expect(hit?.startsLine).toBe(true);
    expect(hit?.upper).toBe(true);
  });

  it('does not find what is not there', () => {
    expect(findPhrase('COMPROMISE AND RELEASE', text)).toBeNull();
    expect(findPhrase('', text)).toBeNull();
  });

  it('needs whole words for short phrases', () => {
    const t = prepareText('Custodian of records\nThe recorder was present');
    expect(findPhrase('ORDER', t)).toBeNull();
    expect(findPhrase('RECORDS', t)?.line).toBe(0);
  });

  it('can demand an exact match (form numbers)', () => {
    const t = prepareText('DWC-CA form 10214(c) Rev. 11/2008');
    expect(findPhrase('DWC-CA form 10214(c)', t, 0)).not.toBeNull();
    expect(findPhrase('DWC-CA form 10214(a)', t, 0)).toBeNull();
  });

  it('counts whole-word keywords', () => {
    expect(countTerm('lien', text)).toBe(1);
    expect(countTerm('lien claimant', text)).toBe(1);
    expect(countTerm('claim', text)).toBe(0);
  });
});
