import { describe, expect, it } from 'vitest';
import { fieldErrors } from './form-errors';
import { EMPTY_SET_UP_FORM, setUpFormSchema, toSetUpInput } from './setup-form';
import { PRODUCT_ERRORS } from '../../../shared/errors';

const GOOD = {
  ...EMPTY_SET_UP_FORM,
  company_name: '  Harbor & Vine LLP ',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'Ada@HarborVine.test',
  password: 'correct horse battery',
  confirm_password: 'correct horse battery',
};

describe('the first-run form', () => {
  it('given the empty form, when validated, then every required field has its own message', () => {
    const result = setUpFormSchema.safeParse(EMPTY_SET_UP_FORM);
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrors(result.error);
    expect(Object.keys(errors).sort()).toEqual([
      'company_name',
      'email',
      'first_name',
      'last_name',
      'password',
    ]);
    expect(errors['company_name']).toBe('Enter the company name.');
  });

  it('given passwords that differ, when validated, then the confirmation says so', () => {
    const result = setUpFormSchema.safeParse({ ...GOOD, confirm_password: 'something else' });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      confirm_password: PRODUCT_ERRORS.PASSWORDS_DIFFER,
    });
  });

  it('given a good form, when turned into the mutation input, then it is trimmed, the email lower-cased, the confirmation dropped', () => {
    const parsed = setUpFormSchema.parse(GOOD);
    expect(toSetUpInput(parsed)).toEqual({
      company_name: 'Harbor & Vine LLP',
      is_legal: true,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@harborvine.test',
      password: 'correct horse battery',
    });
  });

  it('given the legal-company box is left as it starts, then the company is created as legal', () => {
    expect(EMPTY_SET_UP_FORM.is_legal).toBe(true);
  });
});
