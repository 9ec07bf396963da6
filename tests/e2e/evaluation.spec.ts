import { expect, test } from '@playwright/test';
import { EVAL_MESSAGES } from '../../src/shared/evaluation';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { BUNDLE_PAGES } from '../integration/fixtures/bundle';
import { BUNDLE_NAME } from './support/bundle';
import { setUpCompany, signInThroughForm, startHost, type RunningHost } from './support/host';

// Starting a host and letting the pipeline split a bundle takes minutes on a loaded machine.
const spec = {} as { host: RunningHost };
test.beforeAll(async () => {
  test.setTimeout(300_000);
  spec.host = await startHost();
  await setUpCompany(spec.host.serverUrl);
});
test.afterAll(async () => {
  await spec.host?.stop();
});
const SHOTS = 'test-results/screens';

test('given an administrator whose bundle was split today, when the evaluation compares this period with the one before, then the documents show in this period only, and a backwards range is refused naming its field', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1400, height: 1100 });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Raw files' }).click();
  await page.getByLabel('Files to upload').setInputFiles([
    {
      name: BUNDLE_NAME,
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makeTextPdf(BUNDLE_PAGES)),
    },
  ]);
  // The list follows the file until the pipeline has split it.
  await expect(
    page.getByRole('row', { name: /gonzalez-bundle/ }).getByText('Processed', { exact: true }),
  ).toBeVisible({ timeout: 180_000 });

  await page.getByRole('link', { name: 'Evaluation', exact: true }).click();
  const table = page.getByRole('table', { name: 'Evaluation' });
  await expect(table).toBeVisible();
  // The bundle's three documents (six pages) are in the last 30 days, none in the 30 before.
  await expect(page.getByTestId('eval-documents_split')).toHaveText('3');
  await expect(page.getByTestId('eval-pages_processed')).toHaveText('6');
  await expect(page.getByTestId('eval-raw_files_processed')).toHaveText('1');
  await expect(page.getByTestId('eval-compare-documents_split')).toHaveText('0');
  await expect(page.getByTestId('eval-documents_reviewed')).toHaveText('0');
  await expect(page.getByTestId('eval-accepted_rate')).toHaveText('—');
  await expect(table.getByRole('row', { name: 'Documents split out' })).toContainText('+3');
  await page.screenshot({ path: `${SHOTS}/evaluation.png`, fullPage: true });

  // A backwards range is refused before anything is sent, under the field it concerns.
  await page.getByLabel('From').first().fill('2025-03-31');
  await page.getByLabel('To').first().fill('2025-03-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText(EVAL_MESSAGES.END_BEFORE_START)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/evaluation-bad-range.png` });

  // Without a compare period, one column of values and no change column.
  await page.getByLabel('From').first().fill('2025-03-01');
  await page.getByLabel('To').first().fill('2025-03-31');
  await page.getByText('Compare with').click();
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText(EVAL_MESSAGES.END_BEFORE_START)).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: '2025-03-01 – 2025-03-31' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Change' })).toHaveCount(0);
  await expect(page.getByTestId('eval-documents_split')).toHaveText('0');
});
