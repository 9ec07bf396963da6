/**
 * The link an admin copies for an invitee: this app's own address with the accept screen's route
 * (`#/invitation/<token>`), whatever route the admin is on now.
 */
export const INVITATION_ROUTE = 'invitation';

export function invitationLink(currentHref: string, token: string): string {
  const url = new URL(currentHref);
  url.hash = `#/${INVITATION_ROUTE}/${encodeURIComponent(token)}`;
  url.search = '';
  return url.toString();
}
