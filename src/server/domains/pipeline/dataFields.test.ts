import { describe, expect, it } from 'vitest';
import { extractCompanyData } from './dataFields';

const FIELDS = [
  { id: 'f1', dataField: 'Employer Name', variable: 'employer_name' },
  { id: 'f2', dataField: 'Policy Number', variable: 'policy_number' },
];

describe('extractCompanyData', () => {
  it('given a labelled value and an LLM value, then the label wins and the LLM fills only the missing field', () => {
    const values = extractCompanyData('Employer Name: Sunrise Packing\nOther text', FIELDS, {
      employer_name: 'Something Else',
      policy_number: 'WC-778',
    });
    expect(values).toEqual([
      { fieldId: 'f1', dataField: 'Employer Name', value: 'Sunrise Packing' },
      { fieldId: 'f2', dataField: 'Policy Number', value: 'WC-778' },
    ]);
  });

  it('given no LLM values, then a missing field is null', () => {
    expect(extractCompanyData('nothing here', FIELDS).map((v) => v.value)).toEqual([null, null]);
  });
});
