/**
 * Connecting provider two, SmartAdvocate, on the CRM integrations screen (issue 18), as the demo
 * company's administrator, against a loopback server speaking SmartAdvocate's documented sign-in
 * (tests/support/fakeSmartAdvocate.ts): a wrong password shows 'Authentication failed', the right
 * one connects and turns it on, and its toggle turns it off.
 */
import { expect, test } from '@playwright/test';
import { startFakeSmartAdvocate } from '../support/fakeSmartAdvocate';
import { openCrmIntegrations, passwordCrmHostForSpec, submitSignIn } from './support/passwordCrm';

const SHOTS = 'test-results/screens';

const spec = passwordCrmHostForSpec(startFakeSmartAdvocate);

test('given the administrator, when they sign in to SmartAdvocate, then a wrong password is refused with the spec message and the right one connects it', async ({
  page,
}) => {
  const { host, fake } = spec;
  await openCrmIntegrations(page, host);

  await page.getByRole('button', { name: 'Connect SmartAdvocate' }).click();
  const dialog = page.getByRole('dialog');
  await submitSignIn(dialog, {
    username: fake.username,
    password: 'not-the-password',
    addressLabel: 'SmartAdvocate address',
    address: fake.url,
  });
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
