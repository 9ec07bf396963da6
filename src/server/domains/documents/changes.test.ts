import { describe, expect, it } from 'vitest';
import { DAY_MESSAGE } from '../../../shared/documents';
import { ValidationError } from '../../errors';
import {
  crossFieldIssues,
  exceptionReasonsAfter,
  isExceptionWith,
  logText,
  parseFieldValues,
  planEdit,
  withCrmCaseFollowingCase,
} from './changes';
import type { ProcessedFileColumns } from './columns';

const CASE = '11111111-1111-4111-8111-111111111111';

function file(overrides: Partial<ProcessedFileColumns> = {}): ProcessedFileColumns {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'QME Report (pp. 3-5)',
    url: '',
    s3_key: null,
    legal_file_type_id: null,
    legal_raw_file_id: '33333333-3333-4333-8333-333333333333',
    company_id: '44444444-4444-4444-8444-444444444444',
    created_at: new Date(),
    updated_at: new Date(),
    case_number: [],
    adj_number: ['ADJ1'],
    eams_number: [],
    claim_number: [],
    wcab_number: [],
    date_of_injury: '2023-03-15',
    date_of_injury_end: null,
    date_of_incident: null,
    applicant: 'Maria Gonzalez',
    defendant: null,
    defendants: [],
    crm_case_id: null,
    legal_case_id: null,
    recommended_cases: [],
    workflow_crm_case_ids: {},
    is_exception: false,
    exception_reasons: [],
    is_deleted: false,
    start_page_no: 3,
    end_page_no: 5,
    split_confidence: null,
    type_confidence: null,
    action_status: 'complete',
    secondary_action_status: null,
    third_party_review_status: null,
    qa_status: null,
    sync_status: null,
    are_workflows_run: false,
    document_synced: false,
    separated_at: new Date(),
    edited_fields: [],
    reviewed_at: null,
    reviewed_by: null,
    deleted_at: null,
    version: 1,
    ...overrides,
  };
}

