/**
 * The raw-file filter bar end to end: two files go through the real pipeline in the host's server
 * (a three-document bundle and a page no document type fits), then Review -> "No document type"
 * keeps only the second, "Clear filters" brings both back, and a screenshot of the filtered screen
 * goes to test-results/screens/raw-files-filters.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { BUNDLE_PAGES } from '../integration/fixtures/bundle';
import { signInThroughForm, hostForSpec } from './support/host';

const BUNDLE = 'gonzalez-bundle.pdf';
const UNTYPED = 'grocery-list.pdf';

const spec = hostForSpec();

/** The statuses of the company's raw files, by name, straight from the server. */
async function statuses(): Promise<Record<string, string>> {
  const response = await fetch(`${spec.host.serverUrl}/raw-files/getRawFiles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${spec.token}` },
    body: JSON.stringify({ pageSize: 100 }),
  });
  const body = (await response.json()) as {
    data?: { rawFiles: Array<{ name: string; status: string }> };
  };
  return Object.fromEntries((body.data?.rawFiles ?? []).map((f) => [f.name, f.status]));
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) });

test('given a bundle and an untyped page processed, when Review is "No document type", then only the untyped file is listed', async ({
  page,
}) => {
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Raw files' }).click();
  await page.getByLabel('Files to upload').setInputFiles([
    {
      name: BUNDLE,
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makeTextPdf(BUNDLE_PAGES)),
    },
    {
      name: UNTYPED,
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        await makeTextPdf([['Lorem ipsum dolor sit amet, grocery list: apples, pears']]),
      ),
    },
  ]);
  await expect(page.getByTestId('count-total')).toHaveText('2', { timeout: 30_000 });
  await expect
    .poll(statuses, { timeout: 80_000, intervals: [1000] })
    .toEqual({ [BUNDLE]: 'Processed', [UNTYPED]: 'Processed' });

  const review = page.getByLabel('Review');
  await expect(review.locator('option')).toHaveText([
    'Review: All',
    'No document type',
    'Several cases',
    'Needs case number',
  ]);
  // The document types come from the company's taxonomy.
  await expect(page.getByLabel('Document type').locator('option')).not.toHaveCount(1);
  await review.selectOption({ label: 'No document type' });
  await expect(rowOf(page, UNTYPED).getByText('Processed')).toBeVisible();
  await expect(rowOf(page, BUNDLE)).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(2); // header + one file
  await page.screenshot({ path: 'test-results/screens/raw-files-filters.png', fullPage: true });

  // "Several cases" matches neither file; clearing brings both back.
  await review.selectOption({ label: 'Several cases' });
  await expect(page.getByText('No data available.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(review).toHaveValue('');
  await expect(rowOf(page, BUNDLE)).toHaveCount(1);
  await expect(rowOf(page, UNTYPED)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
});
