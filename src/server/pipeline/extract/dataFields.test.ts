import { describe, expect, it } from 'vitest';
import { extractDataFields, labelWords } from './dataFields';

const FORM = `REQUEST FOR AUTHORIZATION (DWC Form RFA)
Employee Name: Maria Gonzalez            Date of Birth: 04/12/1978
Employer:      Acme Warehousing Inc.
Claim Number:  05-123456-7               Date of Injury: 03/15/2023
Requesting Physician Name: Dr. Alan Lee
Body part(s): lumbar spine
Treatment
Requested: MRI lumbar spine without contrast
Insurance  Carrier : Zenith Insurance Company
Adjuster's Name:
   Jane Roe
Phone #: (800) 555-0100`;

describe('labelWords', () => {
  it.each([
    ['employer_name', ['employer', 'name']],
    ['Employer Name', ['employer', 'name']],
    ['employerName', ['employer', 'name']],
    ['claim_#', ['claim', '#']],
    ['  Date of Injury ', ['date', 'of', 'injury']],
  ])('%j → %j', (s, words) => {
    expect(labelWords(s)).toEqual(words);
  });
});

describe('extractDataFields', () => {
  it.each([
    ['Employee Name', 'employee_name', 'Maria Gonzalez'],
    ['Date of Birth', 'date_of_birth', '04/12/1978'],
    ['Employer Name', 'employer_name', 'Acme Warehousing Inc.'],
    ['Claim Number', 'claim_number', '05-123456-7'],
    ['Claim No', 'claim_no', '05-123456-7'],
    ['Date of Injury', 'doi_text', '03/15/2023'],
    ['Requesting Physician', 'requesting_physician', 'Dr. Alan Lee'],
    ['Body Parts', 'body_part', 'lumbar spine'],
    ['Treatment Requested', 'treatment_requested', 'MRI lumbar spine without contrast'],
    ['Insurance Carrier', 'insurance_carrier', 'Zenith Insurance Company'],
    ['Adjuster Name', 'adjuster_name', 'Jane Roe'],
    ['Phone Number', 'phone_number', '(800) 555-0100'],
  ])('reads %s (%s)', (dataField, variable, expected) => {
    expect(extractDataFields(FORM, [{ dataField, variable }])).toEqual({ [variable]: expected });
  });

  it('reads by the variable name when the data field wording differs', () => {
    const fields = [{ dataField: 'Who the patient is', variable: 'employee_name' }];
    expect(extractDataFields(FORM, fields)).toEqual({ employee_name: 'Maria Gonzalez' });
  });

  it('returns null for a field with no label in the text', () => {
    const fields = [
      { dataField: 'Hearing Date', variable: 'hearing_date' },
      { dataField: 'Employer Name', variable: 'employer_name' },
    ];
    expect(extractDataFields(FORM, fields)).toEqual({
      hearing_date: null,
      employer_name: 'Acme Warehousing Inc.',
    });
  });

  it('prefers a label that opens a line over one inside a line', () => {
    const text = 'Employer Name: Acme Inc.\nName: Maria Gonzalez';
    expect(extractDataFields(text, [{ dataField: 'Name', variable: 'name' }])).toEqual({
      name: 'Maria Gonzalez',
    });
  });

  it('falls back to a label inside a line', () => {
    const text = 'Re: file   Employer Name: Acme Inc.';
    expect(extractDataFields(text, [{ dataField: 'Name', variable: 'name' }])).toEqual({
      name: 'Acme Inc.',
    });
  });

  it('does not match a label that is part of a longer word', () => {
    const text = 'Subemployer: Other Co.\nEmployer: Acme Inc.';
    expect(extractDataFields(text, [{ dataField: 'Employer', variable: 'employer' }])).toEqual({
      employer: 'Acme Inc.',
    });
  });

  it('needs a colon after a label that is not a number label', () => {
    const text = 'The employer name is withheld.';
    expect(extractDataFields(text, [{ dataField: 'Employer Name', variable: 'e' }])).toEqual({
      e: null,
    });
  });

  it('handles an empty field list and empty text', () => {
    expect(extractDataFields(FORM, [])).toEqual({});
    expect(extractDataFields('', [{ dataField: 'Employer', variable: 'employer' }])).toEqual({
      employer: null,
    });
  });
});