function issuesOf(run: () => unknown): Array<{ path: string; message: string }> {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.issues;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('parseFieldValues', () => {
  it('given number lists with blanks around and repeats, then they are trimmed and de-duplicated', () => {
    expect(parseFieldValues({ adj_number: [' ADJ1 ', 'ADJ2', 'ADJ1'] }, 'changes')).toEqual({
      adj_number: ['ADJ1', 'ADJ2'],
    });
  });

  it('given an empty list entry, a bad date and a negative page, then each is an issue under changes', () => {
    const issues = issuesOf(() =>
      parseFieldValues(
        { claim_number: ['ok', '  '], date_of_injury: '2023-02-30', start_page_no: 0 },
        'changes',
      ),
    );
    expect(issues.map((issue) => issue.path).sort()).toEqual([
      'changes.claim_number.1',
      'changes.date_of_injury',
      'changes.start_page_no',
    ]);
  });

  it('given a null name or a type id that is not a uuid, then they are refused', () => {
    expect(issuesOf(() => parseFieldValues({ name: null }, 'base'))[0]?.path).toBe('base.name');
    expect(
      issuesOf(() => parseFieldValues({ legal_file_type_id: 'qme' }, 'changes'))[0]?.path,
    ).toBe('changes.legal_file_type_id');
  });

  it('given empty free text and a null list, then they clear the field', () => {
    expect(parseFieldValues({ applicant: '   ', wcab_number: null }, 'changes')).toEqual({
      applicant: null,
      wcab_number: [],
    });
  });

  it('given an input object without a prototype (as GraphQL passes it), then it parses', () => {
    const raw = Object.assign(Object.create(null) as object, { name: ' New name ' });
    expect(parseFieldValues(raw, 'changes')).toEqual({ name: 'New name' });
  });
});

describe('days in changes and base', () => {
  it('given a day outside the shared year range, then a change refuses it but a base may hold it', () => {
    expect(issuesOf(() => parseFieldValues({ date_of_injury: '1850-06-01' }, 'changes'))).toEqual([
      { path: 'changes.date_of_injury', message: DAY_MESSAGE },
    ]);
    expect(parseFieldValues({ date_of_injury: '1850-06-01' }, 'base')).toEqual({
      date_of_injury: '1850-06-01',
    });
  });
});

describe('planEdit', () => {
  it('given no base, then only values that differ from the stored ones are changed', () => {
    const plan = planEdit(file(), { applicant: 'Maria Gonzalez', defendant: 'Acme' }, null);
    expect(plan).toEqual({ changed: { defendant: 'Acme' }, conflicts: [] });
  });

  it('given a base the server moved away from, when the editor changed that field, then it is a conflict with JSON values', () => {
    const stored = file({ applicant: 'Server Name' });
    const plan = planEdit(stored, { applicant: 'Editor Name' }, { applicant: 'Maria Gonzalez' });
    expect(plan.changed).toEqual({});
    expect(plan.conflicts).toEqual([
      {
        field: 'applicant',
        base_value: '"Maria Gonzalez"',
        server_value: '"Server Name"',
        your_value: '"Editor Name"',
      },
    ]);
  });

  it('given a field the editor left as in the base, when the server changed it, then the server value stays and nothing conflicts', () => {
    const stored = file({ applicant: 'Server Name' });
    const plan = planEdit(
      stored,
      { applicant: 'Maria Gonzalez', defendant: 'Acme' },
      { applicant: 'Maria Gonzalez', defendant: null },
    );
    expect(plan).toEqual({ changed: { defendant: 'Acme' }, conflicts: [] });
  });

  it('given both editors made the same change, then it is neither a change nor a conflict', () => {
    const stored = file({ adj_number: ['ADJ2'] });
    const plan = planEdit(stored, { adj_number: ['ADJ2'] }, { adj_number: ['ADJ1'] });
    expect(plan).toEqual({ changed: {}, conflicts: [] });
  });

  it('given lists, then order matters and equal lists are unchanged', () => {
    const stored = file({ adj_number: ['A', 'B'] });
    expect(planEdit(stored, { adj_number: ['A', 'B'] }, null).changed).toEqual({});
    expect(planEdit(stored, { adj_number: ['B', 'A'] }, null).changed).toEqual({
      adj_number: ['B', 'A'],
    });
  });
});

describe('crossFieldIssues', () => {
  it('given an injury period ending before it starts, then the end is refused', () => {
    const issues = crossFieldIssues(file(), { date_of_injury_end: '2023-01-01' });
    expect(issues).toEqual([
      {
        path: 'changes.date_of_injury_end',
        message: 'The end of the injury period is before the date of injury',
      },
    ]);
  });

  it('given an end without a start, then it is refused; with start and end in order, then fine', () => {
    expect(
      crossFieldIssues(file(), { date_of_injury: null, date_of_injury_end: '2023-05-01' }),
    ).toHaveLength(1);
    expect(
      crossFieldIssues(file(), { date_of_injury: '2023-01-01', date_of_injury_end: '2023-05-01' }),
    ).toEqual([]);
  });

  it('given a CRM case id without any case, then it is refused; with the case picked too, then fine', () => {
    expect(crossFieldIssues(file(), { crm_case_id: 'CRM-1' })[0]?.path).toBe('changes.crm_case_id');
    expect(crossFieldIssues(file(), { crm_case_id: 'CRM-1', legal_case_id: CASE })).toEqual([]);
  });
});

describe('withCrmCaseFollowingCase', () => {
  it('given the case changes without a CRM id, then the old CRM id is cleared', () => {
    const stored = file({ legal_case_id: CASE, crm_case_id: 'CRM-1' });
    expect(withCrmCaseFollowingCase(stored, { legal_case_id: null })).toEqual({
      legal_case_id: null,
      crm_case_id: null,
    });
    expect(withCrmCaseFollowingCase(stored, { applicant: 'x' })).toEqual({ applicant: 'x' });
  });
});

describe('exceptionReasonsAfter', () => {
  const numbers = (adj: string[] = []) => [[], adj, [], [], []];

  it('given no type, then no_file_type; with a type, then it is gone', () => {
    expect(
      exceptionReasonsAfter([], {
        legal_file_type_id: null,
        legal_case_id: null,
        numbers: numbers(['A']),
      }),
    ).toEqual(['no_file_type']);
    expect(
      exceptionReasonsAfter(['no_file_type'], {
        legal_file_type_id: CASE,
        legal_case_id: null,
        numbers: numbers(['A']),
      }),
    ).toEqual([]);
  });

  it('given multi_case and needs_case_number, when a person picks the case, then both clear', () => {
    expect(
      exceptionReasonsAfter(['multi_case', 'needs_case_number'], {
        legal_file_type_id: CASE,
        legal_case_id: CASE,
        numbers: numbers(),
      }),
    ).toEqual([]);
  });

  it('given needs_case_number, when a number is entered, then it clears but multi_case stays', () => {
    expect(
      exceptionReasonsAfter(['multi_case', 'needs_case_number'], {
        legal_file_type_id: CASE,
        legal_case_id: null,
        numbers: numbers(['ADJ9']),
      }),
    ).toEqual(['multi_case']);
  });

  it('given no reasons before, when numbers are removed, then needs_case_number is not raised by a person', () => {
    expect(
      exceptionReasonsAfter([], {
        legal_file_type_id: CASE,
        legal_case_id: null,
        numbers: numbers(),
      }),
    ).toEqual([]);
  });

  it('given reasons, then it is an exception only while not reviewed', () => {
    expect(isExceptionWith(['no_file_type'], null)).toBe(true);
    expect(isExceptionWith(['no_file_type'], new Date())).toBe(false);
    expect(isExceptionWith([], null)).toBe(false);
  });
});

describe('logText', () => {
  it('writes lists comma-separated and empty lists as null', () => {
    expect(logText(['A', 'B'])).toBe('A, B');
    expect(logText([])).toBeNull();
    expect(logText(7)).toBe('7');
    expect(logText(null)).toBeNull();
  });
});
