import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCases } from './cases';
import { generateBundle } from './bundle';
import { textPdfBytes, writeTextPdf } from './textPdf';
import { scanPdfBytes, writeScanPdf } from './scanPdf';
import { readPdf } from './pdfText';

const cases = generateCases(21, 40);
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lexdesk-corpus-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('writeTextPdf', () => {
  it('writes identical bytes for the same bundle', async () => {
    const bundle = generateBundle(4, { cases, documents: 6 });
    await writeTextPdf(bundle, join(dir, 'a.pdf'));
    await writeTextPdf(generateBundle(4, { cases, documents: 6 }), join(dir, 'b.pdf'));
    const a = await readFile(join(dir, 'a.pdf'));
    const b = await readFile(join(dir, 'b.pdf'));
    expect(a.length).toBeGreaterThan(1000);
    expect(Buffer.compare(a, b)).toBe(0);
  });

  it('has a text layer with one page per bundle page and the truth ADJ numbers', async () => {
    for (const seed of [1, 2, 3]) {
      const bundle = generateBundle(seed, { cases, documents: 10 });
      const pages = await readPdf(await textPdfBytes(bundle));
      expect(pages).toHaveLength(bundle.pages.length);
      for (const d of bundle.truth.documents) {
        const text = pages
          .slice(d.startPage - 1, d.endPage)
          .map((p) => p.text)
          .join(' ')
          .replace(/ADJ\s+(?=\d)/g, 'ADJ');
        for (const adj of d.fields.adjNumbers) expect(text).toContain(adj);
        for (const claim of d.fields.claimNumbers) expect(text).toContain(claim);
      }
      expect(pages.every((p) => p.images === 0)).toBe(true);
    }
  });
});

describe('writeScanPdf', () => {
  const bundle = generateBundle(8, { cases, documents: 2 });

  it('has no text layer and exactly one image per page', async () => {
    const pages = await readPdf(await scanPdfBytes(bundle, { seed: 8, dpi: 72 }));
    expect(pages).toHaveLength(bundle.pages.length);
    for (const p of pages) {
      expect(p.text.trim()).toBe('');
      expect(p.images).toBe(1);
    }
  });

  it('is reproducible from its seed, and another seed gives other noise', async () => {
    await writeScanPdf(bundle, join(dir, 's1.pdf'), { seed: 8, dpi: 72 });
    const a = await readFile(join(dir, 's1.pdf'));
    const b = Buffer.from(await scanPdfBytes(bundle, { seed: 8, dpi: 72 }));
    const c = Buffer.from(await scanPdfBytes(bundle, { seed: 9, dpi: 72 }));
    expect(Buffer.compare(a, b)).toBe(0);
    expect(Buffer.compare(a, c)).not.toBe(0);
  });
});

describe('scan noise levels', () => {
  it('draws a clean raster at noise 0 and a degraded one at noise 2, both image-only', async () => {
    // Four pages are enough to compare the two levels; a whole bundle made this the slowest test.
    const whole = generateBundle(12, { cases, documents: 2 });
    const bundle = { ...whole, pages: whole.pages.slice(0, 4), layout: whole.layout.slice(0, 4) };
    const clean = await scanPdfBytes(bundle, { seed: 1, dpi: 72, noise: 0, maxRotation: 0 });
    const poor = await scanPdfBytes(bundle, { seed: 1, dpi: 72, noise: 2 });
    expect(Buffer.compare(Buffer.from(clean), Buffer.from(poor))).not.toBe(0);
    for (const bytes of [clean, poor]) {
      const pages = await readPdf(bytes);
      expect(pages).toHaveLength(bundle.pages.length);
      expect(pages.every((p) => p.images === 1 && p.text.trim() === '')).toBe(true);
    }
  });
});
