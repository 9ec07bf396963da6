import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import {
  createInput,
  EMPTY_CASE_FORM,
  errorsFromIssues,
  FORM_MESSAGES,
  formFromCase,
  readIssues,
  updateInput,
  validateCaseForm,
} from './caseForm';
import { checkVariables } from '../../../shared/graphql/check';
import { CREATE_CASE_MUTATION, type LegalCase } from './operations';

const CASE: LegalCase = {
  id: 'c1',
  case_id: 'c1',
  company_id: 'co',
  case_number: 'ADJ1234567',
  name: 'Gonzalez v. Acme',
  client_name: 'Maria Gonzalez',
  eams_number: null,
  wcab_number: 'WCAB-1',
  primary_number: null,
  alternate_number: null,
  legal_case_status: 'Open',
  legal_case_type: null,
  date_of_incident: null,
  date_of_injury: '2024-02-29',
  crm_type: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-02T00:00:00.000Z',
  documents_count: 0,
};

describe('case form validation', () => {
  it('given an empty form, when checked, then the case number is required', () => {
    expect(validateCaseForm(EMPTY_CASE_FORM)).toEqual({
      case_number: FORM_MESSAGES.caseNumberRequired,
    });
    expect(validateCaseForm({ ...EMPTY_CASE_FORM, case_number: '   ' })).toEqual({
      case_number: FORM_MESSAGES.caseNumberRequired,
    });
  });

  it('given dates that are not real days, when checked, then each date field says so', () => {
    const errors = validateCaseForm({
      ...EMPTY_CASE_FORM,
      case_number: 'A1',
      date_of_incident: '2023-02-29',
      date_of_injury: '03/01/2024',
    });
    expect(errors).toEqual({
      date_of_incident: FORM_MESSAGES.badDate,
      date_of_injury: FORM_MESSAGES.badDate,
    });
  });

  it('given real days and a case number, when checked, then there is nothing to fix', () => {
    expect(
      validateCaseForm({ ...EMPTY_CASE_FORM, case_number: 'A1', date_of_injury: '2024-02-29' }),
    ).toEqual({});
    // The shared year range holds here too.
    expect(
      validateCaseForm({ ...EMPTY_CASE_FORM, case_number: 'A1', date_of_injury: '1899-12-31' }),
    ).toEqual({ date_of_injury: FORM_MESSAGES.badDate });
  });
});

describe('case inputs', () => {
  it('given a new case, when mapped, then only filled-in fields are sent, trimmed', () => {
    const input = createInput({
      ...EMPTY_CASE_FORM,
      case_number: ' ADJ9 ',
      client_name: 'Lee',
      date_of_injury: '2024-01-05',
    });
    expect(input).toEqual({
      case_number: 'ADJ9',
      client_name: 'Lee',
      date_of_injury: '2024-01-05',
    });
    expect(checkVariables(CREATE_CASE_MUTATION, { company_id: 'co', input })).toEqual([]);
  });

  it('given an edit, when mapped, then only changed fields are sent and an emptied field is cleared', () => {
    const form = {
      ...formFromCase(CASE),
      name: 'Gonzalez v. Acme Corp',
      client_name: '',
      legal_case_status: 'Open ',
    };
    expect(updateInput(CASE, form)).toEqual({ name: 'Gonzalez v. Acme Corp', client_name: null });
  });

  it('given an edit that changes nothing, when mapped, then the input is empty', () => {
    expect(updateInput(CASE, formFromCase(CASE))).toEqual({});
  });
});

describe('server field issues', () => {
  it('given INVALID_INPUT issues, when mapped, then known fields get their message and the rest is kept apart', () => {
    expect(
      errorsFromIssues([
        { path: 'input.case_number', message: 'A case with this number already exists.' },
        { path: 'date_of_injury', message: 'Use YYYY-MM-DD.' },
        { path: 'company_id', message: 'Unknown company.' },
      ]),
    ).toEqual({
      fields: {
        case_number: 'A case with this number already exists.',
        date_of_injury: 'Use YYYY-MM-DD.',
      },
      other: ['Unknown company.'],
    });
  });

  it('given a GraphQL error carrying issues, when read, then the issues come out; other errors give none', () => {
    const error = new CombinedGraphQLErrors({
      errors: [
        {
          message: 'Some of the information entered is not valid.',
          extensions: {
            code: 'INVALID_INPUT',
            issues: [{ path: 'case_number', message: 'Taken.' }],
          },
        },
      ],
    });
    expect(readIssues(error)).toEqual([{ path: 'case_number', message: 'Taken.' }]);
    expect(readIssues(new Error('boom'))).toEqual([]);
  });
});
