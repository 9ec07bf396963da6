/**
 * Sessions in the browser build (issue 15, items 14 and 16), in Chromium against the real host,
 * server and PostgreSQL: a deep link opened while signed out is where sign-in lands; a new tab
 * does not get the session of the tab that signed in (nor does a plain client of the bridge), and
 * signing in there signs the first tab out; a paralegal starts on "Needs review"; the side
 * navigation counts documents to review and unread notifications and follows changes.
 * Screenshots: /tmp/sessions-shots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { hashPassword } from '../../src/server/domains/auth/password';
import { hostWithDatabaseForSpec } from './support/host-database';
import { ADMIN, bridgeCall, graphql, windowKeyOf } from './support/host';

test.use({ viewport: { width: 1360, height: 860 } });

const SHOTS = '/tmp/sessions-shots';
const PARALEGAL = {
  email: 'pat@harborvine.test',
  password: 'paralegal password 7',
  first: 'Pat',
  last: 'Rivera',
};
const spec = hostWithDatabaseForSpec(seed);
const ids: Record<string, string> = {};

async function seed(): Promise<void> {
  ids.paralegal = (
    await spec.db.query<{ id: string }>(
      `INSERT INTO user_profile (company_id, email, first_name, last_name, user_type_id, legal_user_type, password_hash)
       VALUES ($1, $2, $3, $4, 2, 'paralegal', $5) RETURNING id`,
      [
        spec.companyId,
        PARALEGAL.email,
        PARALEGAL.first,
        PARALEGAL.last,
        await hashPassword(PARALEGAL.password),
      ],
    )
  ).rows[0]!.id;
  const raw = (
    await spec.db.query<{ id: string }>(
      `INSERT INTO raw_file (name, size, no_of_pages, status, company_id, created_at)
       VALUES ('morning-mail.pdf', 1000, 3, 'Processed', $1, '2026-01-01T08:00:00Z') RETURNING id`,
      [spec.companyId],
    )
  ).rows[0]!.id;
  const doc = async (name: string, at: string, reasons: string[]) =>
    (
      await spec.db.query<{ id: string }>(
        `INSERT INTO legal_processed_file
           (name, legal_raw_file_id, company_id, created_at, updated_at, separated_at, adj_number,
            start_page_no, end_page_no, action_status, content, is_exception, exception_reasons)
         VALUES ($1, $2, $3, $4, $4, $4, '{}', 1, 1, 'complete', '', $5, $6) RETURNING id`,
        [name, raw, spec.companyId, at, reasons.length > 0, reasons],
      )
    ).rows[0]!.id;
  ids.fax = await doc('Unknown fax (p. 1)', '2026-01-02T09:00:00Z', ['no_file_type']);
  ids.letter = await doc('Carrier letter (p. 2)', '2026-01-03T09:00:00Z', ['needs_case_number']);
  ids.done = await doc('Finished report (p. 3)', '2026-01-04T09:00:00Z', []);
}

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('given a deep link opened while signed out, when the person signs in, then the linked document opens', async ({
  page,
}) => {
  await page.goto(`${spec.host.url}/#/documents/${ids.letter}`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await fillSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(new RegExp(`#/documents/${ids.letter}$`));
  await expect(page.getByRole('heading', { name: 'Carrier letter (p. 2)' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/deep-link-after-sign-in.png` });
});

test('given a tab signed in, when a new tab opens the app or a plain client asks the bridge, then neither gets the session', async ({
  context,
  page,
}) => {
  await page.goto(spec.host.url);
  await fillSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('company-name')).toHaveText(ADMIN.company_name);

  const second = await context.newPage();
  await second.goto(spec.host.url);
  await expect(second.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(second.getByTestId('company-name')).toHaveCount(0);
  await second.screenshot({ path: `${SHOTS}/new-tab-signed-out.png` });

  // A local process with the page's bridge token: no token, no session-bearing service.
  expect(await bridgeCall(spec.host.url, 'session:load', {})).toEqual({ token: null });
  await expect(bridgeCall(spec.host.url, 'uploads:list', {})).rejects.toThrow(
    'WINDOW_NOT_SIGNED_IN',
  );
  expect(await bridgeCall(spec.host.url, 'session:load', {}, 'a-guessed-key')).toEqual({
    token: null,
  });
  // The tab that signed in keeps its session, a reload included.
  const key = await windowKeyOf(page);
  expect(key).toBeTruthy();
  expect(
    ((await bridgeCall(spec.host.url, 'session:load', {}, key)) as { token: string | null }).token,
  ).toEqual(expect.any(String));
  await page.reload();
  await expect(page.getByTestId('company-name')).toHaveText(ADMIN.company_name);

  // Signing in in the new tab signs the first one out, with a word why.
  await fillSignIn(second, ADMIN.email, ADMIN.password);
  await expect(second.getByTestId('company-name')).toHaveText(ADMIN.company_name);
  await expect(page.getByText('signed in from another browser window')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/first-tab-signed-out.png` });
  await second.close();
});

async function signInAsParalegal(page: Page): Promise<void> {
  await page.goto(spec.host.url);
  await fillSignIn(page, PARALEGAL.email, PARALEGAL.password);
  await expect(page.getByTestId('company-name')).toHaveText(ADMIN.company_name);
}

test('given a paralegal, when they sign in, then they land on Needs review', async ({ page }) => {
  await signInAsParalegal(page);
  await expect(page).toHaveURL(/#\/review$/);
  await expect(page.getByRole('heading', { name: 'Needs review' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/paralegal-lands-on-review.png` });
});

test('given documents to review and an unread notification, when signed in, then the side navigation counts them and follows changes', async ({
  page,
}) => {
  const { signIn } = await graphql<{ signIn: { token: string } }>(
    spec.host.serverUrl,
    'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { token } }',
    { email: PARALEGAL.email, password: PARALEGAL.password },
  );
  await graphql(
    spec.host.serverUrl,
    'mutation($input: CreateNotificationInput!) { createNotification(input: $input) { id } }',
    { input: { content: 'Morning mail was processed', receiver_id: ids.paralegal, redirect: '/' } },
    signIn.token,
  );

  await signInAsParalegal(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByTestId('nav-count-review')).toHaveText('2');
  await expect(nav.getByTestId('nav-count-notifications')).toHaveText('1');
  await page.screenshot({ path: `${SHOTS}/side-navigation-counts.png` });

  // Marking a document reviewed lowers the count at once.
  await nav.getByRole('link', { name: /Needs review/ }).click();
  await page.getByRole('button', { name: 'Mark Unknown fax (p. 1) reviewed' }).click();
  await expect(nav.getByTestId('nav-count-review')).toHaveText('1');

  // Work done elsewhere shows when the person moves to another screen.
  await spec.db.query('UPDATE legal_processed_file SET is_exception = false WHERE id = $1', [
    ids.letter,
  ]);
  await nav.getByRole('link', { name: 'Cases' }).click();
  await expect(nav.getByTestId('nav-count-review')).toHaveCount(0);
  await nav.getByRole('link', { name: /Notifications/ }).click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(nav.getByTestId('nav-count-notifications')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/counts-cleared.png` });
});
