/**
 * Connecting provider three, ContactsLaw, on the CRM integrations screen (issue 18), as the demo
 * company's administrator, against a loopback server speaking ContactsLaw's documented REST API
 * (tests/support/fakeContactsLaw.ts): a wrong password shows 'Failed to authenticate', the right
 * one connects and turns it on, a sync brings the member's matters in, and its on/off
 * (update-data-management) turns it off and on again.
 */
import { expect, test } from '@playwright/test';
import { startFakeContactsLaw } from '../support/fakeContactsLaw';
import { openCrmIntegrations, passwordCrmHostForSpec, submitSignIn } from './support/passwordCrm';

const SHOTS = 'test-results/screens';

const matter = (id: number, fileNumber: string, flags: { IsClosed?: boolean } = {}) => ({
  Client: id * 10,
  File: id,
  Matter: `Purchase of ${id} Harbour Lane`,
  CreatedDate: '2026-02-01T00:00:00',
  MgrSupr: 'JS/AB',
  Unbilled: 0,
  Trust: 0,
  Debtors: 0,
  Disbs: 0,
  IsClosed: flags.IsClosed ?? false,
  IsActive: !flags.IsClosed,
  IsArchived: false,
  FileNumber: fileNumber,
  FileAs: `Client ${id}`,
});

const spec = passwordCrmHostForSpec(startFakeContactsLaw, (fake) => {
  fake.files.push(matter(1, 'CLE2E-0001'), matter(2, 'CLE2E-0002', { IsClosed: true }));
});

test('given the administrator, when they sign in to ContactsLaw, then a wrong password is refused with the spec message, the right one connects it, a sync brings the matters in and it turns off and on', async ({
  page,
}) => {
  const { host, fake } = spec;
  await openCrmIntegrations(page, host);

  await page.getByRole('button', { name: 'Connect ContactsLaw' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await submitSignIn(dialog, {
    username: fake.username,
    password: 'not-the-password',
    addressLabel: 'ContactsLaw server address',
    address: fake.url,
  });
  await expect(dialog.getByRole('alert')).toHaveText('Failed to authenticate');
  await expect(dialog.getByLabel('Password')).toHaveValue('');
  await page.screenshot({ path: `${SHOTS}/crm-contactslaw-refused.png`, fullPage: true });

  await dialog.getByLabel('Password').fill(fake.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Integrations' }).getByRole('row', {
    name: /ContactsLaw/,
  });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.locator('.ld-crm-active')).toContainText('Cases come from ContactsLaw');
  await expect(page.getByRole('button', { name: 'Reconnect ContactsLaw' })).toBeVisible();

  await row.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Cases are being synced from the CRM.')).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toContainText('2 new, 0 updated, 0 without a case number', {
      timeout: 1000,
    });
  }).toPass();
  await page.screenshot({ path: `${SHOTS}/crm-contactslaw-connected.png`, fullPage: true });

  await row.getByRole('button', { name: 'Turn off' }).click();
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  await expect(page.locator('.ld-crm-active')).toContainText('LexDesk cases (built in)');
  await row.getByRole('button', { name: 'Turn on' }).click();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(page.locator('.ld-crm-active')).toContainText('Cases come from ContactsLaw');
});
