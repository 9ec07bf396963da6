/**
 * The raw-files screen follows the server live (issue 15 item 1), in Chromium against the real
 * host, server, pipeline and PostgreSQL: a bundle uploaded from "Raw files" while the person stays
 * there reaches "Processed" with its six pages in the list, and the status chips move from
 * Processing to Processed, with no reload and no drawer open (the list used to keep "Uploaded, 0
 * pages" until a reload). Screenshots: /tmp/live-shots/raw-files-live-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { BUNDLE_PAGES } from '../integration/fixtures/bundle';
import { hostForSpec, signInThroughForm } from './support/host';

test.use({ viewport: { width: 1440, height: 900 } });

const spec = hostForSpec();
const SHOTS = '/tmp/live-shots';

/** Marks the loaded page; a reload (or a new document) loses the mark. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMark?: string }).liveMark = 'not reloaded';
  });
}
const markOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark ?? null);

test('given a bundle uploaded from the raw-files screen, when the person stays, then its row reaches Processed with its pages and the chips follow, without a reload', async ({
  page,
}) => {
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Raw files' }).click();
  await expect(page.getByTestId('count-total')).toHaveText('0');
  await markPage(page);

  await page.getByLabel('Files to upload').setInputFiles([
    {
      name: 'live-bundle.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makeTextPdf(BUNDLE_PAGES)),
    },
  ]);
  const row = page.getByRole('row', { name: /live-bundle\.pdf/ });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('count-total')).toHaveText('1');
  await page.screenshot({ path: `${SHOTS}/raw-files-live-listed.png`, fullPage: true });

  // The pipeline splits it on the server; the screen hears of it and refetches by itself.
  await expect(row.getByRole('cell', { name: 'Processed', exact: true })).toBeVisible({
    timeout: 90_000,
  });
  await expect(row.getByRole('cell', { name: '6', exact: true })).toBeVisible();
  await expect(page.getByTestId('count-processed')).toHaveText('1');
  await expect(page.getByTestId('count-processing')).toHaveText('0');
  await expect(page.getByTestId('count-total')).toHaveText('1');
  expect(await markOf(page)).toBe('not reloaded');
  await page.screenshot({ path: `${SHOTS}/raw-files-live-processed.png`, fullPage: true });
});
