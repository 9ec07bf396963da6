import { expect, test } from '@playwright/test';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { BUNDLE_PAGES } from '../integration/fixtures/bundle';
import { setUpCompany, signInThroughForm, startHost, type RunningHost } from './support/host';

let host: RunningHost;
test.beforeAll(async () => {
  host = await startHost();
  await setUpCompany(host.serverUrl);
});
test.afterAll(async () => {
  await host?.stop();
});

test('given a bundle picked for upload, when the pipeline has run, then its raw file shows three documents and the run stage by stage', async ({
  page,
}) => {
  await signInThroughForm(page, host);
  await page.getByRole('link', { name: 'Raw files' }).click();
  await page.getByLabel('Files to upload').setInputFiles([
    {
      name: 'gonzalez-bundle.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makeTextPdf(BUNDLE_PAGES)),
    },
  ]);
  await expect(page.getByTestId('count-total')).toHaveText('1', { timeout: 30_000 });
  await page.getByRole('button', { name: 'gonzalez-bundle.pdf', exact: true }).click();
  const drawer = page.locator('.bp6-drawer');
  const processing = page.getByRole('region', { name: 'Processing' });
  // The drawer follows the file while the pipeline works on it.
  await expect(processing.getByText('Splitting', { exact: false })).toBeVisible({
    timeout: 60_000,
  });
  await expect(drawer.getByText('Processed', { exact: true }).first()).toBeVisible();
  await expect(drawer.locator('dd', { hasText: /^3$/ })).toBeVisible();
  // The list behind the drawer caught up with the new status.
  await expect(
    page.getByRole('row', { name: /gonzalez-bundle/ }).getByText('Processed'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/raw-file-processed.png', fullPage: true });

  await processing.getByRole('button', { name: 'Process again' }).click();
  await expect(drawer.getByText('Splitting', { exact: false })).toBeVisible({ timeout: 60_000 });
  await expect(drawer.getByText('reprocess_requested')).toBeVisible();
});
