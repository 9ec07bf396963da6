import { expect, test } from '@playwright/test';
import { graphql, signInThroughForm, hostForSpec } from './support/host';

const spec = hostForSpec();

test.beforeEach(async ({ page }) => {
  await signInThroughForm(page, spec.host);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

test('given an administrator, when the company name is changed, then the new name is saved and shown', async ({
  page,
}) => {
  await page.getByRole('link', { name: /company settings/i }).click();
  const name = page.getByLabel('Company name');
  await name.fill('Harbor, Vine & Partners');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Harbor, Vine & Partners').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/company-settings.png', fullPage: true });
  const data = await graphql<{ viewer: { company: { name: string } } }>(
    spec.host.serverUrl,
    '{ viewer { company { name } } }',
    {},
    spec.token,
  );
  expect(data.viewer.company.name).toBe('Harbor, Vine & Partners');
});

test('given an administrator, when a text file posing as a PNG is chosen as the icon, then it is refused with the spec message', async ({
  page,
}) => {
  await page.getByRole('link', { name: /company settings/i }).click();
  await page.getByLabel('Company icon').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not an image at all, just text pretending to be one'),
  });
  await expect(page.getByText('Invalid file type or format')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/company-icon-refused.png', fullPage: true });
});
