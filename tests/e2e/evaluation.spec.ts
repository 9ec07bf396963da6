import { expect, test } from '@playwright/test';
import { EVAL_MESSAGES } from '../../src/shared/evaluation';
import { uploadBundleAndOpenDrawer } from './support/bundle';
import { hostForSpec } from './support/host';

const spec = hostForSpec();
const SHOTS = 'test-results/screens';

test('given an administrator whose bundle was split today, when the evaluation compares this period with the one before, then the documents show in this period only, and a backwards range is refused naming its field', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 1100 });
  await uploadBundleAndOpenDrawer(page, spec.host);
  const drawer = page.locator('.bp6-drawer');
  await expect(drawer.getByText('Processed', { exact: true }).first()).toBeVisible({
    timeout: 90_000,
  });
  await page.keyboard.press('Escape');

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
  await page.getByLabel('To').first().fill('2025-03-31');
  await page.getByText('Compare with').click();
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText(EVAL_MESSAGES.END_BEFORE_START)).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: '2025-03-01 – 2025-03-31' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Change' })).toHaveCount(0);
  await expect(page.getByTestId('eval-documents_split')).toHaveText('0');
});
