/**
 * Requests on the demo data set (issue 19): the project manager creates a request — a missing
 * title is named first — adds a delivery to it, and finds it with its delivery in their list; the
 * customer finds the company's seeded requests in theirs.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoHostForSpec, signInToDemo } from './support/demo';

const SHOTS = '/tmp/requests-shots';
const TITLE = 'Push notifications for late deliveries';

const demo = demoHostForSpec();
const signIn = (page: Page, email: string) => signInToDemo(page, demo.host, email);

test('given the PM, when they create a request and add a delivery, then the list shows it with its delivery', async ({
  page,
}) => {
  await signIn(page, 'pm@northwind.example');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Requests' })
    .click();
  const list = page.getByRole('table', { name: 'Project manager requests' });
  await expect(list.getByRole('link', { name: /Senior Android developer/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/pm-list.png` });

  await page.getByRole('button', { name: 'New request' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Description').fill('Tell dispatchers when a delivery runs late.');
  await dialog
    .getByLabel('Project')
    .selectOption({ label: 'Fleet tracking portal (Lakeside Logistics)' });
  await dialog.getByLabel('Request type').selectOption({ label: 'Feature' });
  await dialog.getByRole('button', { name: 'Create request' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to add request: title is required.');
  await page.screenshot({ path: `${SHOTS}/create-missing-title.png` });

  await dialog.getByLabel('Title').fill(TITLE);
  await dialog.getByRole('button', { name: 'Create request' }).click();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();

  const delivery = page.getByLabel('Delivery', { exact: true });
  await delivery.getByRole('button', { name: 'Add delivery' }).click();
  await delivery.getByLabel('Title').fill('Notifications 1.0');
  await delivery.getByLabel('Estimated delivery date').fill('2027-05-20');
  await delivery.getByRole('button', { name: 'Save delivery' }).click();
  await expect(delivery.getByText('Notifications 1.0')).toBeVisible();
  await expect(delivery.getByText('Estimated: 2027-05-20')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/detail-with-delivery.png` });

  await page.getByRole('link', { name: 'Requests' }).first().click();
  const row = list.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText('Notifications 1.0 · est. 2027-05-20');
  await page.screenshot({ path: `${SHOTS}/pm-list-after.png` });
});

test("given the customer, then their list holds the company's requests and not the PM's", async ({
  page,
}) => {
  await signIn(page, 'owner@lakeside.example');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Requests' })
    .click();
  const list = page.getByRole('table', { name: 'Customer requests' });
  await expect(list.getByRole('link', { name: 'Invoices show the wrong VAT rate' })).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: 'Driver app 1.1' })).toBeVisible();
  await expect(list.getByText(/Senior Android developer/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/customer-list.png` });
});
