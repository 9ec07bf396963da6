import { describe, expect, it } from 'vitest';
import type { ExtractedFields, PipelineDocument } from '../../src/server/pipeline/types';
import { emptyCross, scoreCross, summariseCross } from './cross';
import { crossSection } from './crossReport';
import type { TruthDocument } from './metrics';

// Cast, not annotated: ExtractedFields gains a required `defendants` list with the fields helper.
const FIELDS = {
  adjNumbers: ['ADJ12345678'],
  wcabNumbers: [],
  claimNumbers: ['05-123456-WC-01'],
  caseNumbers: [],
  dateOfInjury: { start: '2021-03-01', end: '2023-02-14', cumulativeTrauma: true },
  dateOfIncident: null,
  applicant: 'TRAN, ROSALIND M.',
  defendant: 'Sierra Vista Packing Co.',
} satisfies Omit<ExtractedFields, 'defendants'>;
const DEFENDANTS = ['Sierra Vista Packing Co.', 'Westbrook Mutual Insurance Company'];

const truth = (start: number, end: number, typeKey: string): TruthDocument => ({
  startPage: start,
  endPage: end,
  typeKey,
  fields: { ...FIELDS, defendants: DEFENDANTS } as ExtractedFields,
  caseId: 'c1',
});

function found(
  start: number,
  end: number,
  typeKey: string,
  fields: Partial<ExtractedFields> & { defendants?: string[] } = {},
): PipelineDocument {
  return {
    startPage: start,
    endPage: end,
    confidence: 1,
    cues: [],
    classification: { typeKey, confidence: 1, alternatives: [] },
    fields: { ...FIELDS, ...fields } as ExtractedFields,
    match: null,
    text: '',
  };
}

describe('cross-generator measures', () => {
  it('scores fields on correctly bounded documents only, with a CT range needing both ends', () => {
    const tally = emptyCross();
    scoreCross(
      tally,
      [
        found(1, 2, 'petition', { applicant: 'Rosalind M. Tran' }),
        found(3, 3, 'pr2', { dateOfInjury: { start: '2021-03-01', cumulativeTrauma: true } }),
        found(4, 6, 'pr2'),
      ],
      [
        truth(1, 2, 'petition'),
        truth(3, 3, 'request_for_authorization'),
        truth(4, 5, 'pr2'),
        truth(6, 6, 'order'),
      ],
    );
    const s = summariseCross(tally);
    expect(s.boundary_f1).toBeCloseTo(0.8, 4);
    expect(s.perfect_bundle_share).toBe(0);
    expect(s.type_accuracy_bounded).toBe(0.5);
    expect(s.applicant).toBe(1);
    expect(s.date_of_injury).toBe(0.5);
    expect(s.defendants_all_named).toBeNull();
  });

  it('counts a defendant list as right only when it names every defendant', () => {
    const tally = emptyCross();
    scoreCross(
      tally,
      [
        found(1, 1, 'answer', { defendants: ['SIERRA VISTA PACKING CO'] }),
        found(2, 2, 'answer', { defendants: [...DEFENDANTS, 'Extra LLC'] }),
      ],
      [truth(1, 1, 'answer'), truth(2, 2, 'answer')],
    );
    expect(summariseCross(tally).defendants_all_named).toBe(0.5);
  });

  it('reports a value found where none is printed as an error', () => {
    const tally = emptyCross();
    const t = truth(1, 1, 'order');
    t.fields = { ...t.fields, claimNumbers: [] };
    scoreCross(tally, [found(1, 1, 'order')], [t]);
    expect(summariseCross(tally).claim_numbers).toBe(0);
  });

  it('writes n/a and not run for sets that did not run', () => {
    const tally = emptyCross();
    scoreCross(tally, [found(1, 1, 'order')], [truth(1, 1, 'order')]);
    const set = { ...summariseCross(tally), pages: 1, pages_per_second: 10 };
    const empty = { ...summariseCross(emptyCross()), pages: 0, pages_per_second: 0 };
    const text = crossSection({
      date: '2026-11-26T00:00:00Z',
      machine: { cores: 2, loadAverage: 1 },
      seed: 1,
      gen1: null,
      gen2: { text: set, scan: empty },
    });
    expect(text).toContain(
      '| Bundles / documents / pages | not run | not run | 1 / 1 / 1 | not run |',
    );
    expect(text).toContain('| Every defendant named | n/a | n/a | n/a | n/a |');
  });
});
