import { expect, test } from '@playwright/test';
import { makeTextPdf, makeTextPng } from '../../src/server/pipeline/pages/testing/fixtures';
import { BUNDLE_PAGES } from '../integration/fixtures/bundle';
import { hostForSpec, signInThroughForm } from './support/host';

const spec = hostForSpec();

test('given a signed-in paralegal, when files are dropped on the window and picked, then the tracker drains and the raw-files screen counts them', async ({
  page,
}) => {
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Raw files' }).click();
  await expect(page.getByTestId('count-total')).toHaveText('0');

  // A drop onto the window, as a person drags a scan from the file manager.
  const dataTransfer = await page.evaluateHandle(
    (pdf: number[]) => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File([new Uint8Array(pdf)], 'bundle-17.pdf', { type: 'application/pdf' }),
      );
      return transfer;
    },
    Array.from(await makeTextPdf(BUNDLE_PAGES)),
  );
  await page.locator('body').dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByText('Drop files to upload')).toBeVisible();
  await page.locator('body').dispatchEvent('drop', { dataTransfer });

  // The picker, with a good image and a text file posing as a PDF.
  await page.getByLabel('Files to upload').setInputFiles([
    // A real picture: the document pipeline reads it after the upload (a PNG of headers only
    // would, rightly, end UNACCESSIBLE and leave the processed count at 1).
    {
      name: 'exhibit-a.png',
      mimeType: 'image/png',
      buffer: await makeTextPng(['EXHIBIT A', 'Photograph of the loading dock, 03/15/2023']),
    },
    {
      name: 'lying.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just text, not a PDF at all'),
    },
  ]);

  await expect(page.getByTestId('count-total')).toHaveText('2', { timeout: 30_000 });
  // Processed once the pipeline has split both (the chip follows the server live).
  await expect(page.getByTestId('count-processed')).toHaveText('2', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Uploads' }).click();
  const failed = page
    .getByRole('list', { name: 'Failed uploads' })
    .getByRole('listitem', { name: 'lying.pdf' });
  await expect(failed.getByText('Invalid file type or format')).toBeVisible();
  // The tracker keeps no completed or failed uploads: the refused file is in the failed list.
  await expect(page.getByRole('listitem', { name: 'bundle-17.pdf' })).toHaveCount(0);
  await expect(page.getByTestId('upload-count')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/uploads.png', fullPage: true });
});
