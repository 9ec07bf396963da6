// A memory bound, not a speed test: reading a 500-page PDF must not keep its pages around.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPages } from './index';
import { makeTextPdf } from './testing/fixtures';
import { fakeOcr } from './testing/fakeOcr';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lexdesk-pages-memory-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readPages memory', () => {
  it('reads a 500-page PDF with bounded heap growth', async () => {
    const lines = Array.from(
      { length: 40 },
      (_, i) => `Line ${i + 1}: the applicant sustained injury arising out of employment.`,
    );
    const pages = Array.from({ length: 500 }, (_, i) => [`Page ${i + 1}`, ...lines]);
    const path = join(dir, 'big.pdf');
    await writeFile(path, await makeTextPdf(pages));
    const { engine } = fakeOcr();
    const before = heapUsed();
    let peak = before;
    let seen = 0;
    const result = await readPages(path, {
      ocr: engine,
      onPage: () => {
        seen += 1;
        if (seen % 100 === 0) peak = Math.max(peak, heapUsed());
      },
    });
    const after = heapUsed();
    expect(result.pages).toHaveLength(500);
    expect(result.pages[499]?.text.startsWith('Page 500')).toBe(true);
    // The result itself holds about 1.5 MB of text; allow a generous bound for pdf.js.
    expect((peak - before) / 2 ** 20).toBeLessThan(200);
    expect((after - before) / 2 ** 20).toBeLessThan(200);
  }, 120_000);
});
