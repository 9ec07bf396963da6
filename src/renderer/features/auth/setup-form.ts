/** The first-run form: the shared set-up input plus the password confirmation the screen asks for. */
import { z } from 'zod';
import { setUpInputSchema } from '../../../shared/schemas';
import { PRODUCT_ERRORS } from '../../../shared/errors';

export const setUpFormSchema = setUpInputSchema
  .extend({ confirm_password: z.string() })
  .refine((form) => form.password === form.confirm_password, {
    path: ['confirm_password'],
    message: PRODUCT_ERRORS.PASSWORDS_DIFFER,
  });

export type SetUpForm = z.input<typeof setUpFormSchema>;

export const EMPTY_SET_UP_FORM: SetUpForm = {
  company_name: '',
  is_legal: true,
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  confirm_password: '',
};

/** The mutation input: the form without the confirmation, trimmed and normalised by the schema. */
export function toSetUpInput(form: z.output<typeof setUpFormSchema>) {
  const { confirm_password: _confirm, ...input } = form;
  return input;
}
