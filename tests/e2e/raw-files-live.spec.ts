/**
 * The raw-files screen follows the server live (issue 15 item 1), in Chromium against the real
 * host, server, pipeline and PostgreSQL: a bundle uploaded from "Raw files" while the person stays
 * there reaches "Processed" with its six pages in the list, and the status chips move from
 * Processing to Processed, with no reload and no drawer open (the list used to keep "Uploaded, 0
 * pages" until a reload). The document center's list and tab counts follow the same way when a
 * bundle is dropped while it is open. Screenshots: /tmp/live-shots/raw-files-live-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { BUNDLE_CASE, BUNDLE_PAGES } from '../integration/fixtures/bundle';
import { graphql, hostForSpec, signInThroughForm } from './support/host';

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

test('given the document center open, when a bundle is dropped and processed, then its document is listed and counted without a reload', async ({
  page,
}) => {
  // A case the bundle's PR-2 matches, so its document is complete (not an exception) and listed.
  await graphql(
    spec.host.serverUrl,
    'mutation($company: ID!, $input: LegalCaseInput!) { createLegalCase(company_id: $company, input: $input) { id } }',
    {
      company: spec.companyId,
      input: {
        case_number: 'WC-2023-0415',
        client_name: BUNDLE_CASE.applicant,
        eams_number: BUNDLE_CASE.adj,
        date_of_injury: BUNDLE_CASE.injury,
      },
    },
    spec.token,
  );
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Document center' }).click();
  const all = page.getByTestId('tab-count-all');
  await expect(all).toHaveText(/^\d+$/);
  const before = Number(await all.textContent());
  await markPage(page);

  // Only the PR-2 (pages 1-2): other bytes than the first test's bundle, one document.
  const dataTransfer = await page.evaluateHandle(
    (pdf: number[]) => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File([new Uint8Array(pdf)], 'pr2-only.pdf', { type: 'application/pdf' }),
      );
      return transfer;
    },
    Array.from(await makeTextPdf(BUNDLE_PAGES.slice(0, 2))),
  );
  await page.locator('body').dispatchEvent('dragenter', { dataTransfer });
  await page.locator('body').dispatchEvent('drop', { dataTransfer });

  await expect(all).toHaveText(String(before + 1), { timeout: 90_000 });
  await expect(page.getByTestId('document-total')).toHaveText(String(before + 1));
  expect(await markOf(page)).toBe('not reloaded');
  await page.screenshot({ path: `${SHOTS}/raw-files-live-document-center.png`, fullPage: true });
});
