/**
 * Where a signed-in person starts. The spec names no start screen, so each role starts on its
 * work (the choice is ours):
 * - paralegal and staff: "Needs review", the queue of documents that wait for a person;
 * - attorney: Notifications (documents on their cases reach them as notifications);
 * - administrators and everyone else: the document center.
 * A screen the person used last on this device (lastScreen.ts) wins over the role's start.
 *
 * A deep link opened while signed out comes back after sign-in (`returnPathOf`), but only as a
 * path inside the app: anything else is dropped, so a crafted link cannot send anyone elsewhere.
 */
import { isAppPath } from '../../../shared/routes';
import type { LegalUserTypeName } from '../../../shared/schemas/user';

export const NOTIFICATIONS_PATH = '/notifications';
export const REVIEW_PATH = '/review';
export const DOCUMENTS_PATH = '/documents';

const ROLE_LANDING: Record<LegalUserTypeName, string> = {
  paralegal: REVIEW_PATH,
  staff: REVIEW_PATH,
  attorney: NOTIFICATIONS_PATH,
  admin: DOCUMENTS_PATH,
};

export const DELIVERY_PROJECTS_PATH = '/projects';
/** The delivery navigation's screens (SideNav.tsx DELIVERY_NAV_SECTIONS lists the same). */
export const DELIVERY_PATHS: readonly string[] = ['/projects', '/requests', '/tasks', '/talent'];
/** Screens both products share. */
const SHARED_PATHS: readonly string[] = ['/notifications', '/profile', '/users', '/company'];

/**
 * The start screen of a product: the last screen used here when it belongs to that product,
 * else the role's (legal) or the projects list (delivery).
 */
export function startPathFor(
  product: 'legal' | 'delivery',
  legalUserType: LegalUserTypeName | null | undefined,
  last: string | null,
): string {
  if (product === 'delivery') {
    return last && (DELIVERY_PATHS.includes(last) || SHARED_PATHS.includes(last))
      ? last
      : DELIVERY_PROJECTS_PATH;
  }
  return last && !DELIVERY_PATHS.includes(last) ? last : roleLanding(legalUserType);
}

export function roleLanding(legalUserType: LegalUserTypeName | null | undefined): string {
  return legalUserType ? ROLE_LANDING[legalUserType] : DOCUMENTS_PATH;
}

/** Screens a deep link may not come back to: they are the way in, not a place to land. */
const ENTRY_PATHS = new Set(['/', '/sign-in', '/setup']);
const MAX_RETURN_PATH = 1000;

/**
 * The in-app path (pathname plus query) to return to after sign-in, or null. Accepts only a
 * single leading slash, then URL path and query characters: no scheme, no `//host`, no
 * backslash, no fragment, no control characters or spaces.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_RETURN_PATH) return null;
  if (!/^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/.test(raw)) return null;
  const pathname = raw.split('?', 1)[0] ?? '';
  if (ENTRY_PATHS.has(pathname.replace(/\/+$/, '') || '/')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  // An encoded slash or backslash could still become `//host` or `/\host` further on.
  if (/^\/[/\\]/.test(decoded) || decoded.includes('\\')) return null;
  // Only a screen the app has (the routes' one home), never an arbitrary path.
  return isAppPath(raw) ? raw : null;
}

/** The router location state that carries a signed-out deep link to the sign-in screen. */
export interface ReturnState {
  from: string;
}

export function returnPathOf(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('from' in state)) return null;
  return safeReturnPath(state.from);
}
