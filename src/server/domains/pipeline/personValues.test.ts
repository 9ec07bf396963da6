import { describe, expect, it } from 'vitest';
import { withPersonValues, type PersonSource } from './personValues';
import type { TitleOf } from './titles';

const titleOf: TitleOf = (values) =>
  [values.legal_file_type_id ?? 'untyped', values.applicant ?? 'nobody'].join(' / ');

const decided = {
  legal_file_type_id: 'type-pr2',
  applicant: 'MARIA GONZALEZ',
  adj_number: [] as string[],
  claim_number: [] as string[],
  legal_case_id: null,
  crm_case_id: null,
};

/** A stored document: the merge reads any field a person set from it. */
const stored = (over: Partial<PersonSource> & Record<string, unknown>): PersonSource => ({
  edited_fields: [],
  name: 'old name',
  legal_case_id: null,
  crm_case_id: null,
  ...over,
});

describe('withPersonValues', () => {
  it('given a new document, then the values are the pipeline’s and the name follows them', () => {
    expect(withPersonValues(decided, ['needs_case_number'], undefined, titleOf)).toMatchObject({
      applicant: 'MARIA GONZALEZ',
      name: 'type-pr2 / MARIA GONZALEZ',
      exception_reasons: ['needs_case_number'],
    });
  });

  it('given fields a person set, then their values stay and the name follows them', () => {
    const merged = withPersonValues(
      decided,
      ['needs_case_number'],
      stored({
        edited_fields: ['applicant', 'claim_number', 'legal_file_type_id'],
        applicant: 'Maria G. Gonzalez',
        claim_number: ['CLM-7'],
        legal_file_type_id: 'type-qme',
      }),
      titleOf,
    );
    expect(merged).toMatchObject({
      applicant: 'Maria G. Gonzalez',
      claim_number: ['CLM-7'],
      legal_file_type_id: 'type-qme',
      name: 'type-qme / Maria G. Gonzalez',
      // A person's claim number settles "needs case number".
      exception_reasons: [],
    });
  });

  it('given a person named the document, then the name stays', () => {
    const merged = withPersonValues(
      decided,
      [],
      stored({ edited_fields: ['name'], name: 'As filed' }),
      titleOf,
    );
    expect(merged.name).toBe('As filed');
  });

  it('given a case a person chose, then multi_case and needs_case_number go and its CRM id stays', () => {
    const merged = withPersonValues(
      { ...decided, legal_file_type_id: null },
      ['multi_case', 'needs_case_number'],
      stored({ edited_fields: ['legal_case_id'], legal_case_id: 'case-1', crm_case_id: 'crm-1' }),
      titleOf,
    );
    expect(merged).toMatchObject({
      legal_case_id: 'case-1',
      crm_case_id: 'crm-1',
      exception_reasons: ['no_file_type'],
    });
  });

  it('given the pipeline matches another case, then the old CRM id does not follow it', () => {
    const merged = withPersonValues(
      { ...decided, legal_case_id: 'case-2' },
      [],
      stored({ legal_case_id: 'case-1', crm_case_id: 'crm-1' }),
      titleOf,
    );
    expect(merged).toMatchObject({ legal_case_id: 'case-2', crm_case_id: null });
  });
});
