/**
 * The CRM integrations screen against a loopback server that speaks Clio Manage API v4
 * (tests/support/fakeClio.ts): the built-in cases first, connecting Clio through the browser
 * round trip and the callback route, a sync now, the logs, settings and a request for a new CRM.
 */
import { expect, test } from '@playwright/test';
import { matterFixture, startFakeClio, type FakeClio } from '../support/fakeClio';
import { hostForSpec, signInThroughForm } from './support/host';

const SHOTS = 'test-results/screens';
let fake: FakeClio;

// Before the host starts: it passes these settings on to its server.
test.beforeAll(async () => {
  fake = await startFakeClio();
  fake.matters.push(matterFixture(1), matterFixture(2), matterFixture(3, { display_number: null }));
  process.env.CLIO_CLIENT_ID = fake.clientId;
  process.env.CLIO_CLIENT_SECRET = fake.clientSecret;
  process.env.CLIO_BASE_URL = fake.url;
});
const spec = hostForSpec();
test.afterAll(async () => {
  delete process.env.CLIO_CLIENT_ID;
  delete process.env.CLIO_CLIENT_SECRET;
  delete process.env.CLIO_BASE_URL;
  await fake?.close();
});

test('given an administrator, when Clio is connected and synced, then its cases come in and every call is in the logs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 950 });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'CRM integrations' }).click();
  await expect(page.getByText('LexDesk cases (built in)')).toBeVisible();
  await expect(page.getByText('No CRM connected')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/crm-integrations-empty.png` });

  // Out to the CRM's authorization page and back to the callback route.
  await page.getByRole('button', { name: 'Connect Clio Manage' }).click();
  await expect(page.getByText('Clio Manage is connected.')).toBeVisible();
  const row = page.getByRole('row', { name: /Clio Manage/ });
  await expect(row.getByText('Connected')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  expect(fake.tokenGrants).toEqual(['authorization_code']);

  await row.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Cases are being synced from the CRM.')).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByText('2 new, 0 updated, 1 without a case number')).toBeVisible({
      timeout: 1000,
    });
  }).toPass();
  const logs = page.getByRole('region', { name: 'Integration logs' });
  await expect(logs.getByRole('cell', { name: 'list cases' }).first()).toBeVisible();
  await expect(logs.getByRole('cell', { name: 'sign in' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/crm-integrations-connected.png`, fullPage: true });

  // Settings: a refused interval shows the server's message; a good one saves.
  const settings = page.getByLabel('Integration settings');
  await settings.getByLabel('Interval (minutes)').fill('2');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByText('Some of the information entered is not valid.')).toBeVisible();
  await settings.getByLabel('Interval (minutes)').fill('30');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByText('Settings saved.')).toBeVisible();
  await expect(row.getByText('Every 30 min')).toBeVisible();

  await page.getByRole('button', { name: 'Request a new CRM' }).click();
  await page.getByRole('dialog').getByLabel('Which CRM does your firm use?').fill('Filevine');
  await page.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('dialog').getByText(/Thank you/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/crm-integrations-request.png` });

  await page.getByRole('link', { name: 'Cases', exact: true }).click();
  await expect(page.getByText('WC-00002')).toBeVisible();
});

test('given a callback that fails, then the 500 screen shows', async ({ page }) => {
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'CRM integrations' }).click();
  await page.evaluate(() => {
    window.location.hash =
      '#/crm-integrations/callback?code=bad&state=bad&company_id=00000000-0000-4000-8000-000000000000';
  });
  await expect(page.getByText("We're experiencing a temporary issue.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/crm-callback-failed.png` });
});
