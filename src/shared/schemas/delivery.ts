/**
 * Inputs of the delivery side (talent, projects, tech stacks, environments), checked at the
 * server's boundary and by the renderer's forms. Money is integer cents.
 */
import { z } from 'zod';
import { int32, text, uuid } from './input';

/** A serial id (talent type, tech stack, request type) as GraphQL sends it: digits. */
export const serialId = () =>
  z
    .union([
      z.string().regex(/^[1-9]\d{0,8}$/, 'Must be an id.'),
      z.number().int().min(1).max(2_147_483_647),
    ])
    .transform((value) => Number(value));

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const link = () =>
  optionalText(500).refine(
    (value) => value === null || /^https?:\/\/\S+$/i.test(value),
    'Enter a link starting with http:// or https://.',
  );

export const talentInputSchema = z.object({
  user_profile_id: uuid(),
  talent_type_id: serialId(),
  linkedin_url: link(),
  pay_rate: int32(0)
    .nullish()
    .transform((value) => value ?? 0),
  hubstaff_id: optionalText(100),
  reporting_to: uuid()
    .nullish()
    .transform((value) => value ?? null),
});
export type TalentInput = z.output<typeof talentInputSchema>;

export const talentUpdateSchema = z.object({
  talent_type_id: serialId().optional(),
  linkedin_url: link().optional(),
  pay_rate: int32(0).optional(),
  hubstaff_id: optionalText(100).optional(),
  reporting_to: uuid().nullish(),
});
export type TalentUpdate = z.output<typeof talentUpdateSchema>;

export const projectInputSchema = z.object({
  name: text().trim().min(1, 'Enter a project name.').max(200),
  company_id: uuid(),
  tech_lead_id: uuid()
    .nullish()
    .transform((value) => value ?? null),
});
export type ProjectInput = z.output<typeof projectInputSchema>;

export const projectMemberSchema = z.object({
  project_id: uuid(),
  user_profile_id: uuid(),
  talent_type_id: serialId(),
});

export const referralSchema = z.object({
  project_id: uuid(),
  name: text().trim().min(1, 'Enter a name.').max(200),
  email: optionalText(320).refine(
    (value) => value === null || /^[^\s@]+@[^\s@]+$/.test(value),
    'Enter an email address.',
  ),
  profile_link: link(),
});

export const projectTechStackSchema = z.object({
  project_id: uuid(),
  tech_stack_id: serialId(),
  codebase: optionalText(500),
  access_token: optionalText(4000),
});

export const environmentInputSchema = z.object({
  environment: text().trim().min(1, 'Enter an environment.').max(100),
  branch: text().trim().min(1, 'Enter a branch.').max(200),
});
