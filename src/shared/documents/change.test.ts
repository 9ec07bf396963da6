import { describe, expect, it } from 'vitest';
import { documentBase, documentChange } from './change';
import { DAY_MESSAGE } from './days';
import {
  EDITABLE_FIELDS,
  FIELD_LABELS,
  fieldLabel,
  isEditableField,
  isLabelledField,
} from './fields';

const issuesOf = (result: {
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) =>
  (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));

describe('a document change', () => {
  it('given untidy values, when parsed, then text is trimmed, blanks clear and lists lose repeats', () => {
    expect(
      documentChange.parse({
        name: ' Letter ',
        applicant: '   ',
        adj_number: [' ADJ1 ', 'ADJ2', 'ADJ1'],
        wcab_number: null,
        date_of_injury: ' 2024-02-29 ',
      }),
    ).toEqual({
      name: 'Letter',
      applicant: null,
      adj_number: ['ADJ1', 'ADJ2'],
      wcab_number: [],
      date_of_injury: '2024-02-29',
    });
  });

  it('given a parsed change, when parsed again, then it comes back unchanged', () => {
    const once = documentChange.parse({ name: ' A ', claim_number: ['1', '1'], defendant: '' });
    expect(documentChange.parse(once)).toEqual(once);
  });

  it('given days that are not, or fall outside the year range, then each is refused with the one message', () => {
    const result = documentChange.safeParse({
      date_of_injury: '2025-02-29',
      date_of_injury_end: '2100-01-01',
      date_of_incident: '1899-12-31',
    });
    expect(issuesOf(result)).toEqual([
      { path: 'date_of_injury', message: DAY_MESSAGE },
      { path: 'date_of_injury_end', message: DAY_MESSAGE },
      { path: 'date_of_incident', message: DAY_MESSAGE },
    ]);
    expect(documentChange.parse({ date_of_incident: null })).toEqual({ date_of_incident: null });
  });

  it('given a base, then a stored day outside the year range may be what the editor saw, but not an unreal day', () => {
    expect(documentBase.parse({ date_of_injury: '1850-06-01' })).toEqual({
      date_of_injury: '1850-06-01',
    });
    expect(documentBase.safeParse({ date_of_injury: '2023-02-30' }).success).toBe(false);
  });

  it('given a field that is not editable, a bad id, an empty number or page 0, then each is named', () => {
    expect(issuesOf(documentChange.safeParse({ reviewed_at: 'x' }))[0]?.message).toMatch(
      /reviewed_at/,
    );
    expect(
      issuesOf(
        documentChange.safeParse({
          legal_file_type_id: 'qme',
          claim_number: ['ok', '  '],
          start_page_no: 0,
          name: '',
        }),
      ).map((issue) => issue.path),
    ).toEqual(['name', 'legal_file_type_id', 'claim_number.1', 'start_page_no']);
  });
});

describe('the editable fields', () => {
  it('given every editable field, then the change schema knows it and it has a label', () => {
    expect(Object.keys(documentChange.shape).sort()).toEqual([...EDITABLE_FIELDS].sort());
    for (const field of EDITABLE_FIELDS) expect(FIELD_LABELS[field]).toMatch(/^[A-Z]/);
  });

  it('given field names from edits and from logs, then they read in words', () => {
    expect(fieldLabel('adj_number')).toBe('ADJ numbers');
    expect(fieldLabel('crm_case_id')).toBe('CRM case id');
    expect(fieldLabel('legal_file_type')).toBe('Document type');
    expect(fieldLabel('page_range')).toBe('Pages');
    expect(fieldLabel('some_new_field')).toBe('some new field');
    expect(isEditableField('legal_case')).toBe(false);
    expect(isLabelledField('legal_case')).toBe(true);
    expect(isLabelledField('toString')).toBe(false);
  });
});
