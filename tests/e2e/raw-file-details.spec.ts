/**
 * Raw-file details end to end, in Chromium against the real host, server, pipeline and
 * PostgreSQL: a real six-page bundle is uploaded through the app and split into a PR-2 (pages
 * 1–2), a QME report (3–5) and a proof of service (6). The drawer's "Open details" leads to the
 * page; its strip shows one cell per page grouped into the three documents with the boundaries
 * before pages 3 and 6, each in its folder's colour with type and page range; a document opens
 * its details. Screenshot: /tmp/h4-raw-file-details.png.
 */
import { expect, test } from '@playwright/test';
import { uploadBundleAndOpenDrawer } from './support/bundle';
import { hostForSpec } from './support/host';

test.use({ viewport: { width: 1440, height: 900 } });

const spec = hostForSpec();

test('given a bundle split in three, when its details open from the drawer, then the strip shows three documents with their boundaries and opens a document', async ({
  page,
}) => {
  await uploadBundleAndOpenDrawer(page, spec.host);
  await page.getByRole('link', { name: 'Open details' }).click();
  await expect(page).toHaveURL(/#\/raw-files\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'gonzalez-bundle.pdf' })).toBeVisible();

  // The page follows the pipeline until the documents are there.
  const strip = page.getByTestId('page-strip');
  await expect(strip.getByTestId('strip-document')).toHaveCount(3, { timeout: 90_000 });
  await expect(strip.locator('.ld-strip-cell')).toHaveCount(6);
  await expect(strip.getByTestId('strip-gap')).toHaveCount(0);
  const boundaries = strip.getByTestId('strip-boundary');
  await expect(boundaries).toHaveCount(2);
  expect(
    await boundaries.evaluateAll((items) => items.map((el) => el.getAttribute('data-page'))),
  ).toEqual(['3', '6']);
  const documents = strip.getByTestId('strip-document');
  expect(
    await documents.evaluateAll((items) =>
      items.map((el) => [el.getAttribute('data-start'), el.getAttribute('data-end')]),
    ),
  ).toEqual([
    ['1', '2'],
    ['3', '5'],
    ['6', '6'],
  ]);
  await expect(documents.nth(0)).toContainText('PR-2 Progress Report');
  await expect(documents.nth(0)).toContainText('pages 1–2');
  await expect(documents.nth(1)).toContainText('QME Report');
  await expect(documents.nth(2)).toContainText('Proof of Service');
  await expect(documents.nth(2)).toContainText('page 6');
  // Each document in its folder's colour (Medical #2d72d2, Medical-Legal #7961db).
  const colours = await documents.evaluateAll((items) =>
    items.map((el) => getComputedStyle(el).borderTopColor),
  );
  expect(colours[0]).toBe('rgb(45, 114, 210)');
  expect(colours[1]).toBe('rgb(121, 97, 219)');
  await expect(page.getByRole('region', { name: 'Processing' })).toContainText('Splitting');
  await expect(page.getByRole('region', { name: 'Log' }).locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/h4-raw-file-details.png', fullPage: true });

  await documents.nth(1).click();
  await expect(page).toHaveURL(/#\/documents\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-first-page-rendered', 'true', {
    timeout: 30_000,
  });
  await expect(
    page.getByRole('button', { name: /^Document type: Medical-Legal — QME Report/ }),
  ).toBeVisible();
});
