// Fields on California workers' compensation paper as firms receive it (issue 16): filled form
// boxes, "Re: Our client:" lines, notices mailed to the worker, claims examiners' signatures,
// carriers with "&" in their names, wrapped administrator names and "Insurer / Administrator" pairs.
import { describe, expect, it } from 'vitest';
import { extractFields } from './index';
import { openFormBoxes } from './ocr';

const NOW = new Date('2026-06-01T00:00:00Z');

describe('filled form boxes', () => {
  it('opens a box after a label and leaves tick boxes and empty boxes alone', () => {
    expect(openFormBoxes('Claim No.: [ 7731-WC-0042 ]')).toBe('Claim No.:   7731-WC-0042  ');
    expect(openFormBoxes('[X] Initial request  [ ] Resubmission')).toBe(
      '[X] Initial request  [ ] Resubmission',
    );
    expect(openFormBoxes('Claim No.: [ ]')).toBe('Claim No.: [ ]');
    expect(openFormBoxes('Expedited: [X]')).toBe('Expedited: [X]');
  });

  it('reads a lien form whose values sit in boxes', () => {
    const f = extractFields(
      [
        'NOTICE AND REQUEST FOR ALLOWANCE OF LIEN',
        'Case Number: [ ADJ 20481736 ]',
        'Injured Employee (Last, First, M.I.): [ Quintero, Beatriz L. ]',
        'Employer: [ Delta Breeze Cold Storage, LLC ]',
        'Insurance Carrier: [ Bayline Mutual Insurance Company ]',
        'Claims Administrator: [ Tri-County Risk Services ]',
        'Claim No.: [ BMI-60-114422 ]',
      ].join('\n'),
      NOW,
    );
    expect(f.adjNumbers).toEqual(['ADJ20481736']);
    expect(f.applicant).toBe('Quintero, Beatriz L.');
    expect(f.claimNumbers).toEqual(['BMI-60-114422']);
    expect(f.defendants).toEqual([
      'Delta Breeze Cold Storage, LLC',
      'Bayline Mutual Insurance Company',
      'Tri-County Risk Services',
    ]);
  });

  it('reads a progress report whose patient and claim boxes hold the values', () => {
    const f = extractFields(
      'Patient (Last, First, M.I.): [ Oyelaran, Tomasz ]\nClaim Number: [ 44 082217 WC ]\n',
      NOW,
    );
    expect(f.applicant).toBe('Oyelaran, Tomasz');
  });
});

describe('the worker on letters and notices', () => {
  it('takes the name after "Re: Our client:"', () => {
    const f = extractFields(
      'Bayline Mutual Insurance Company\nRe: Our client: Ferreira, Joaquim P.\nClaim No.: 55-2210\nDear Adjuster:',
      NOW,
    );
    expect(f.applicant).toBe('Ferreira, Joaquim P.');
  });

  it('takes the addressee of a benefit notice printed above the claim reference block', () => {
    const f = extractFields(
      [
        'Tri-County Risk Services',
        '88 Fulton Mall, Fresno, CA 93721',
        'March 3, 2025',
        'BEATRIZ L. QUINTERO',
        'Claim Number: TCR-0091-552',
        'Employer: Delta Breeze Cold Storage, LLC',
        'NOTICE OF TEMPORARY DISABILITY PAYMENT',
      ].join('\n'),
      NOW,
    );
    expect(f.applicant).toBe('BEATRIZ L. QUINTERO');
  });

  it('does not take a firm on the address line for the worker', () => {
    const f = extractFields(
      'Pruitt & Lowe LLP\nClaim No.: 55-2210\nEmployer: Delta Breeze Cold Storage, LLC',
      NOW,
    );
    expect(f.applicant).toBeNull();
  });
});

describe('every defendant', () => {
  it('names the administrator a claims examiner signs for', () => {
    const f = extractFields(
      'Employer: Delta Breeze Cold Storage, LLC\nWe will pay you $410.00 every two weeks.\nClaims Examiner, Tri-County Risk Services',
      NOW,
    );
    expect(f.defendants).toEqual(['Delta Breeze Cold Storage, LLC', 'Tri-County Risk Services']);
  });

  it('keeps "Fire & Casualty" inside one carrier’s name', () => {
    const f = extractFields(
      'Employer: Oak Flats Dairy\nInsurance Carrier: Sutter Fire & Casualty Company',
      NOW,
    );
    expect(f.defendants).toEqual(['Oak Flats Dairy', 'Sutter Fire & Casualty Company']);
  });

  it('joins an administrator’s name that wraps after "TPA" in a caption', () => {
    const f = extractFields(
      [
        'BEATRIZ L. QUINTERO,',
        '      Applicant,',
        '   vs.',
        'DELTA BREEZE COLD STORAGE, LLC; NORTH STAR TPA',
        'SERVICES, INC.,',
        '      Defendants.',
      ].join('\n'),
      NOW,
    );
    expect(f.defendants).toEqual([
      'DELTA BREEZE COLD STORAGE, LLC',
      'NORTH STAR TPA SERVICES, INC.',
    ]);
  });

  it('splits an "Insurer / Administrator" pair', () => {
    const f = extractFields(
      'Employer: Oak Flats Dairy\nInsurer/Administrator: Bayline Mutual Insurance Company / Tri-County Risk Services',
      NOW,
    );
    expect(f.defendants).toEqual([
      'Oak Flats Dairy',
      'Bayline Mutual Insurance Company',
      'Tri-County Risk Services',
    ]);
  });

  it('reads the carrier box of a DWC-1 claim form', () => {
    const f = extractFields(
      '9. Name of employer: Oak Flats Dairy\n13. Insurance carrier or self-insured administrator: Sutter Fire & Casualty Company',
      NOW,
    );
    expect(f.defendants).toEqual(['Oak Flats Dairy', 'Sutter Fire & Casualty Company']);
  });
});

describe('claim numbers printed in groups', () => {
  it.each([
    ['Claim No.: 05 448120 WC', ['05 448120 WC']],
    ['Claim Number: 0531 WC 22 0081771   Employer: Oak Flats Dairy', ['0531 WC 22 0081771']],
    ['Claim No.: [ 44 082217 WC ]', ['44 082217 WC']],
    ['Claim Nos.: 12345 WC, 55 66778', ['12345 WC', '55 66778']],
  ])('keeps %j as printed', (text, expected) => {
    expect(extractFields(text, NOW).claimNumbers).toEqual(expected);
  });

  it.each([
    ['Claim No.: 778812 Date of Injury: 01/02/2023', ['778812']],
    ['CLAIM NO.: 05123456 DOI 01/02/2023', ['05123456']],
    ['Claim Nos.: 111222333 444555666', ['111222333']],
  ])('does not run %j into what follows', (text, expected) => {
    expect(extractFields(text, NOW).claimNumbers).toEqual(expected);
  });
});
