import { expect, test } from '@playwright/test';
import { BUNDLE_NAME, uploadBundleAndOpenDrawer } from './support/bundle';
import { ADMIN, hostForSpec } from './support/host';

const spec = hostForSpec();

test('given a bundle picked for upload, when the pipeline has run, then its raw file shows three documents and the run stage by stage, "Process again" asks first and the uploader is notified', async ({
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

  // "Process again" asks first, saying what happens to the three documents; Cancel changes nothing.
  await processing.getByRole('button', { name: 'Process again' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(`Process “${BUNDLE_NAME}” again?`)).toBeVisible();
  await expect(confirm.getByText(/Its 3 current documents stay until the new run/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/process-again-confirm.png', fullPage: true });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(drawer.getByText('Reprocess requested')).toHaveCount(0);

  // Confirmed: the file runs again and its history names the person who asked.
  await processing.getByRole('button', { name: 'Process again' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Process again' }).click();
  await expect(drawer.getByText('Splitting', { exact: false })).toBeVisible({ timeout: 60_000 });
  const request = drawer.getByRole('row', { name: /Reprocess requested/ });
  await expect(request).toBeVisible();
  await expect(
    request.getByRole('cell', { name: `${ADMIN.first_name} ${ADMIN.last_name}` }),
  ).toBeVisible();
  await expect(request.getByText('LexDesk pipeline')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/process-again-history.png', fullPage: true });

  // Each finished run told the uploader, with a link that opens the raw file.
  await expect(drawer.getByText('Processed', { exact: true }).first()).toBeVisible({
    timeout: 60_000,
  });
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Notifications' }).click();
  const ready = page
    .getByRole('listitem')
    .filter({ hasText: `3 documents ready from "${BUNDLE_NAME}".` });
  await expect(ready).toHaveCount(2);
  await page.screenshot({
    path: 'test-results/screens/processing-notifications.png',
    fullPage: true,
  });
  await ready.first().getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/#\/raw-files\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: BUNDLE_NAME })).toBeVisible();
});
