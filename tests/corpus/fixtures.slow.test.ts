import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_TYPE_KEYS } from './typeKeys';
import { FIXTURES_DIR, loadFixtureCases, loadFixtures } from './fixtures';
import { generateBundle } from './bundle';
import { generateCases } from './cases';
import { readPdf } from './pdfText';

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(join(dir, name))).size;
  return total;
}

describe('committed fixtures', () => {
  it('text set: 8 bundles of 2..40 documents covering every type, ranges without gaps', async () => {
    const fixtures = await loadFixtures('text');
    expect(fixtures).toHaveLength(8);
    const types = new Set<string>();
    for (const f of fixtures) {
      const docs = f.truth.documents;
      expect(docs.length).toBeGreaterThanOrEqual(2);
      expect(docs.length).toBeLessThanOrEqual(40);
      let next = 1;
      for (const d of docs) {
        expect(d.startPage).toBe(next);
        next = d.endPage + 1;
        types.add(d.typeKey);
      }
      expect(next - 1).toBe(f.truth.pageCount);
      expect(f.truth.pages).toHaveLength(f.truth.pageCount);
    }
    expect([...types].sort()).toEqual([...CORPUS_TYPE_KEYS].sort());
  });

  it('still match the generator (regenerate them when the generator changes)', async () => {
    const cases = await loadFixtureCases('text');
    expect(cases).toEqual(generateCases(1, 200));
    expect(await loadFixtureCases('scan')).toEqual(cases);
    for (const kind of ['text', 'scan'] as const) {
      for (const f of await loadFixtures(kind)) {
        const g = f.truth.generator;
        expect(g.casesSeed).toBe(1);
        const b = generateBundle(f.truth.seed, {
          cases,
          include: g.include,
          ...(g.documents === null ? {} : { documents: g.documents }),
        });
        expect(
          b.pages.map((p) => p.join('\n')),
          f.name,
        ).toEqual(f.truth.pages);
        expect(b.truth.documents, f.name).toEqual(f.truth.documents);
      }
    }
  });

  it('text PDFs have the pages and ADJ numbers their truth says', async () => {
    for (const f of await loadFixtures('text')) {
      const pages = await readPdf(new Uint8Array(await readFile(f.pdfPath)));
      expect(pages).toHaveLength(f.truth.pageCount);
      const all = pages
        .map((p) => p.text)
        .join(' ')
        .replace(/ADJ\s+(?=\d)/g, 'ADJ');
      for (const d of f.truth.documents)
        for (const adj of d.fields.adjNumbers) expect(all).toContain(adj);
    }
  });

  it('scan set: 3 image-only PDFs, at most 30 pages, whole fixture folder under 6 MB', async () => {
    const fixtures = await loadFixtures('scan');
    expect(fixtures).toHaveLength(3);
    let pagesTotal = 0;
    for (const f of fixtures) {
      const pages = await readPdf(new Uint8Array(await readFile(f.pdfPath)));
      expect(pages).toHaveLength(f.truth.pageCount);
      expect(pages.every((p) => p.text.trim() === '' && p.images === 1)).toBe(true);
      pagesTotal += pages.length;
    }
    expect(pagesTotal).toBeLessThanOrEqual(30);
    const bytes =
      (await folderBytes(join(FIXTURES_DIR, 'text'))) +
      (await folderBytes(join(FIXTURES_DIR, 'scan')));
    expect(bytes).toBeLessThan(6 * 1024 * 1024);
  });
});
