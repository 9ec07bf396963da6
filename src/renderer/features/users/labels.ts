/** Display names of the user types (spec section 6 roles). */
import type { LegalUserType, UserType } from './operations';

export const USER_TYPE_LABELS: Record<UserType, string> = {
  customer: 'Customer',
  user: 'User',
  project_manager: 'Project manager',
  tech_lead: 'Tech lead',
  qa: 'QA',
  developer: 'Developer',
  talent: 'Talent',
  internal_manager: 'Internal manager',
  internal_admin: 'Internal admin',
};

export const LEGAL_USER_TYPE_LABELS: Record<LegalUserType, string> = {
  admin: 'Admin',
  attorney: 'Attorney',
  paralegal: 'Paralegal',
  staff: 'Staff',
};
