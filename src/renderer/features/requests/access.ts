/**
 * Who does what on the request screens (the server decides; these only hide what it would
 * refuse). Everyone of the delivery side sees requests (the server keeps each to their reach);
 * talent (tech leads, QA, developers) work on requests but do not raise them.
 */
import type { UserTypeName } from '../../../shared/schemas/user';

const TALENT: readonly UserTypeName[] = ['tech_lead', 'qa', 'developer', 'talent'];

export function canRaiseRequests(userType: UserTypeName | null | undefined): boolean {
  return userType !== null && userType !== undefined && !TALENT.includes(userType);
}
