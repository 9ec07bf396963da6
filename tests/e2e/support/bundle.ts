/** The six-page test bundle (three documents) as a person uploads it on the raw-files screen. */
import { expect, type Page } from '@playwright/test';
import { makeTextPdf } from '../../../src/server/pipeline/pages/testing/fixtures';
import { BUNDLE_PAGES } from '../../integration/fixtures/bundle';
import { signInThroughForm, type RunningHost } from './host';

export const BUNDLE_NAME = 'gonzalez-bundle.pdf';

/** Signs in, uploads the bundle from "Raw files" and opens its drawer once it is listed. */
export async function uploadBundleAndOpenDrawer(page: Page, host: RunningHost): Promise<void> {
  await signInThroughForm(page, host);
  await page.getByRole('link', { name: 'Raw files' }).click();
  await page.getByLabel('Files to upload').setInputFiles([
    {
      name: BUNDLE_NAME,
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makeTextPdf(BUNDLE_PAGES)),
    },
  ]);
  await expect(page.getByTestId('count-total')).toHaveText('1', { timeout: 30_000 });
  await page.getByRole('button', { name: BUNDLE_NAME, exact: true }).click();
}
