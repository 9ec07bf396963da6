/**
 * What a legal team, role, staff member or contact may hold (server inputs and the renderer's
 * forms), and the data extraction and activity type inputs. Names are trimmed; empty optional
 * text is stored as null.
 */
import { z } from 'zod';
import { text, uuid } from './input';

export const NAME_MAX = 200;

const name = (label: string) =>
  text()
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, `${label} is required.`)
        .max(NAME_MAX, `${label} is at most ${NAME_MAX} characters.`),
    );

/** Optional text: absent stays absent (no change), blank becomes null (cleared). */
const optionalText = (max = NAME_MAX) =>
  text()
    .transform((v) => v.trim())
    .pipe(z.string().max(max, `At most ${max} characters.`))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const email = text()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.email('Enter a valid email address.').max(320));

const optionalEmail = text()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.union([z.literal(''), z.email('Enter a valid email address.').max(320)]))
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** A CRM type as the company names it ("litify", "clio", "local"). */
export const crmTypeSchema = text()
  .transform((v) => v.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, 'The CRM type is required.')
      .max(100)
      .regex(/^[a-z0-9][a-z0-9_.-]*$/, 'A CRM type is letters, digits, "_", "-" or "." only.'),
  );

export const companyArgs = z.object({ company_id: uuid() });
export const idArgs = z.object({ id: uuid() });

export const createTeamInput = z.object({ company_id: uuid(), name: name('The team name') });
export const updateTeamInput = z.object({ id: uuid(), name: name('The team name') });

export const listRolesInput = z.object({ company_id: uuid(), legal_crm: crmTypeSchema.nullish() });
export const createRoleInput = z.object({
  company_id: uuid(),
  name: name('The role name'),
  legal_crm: crmTypeSchema,
  crm_role_convention: optionalText(),
});
export const updateRoleInput = z.object({
  id: uuid(),
  name: name('The role name').optional(),
  crm_role_convention: optionalText(),
});

const staffFields = {
  first_name: name('The first name'),
  last_name: name('The last name'),
  display_name: optionalText(),
  email,
  role_id: uuid().nullish(),
  legal_team_id: uuid().nullish(),
};
export const createStaffInput = z.object({ company_id: uuid(), ...staffFields });
export const updateStaffInput = z.object({
  id: uuid(),
  ...z.object(staffFields).partial().shape,
});

const contactFields = {
  name: optionalText(),
  first_name: optionalText(),
  last_name: optionalText(),
  display_name: optionalText(),
  primary_email: optionalEmail,
  contact_id: optionalText(),
  legal_team_id: uuid().nullish(),
  legal_role_id: uuid().nullish(),
  is_invited: z.boolean().optional(),
};
export const createContactInput = z.object({ company_id: uuid(), ...contactFields });
export const updateContactInput = z.object({ id: uuid(), ...contactFields });

export const staffConnectionInput = z.object({
  company_id: uuid(),
  legal_crm: crmTypeSchema.nullish(),
});
export const legalPeopleInput = z.object({
  company_id: uuid(),
  search: text().max(200).nullish(),
});

/** A data field's variable: snake_case, as the extractor and workflow templates name it. */
export const dataFieldVariableSchema = text()
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, 'The variable is required.')
      .max(100)
      .regex(/^[a-z][a-z0-9_]*$/, 'A variable is lower-case letters, digits and "_".'),
  );

/** "Employer Name" → "employer_name". */
export function variableOf(dataField: string): string {
  const words = dataField
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  const joined = words.join('_');
  return /^[a-z]/.test(joined) ? joined : `field_${joined}`;
}

export const createDataFieldInput = z.object({
  company_id: uuid(),
  data_field: name('The data field'),
  data_field_variable: dataFieldVariableSchema.nullish(),
  data_extraction_for_automation: z.boolean().nullish(),
});
export const dataFieldByNameInput = z.object({ company_id: uuid(), data_field: name('The name') });
export const linkDataFieldInput = z.object({ company_id: uuid(), data_field_id: uuid() });
export const toggleDataFieldInput = z.object({ id: uuid(), is_active: z.boolean() });
export const toggleAllDataFieldsInput = z.object({ company_id: uuid(), is_active: z.boolean() });

export const activityTypesInput = z.object({
  company_id: uuid(),
  crm_type: crmTypeSchema.nullish(),
  viewable_only: z.boolean().nullish(),
});
export const setActivityTypeViewableInput = z.object({ id: uuid(), is_viewable: z.boolean() });
