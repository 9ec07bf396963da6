import { describe, expect, it } from 'vitest';
import {
  checkInput,
  createInputOf,
  EMPTY_REQUEST_FORM,
  errorsOf,
  updateInputOf,
} from './requestForm';
import { isStale } from './requestTypes';

const ME = '11111111-1111-4111-8111-111111111111';
const PROJECT = '22222222-2222-4222-8222-222222222222';
const COMPANY = '33333333-3333-4333-8333-333333333333';

describe('request form', () => {
  it('names the one missing field of a create with the server schema words', () => {
    const form = {
      ...EMPTY_REQUEST_FORM,
      description: 'd',
      project_id: PROJECT,
      request_type_id: '1',
    };
    const input = createInputOf(form, { created_by: ME, company_id: COMPANY, sourcing: false });
    expect(errorsOf(checkInput('create', input))).toEqual({ title: 'title is required.' });
  });

  it('sends the job fields (compensation in cents) only for a sourcing type', () => {
    const form = {
      ...EMPTY_REQUEST_FORM,
      title: 't',
      description: 'd',
      project_id: PROJECT,
      request_type_id: '4',
      employment_type: 'contract',
      compensation: '85.50',
    };
    const sourcing = createInputOf(form, { created_by: ME, company_id: COMPANY, sourcing: true });
    expect(sourcing).toMatchObject({ employment_type: 'contract', compensation: 8550 });
    expect(checkInput('create', sourcing)).toEqual([]);
    const plain = createInputOf(form, { created_by: ME, company_id: COMPANY, sourcing: false });
    expect(plain).not.toHaveProperty('employment_type');
    expect(updateInputOf(form, true)).toMatchObject({
      candidate_min_exp: null,
      compensation: 8550,
    });
  });

  it('puts server issues on their fields', () => {
    expect(errorsOf([{ path: 'input.delivery_date', message: 'm' }])).toEqual({
      delivery_date: 'm',
    });
  });
});

describe('request type cache', () => {
  it('keeps the list 3600 seconds', () => {
    expect(isStale(null, 0)).toBe(true);
    expect(isStale(0, 3_599_999)).toBe(false);
    expect(isStale(0, 3_600_000)).toBe(true);
  });
});
