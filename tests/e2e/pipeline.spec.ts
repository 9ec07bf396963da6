import { expect, test } from '@playwright/test';
import { uploadBundleAndOpenDrawer } from './support/bundle';
import { hostForSpec } from './support/host';

const spec = hostForSpec();

test('given a bundle picked for upload, when the pipeline has run, then its raw file shows three documents and the run stage by stage', async ({
  page,
}) => {
  await uploadBundleAndOpenDrawer(page, spec.host);
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
