/**
 * Connecting provider two, SmartAdvocate, on the CRM integrations screen (issue 18), as the demo
 * company's administrator, against a loopback server speaking SmartAdvocate's documented sign-in
 * (tests/support/fakeSmartAdvocate.ts): a wrong password shows 'Authentication failed', the right
 * one connects and turns it on, and its toggle turns it off.
 */
import { expect, test, type Page } from '@playwright/test';
import { startFakeSmartAdvocate, type FakeSmartAdvocate } from '../support/fakeSmartAdvocate';
import { startHost, type RunningHost } from './support/host';

const SHOTS = 'test-results/screens';

let host: RunningHost;
let fake: FakeSmartAdvocate;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await startFakeSmartAdvocate();
  host = await startHost({ demo: true, env: { CRM_ALLOWED_BASE_URLS: fake.url } });
});
test.afterAll(async () => {
  await host?.stop();
  await fake?.close();
});

async function signIn(page: Page, email: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('demo1234!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('company-name')).toBeVisible();
}

test('given the administrator, when they sign in to SmartAdvocate, then a wrong password is refused with the spec message and the right one connects it', async ({
  page,
}) => {
  await signIn(page, 'admin@harborvine.example');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'CRM integrations' })
    .click();
  await expect(page.getByRole('heading', { name: 'CRM integrations' })).toBeVisible();

  await page.getByRole('button', { name: 'Connect SmartAdvocate' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email or user name').fill(fake.username);
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByLabel('SmartAdvocate address').fill(fake.url);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Authentication failed');
  await expect(dialog.getByLabel('Password')).toHaveValue('');
  await page.screenshot({ path: `${SHOTS}/crm-smartadvocate-refused.png`, fullPage: true });

  await dialog.getByLabel('Password').fill(fake.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Integrations' }).getByRole('row', {
    name: /SmartAdvocate/,
  });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.locator('.ld-crm-active')).toContainText('Cases come from SmartAdvocate');
  await expect(page.getByRole('button', { name: 'Reconnect SmartAdvocate' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/crm-smartadvocate-connected.png`, fullPage: true });

  await row.getByRole('button', { name: 'Turn off' }).click();
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  await expect(page.locator('.ld-crm-active')).toContainText('LexDesk cases (built in)');
});
