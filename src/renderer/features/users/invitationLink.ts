/**
 * The link an admin copies for an invitee: this app's own address with the accept screen's route
 * (`#/invitation/<token>`), whatever route the admin is on now. The admin's address may be one only
 * their computer opens (the desktop's local host), so the invitee can also paste the link into
 * their own LexDesk's sign-in screen: `invitationTokenFrom` reads the token back out of it.
 */
import { invitationTokenSchema } from '../../../shared/schemas/user';

export const INVITATION_ROUTE = 'invitation';

export function invitationLink(currentHref: string, token: string): string {
  const url = new URL(currentHref);
  url.hash = `#/${INVITATION_ROUTE}/${encodeURIComponent(token)}`;
  url.search = '';
  return url.toString();
}

/**
 * The token of a pasted invitation link (any address ending in `#/invitation/<token>`) or of the
 * bare token; an error message (the schema's) when it holds none.
 */
export function invitationTokenFrom(text: string): { token: string } | { error: string } {
  const trimmed = text.trim();
  const inLink = new RegExp(`#/${INVITATION_ROUTE}/([^/?#\\s]+)`).exec(trimmed)?.[1];
  let candidate = trimmed;
  if (inLink !== undefined) {
    try {
      candidate = decodeURIComponent(inLink);
    } catch {
      candidate = inLink;
    }
  }
  const parsed = invitationTokenSchema.safeParse(candidate);
  return parsed.success
    ? { token: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'This invitation link is not complete.' };
}
