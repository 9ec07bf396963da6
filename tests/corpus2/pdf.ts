/**
 * PDF writers for the second generator's bundles: the shared text-layer and scan writers of
 * tests/corpus draw pages from `pages` and `layout` only, so a Bundle2 is handed over without its
 * truth (whose type keys reach beyond the default taxonomy).
 */
import { writeFile } from 'node:fs/promises';
import { scanPdfBytes, textPdfBytes, type ScanOptions } from '../corpus';
import type { Bundle2 } from './bundle';

const drawable = (b: Bundle2) => ({
  id: b.id,
  seed: b.seed,
  pages: b.pages,
  layout: b.layout,
  truth: { documents: [] },
});

export async function writeTextPdf2(bundle: Bundle2, path: string): Promise<void> {
  await writeFile(path, await textPdfBytes(drawable(bundle)));
}

export async function writeScanPdf2(bundle: Bundle2, path: string, options: ScanOptions) {
  await writeFile(path, await scanPdfBytes(drawable(bundle), options));
}
