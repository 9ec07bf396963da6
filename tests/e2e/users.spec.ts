/**
 * The Users screen as an administrator (issue 15 item 15): invite by email and copy the one-time
 * link, accept it in a fresh browser context (signed in as the new person), change a role,
 * deactivate (the person's session ends) and reactivate, and the last admin cannot remove themselves.
 */
import { expect, test, type Page } from '@playwright/test';
import { PRODUCT_ERRORS } from '../../src/shared/errors';
import { ADMIN, graphql, signInThroughForm, hostForSpec } from './support/host';

const SHOTS = '/tmp/people-shots';

const spec = hostForSpec();

async function openUsers(page: Page) {
  await signInThroughForm(page, spec.host);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
}

/** A colleague who joined through an invitation made with the API; returns their session. */
async function colleague(first: string, last: string, email: string, role: string) {
  const invited = await graphql<{ inviteUser: { token: string } }>(
    spec.host.serverUrl,
    'mutation($c: ID!, $e: String!, $r: LegalUserType!) { inviteUser(company_id: $c, email: $e, legal_user_type: $r) { token } }',
    { c: spec.companyId, e: email, r: role },
    spec.token,
  );
  const accepted = await graphql<{ acceptInvitation: { token: string } }>(
    spec.host.serverUrl,
    'mutation($i: AcceptInvitationInput!) { acceptInvitation(input: $i) { token } }',
    {
      i: {
        token: invited.inviteUser.token,
        first_name: first,
        last_name: last,
        password: 'a long password',
      },
    },
  );
  return accepted.acceptInvitation.token;
}

test('given an administrator, when inviting by email, then the copied one-time link opens in a fresh browser, the invitee sets name and password and is signed in', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openUsers(page);
  await page.getByRole('button', { name: 'Invite person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a person' });
  await dialog.getByLabel('Email').fill('not an email');
  await dialog.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();
  await dialog.getByLabel('Email').fill(ADMIN.email);
  await dialog.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(PRODUCT_ERRORS.INVITEE_ALREADY_ACTIVE);

  await dialog.getByLabel('Email').fill('nora.quill@harborvine.test');
  await dialog.getByLabel('Role').selectOption('attorney');
  await dialog.getByRole('button', { name: 'Create invitation link' }).click();
  const linkField = dialog.getByLabel('Invitation link');
  await expect(linkField).toHaveValue(/#\/invitation\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.screenshot({ path: `${SHOTS}/invite-link.png` });
  await dialog.getByRole('button', { name: 'Done' }).click();

  const fresh = await browser.newContext();
  const invitee = await fresh.newPage();
  // The link names the admin's own address; pasted into the invitee's sign-in screen it opens too.
  const { origin, pathname } = new URL(link);
  await invitee.goto(`${origin}${pathname}`);
  await invitee.getByRole('button', { name: 'Have an invitation link?' }).click();
  const pasted = invitee.getByLabel('Invitation link');
  await pasted.fill('https://admins-desktop.invalid/#/invitation/cut-off');
  await invitee.getByRole('button', { name: 'Open invitation' }).click();
  await expect(invitee.getByText('This invitation link is not complete.')).toBeVisible();
  await pasted.fill(link.replace(origin, 'https://admins-desktop.invalid'));
  await invitee.getByRole('button', { name: 'Open invitation' }).click();
  await expect(invitee.getByRole('heading', { name: `Join ${ADMIN.company_name}` })).toBeVisible();
  await expect(
    invitee.getByText('invited as Attorney with nora.quill@harborvine.test'),
  ).toBeVisible();
  await invitee.getByLabel('First name').fill('Nora');
  await invitee.getByLabel('Last name').fill('Quill');
  await invitee.getByLabel('Password', { exact: true }).fill('nora has a password');
  await invitee.getByLabel('Confirm password').fill('nora has a different one');
  await invitee.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(invitee.getByText(PRODUCT_ERRORS.PASSWORDS_DIFFER)).toBeVisible();
  await invitee.getByLabel('Confirm password').fill('nora has a password');
  await invitee.screenshot({ path: `${SHOTS}/accept-invitation.png` });
  await invitee.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(invitee.getByRole('button', { name: 'Account: Nora Quill' })).toBeVisible();
  await invitee.screenshot({ path: `${SHOTS}/invitee-signed-in.png` });

  // One-time: the same link now says it was used.
  await invitee.goto(link);
  await expect(invitee.getByRole('alert')).toHaveText(PRODUCT_ERRORS.INVITATION_INVALID);
  await invitee.screenshot({ path: `${SHOTS}/invitation-used.png` });
  await fresh.close();
});

test('given an administrator, when changing a role, deactivating and reactivating a colleague, then each takes effect on the server and the last admin cannot deactivate themselves', async ({
  page,
}) => {
  const samToken = await colleague('Sam', 'Staffer', 'sam.staffer@harborvine.test', 'staff');
  await openUsers(page);
  const samRow = page.getByRole('row').filter({ hasText: 'sam.staffer@harborvine.test' });

  await page.getByLabel('Role of Sam Staffer').selectOption('paralegal');
  await expect
    .poll(async () => {
      const data = await graphql<{
        usersByCompany: Array<{ email: string; legal_user_type: string }>;
      }>(
        spec.host.serverUrl,
        'query($c: ID!) { usersByCompany(company_id: $c) { email legal_user_type } }',
        { c: spec.companyId },
        spec.token,
      );
      return data.usersByCompany.find((u) => u.email === 'sam.staffer@harborvine.test')
        ?.legal_user_type;
    })
    .toBe('paralegal');

  await page.getByRole('button', { name: 'Deactivate Sam Staffer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(samRow.getByText('Deactivated')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/deactivated.png` });
  // Sam's session ended at once.
  const afterDeactivation = await fetch(`${spec.host.serverUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${samToken}` },
    body: JSON.stringify({ query: '{ unreadNotificationCount }' }),
  });
  const body = (await afterDeactivation.json()) as {
    errors?: Array<{ extensions?: { code?: string } }>;
  };
  expect(body.errors?.[0]?.extensions?.code).toBe('SESSION_EXPIRED');

  await page.getByRole('button', { name: 'Reactivate Sam Staffer' }).click();
  await expect(page.getByRole('button', { name: 'Deactivate Sam Staffer' })).toBeVisible();
  await expect(samRow.getByText('Deactivated')).toHaveCount(0);

  // The only admin cannot remove themselves.
  const adminName = `${ADMIN.first_name} ${ADMIN.last_name}`;
  await page.getByRole('button', { name: `Deactivate ${adminName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: PRODUCT_ERRORS.LAST_ADMIN }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel(`Role of ${adminName}`).selectOption('attorney');
  await expect(
    page.getByRole('alert').filter({ hasText: PRODUCT_ERRORS.LAST_ADMIN }),
  ).toBeVisible();
  await expect(page.getByLabel(`Role of ${adminName}`)).toHaveValue('admin');
  await page.screenshot({ path: `${SHOTS}/last-admin.png` });
});

test('given a paralegal, when opening Users, then the list is read-only: no invite, no role or access controls', async ({
  page,
}) => {
  await colleague('Pia', 'Reader', 'pia.reader@harborvine.test', 'paralegal');
  await signInThroughForm(page, spec.host, 'pia.reader@harborvine.test', 'a long password');
  await expect(page.getByRole('button', { name: 'Account: Pia Reader' })).toBeVisible();
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(
    page.getByRole('row').filter({ hasText: 'pia.reader@harborvine.test' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite person' })).toHaveCount(0);
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Deactivate / })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/paralegal-read-only.png` });
});
