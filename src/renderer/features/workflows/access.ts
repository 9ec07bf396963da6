/**
 * Who sees the workflow screens: the people who decide what happens to a firm's documents, the
 * company's administrators and its attorneys (legal_user_type admin or attorney), and anyone who
 * manages the company. Paralegals and staff work the review queue instead. The server decides
 * what each call may do; this only keeps the navigation to the people the screens are for.
 */
import type { LegalUserTypeName } from '../../../shared/schemas/user';

const WORKFLOW_ROLES: ReadonlySet<LegalUserTypeName> = new Set(['admin', 'attorney']);

export function canUseWorkflows(
  viewer: {
    user: { legal_user_type?: LegalUserTypeName | null };
    can_manage_company: boolean;
  } | null,
): boolean {
  if (!viewer) return false;
  if (viewer.can_manage_company) return true;
  const role = viewer.user.legal_user_type;
  return role ? WORKFLOW_ROLES.has(role) : false;
}
