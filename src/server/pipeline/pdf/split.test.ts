// Writing document files: PDF page ranges, shared images, encrypted and broken PDFs, images,
// and copies of other files.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineInputError, readPages } from '../pages';
import { fakeOcr } from '../pages/testing/fakeOcr';
import { makeDocx, makeEncryptedPdf, makeTextPdf, makeTextPng } from '../pages/testing/fixtures';
import { writeDocumentPdfs } from './split';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lexdesk-split-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function outDir(name: string): Promise<string> {
  const path = join(dir, name);
  await mkdir(path);
  return path;
}

describe('writeDocumentPdfs', () => {
  it('writes each page range of a PDF as its own PDF, in order', async () => {
    const source = join(dir, 'bundle.pdf');
    const pageTexts = Array.from({ length: 6 }, (_, i) => [
      `This is page number ${i + 1} of the bundle`,
    ]);
    await writeFile(source, await makeTextPdf(pageTexts));
    const out = await outDir('ranges');
    const ranges = [
      { startPage: 1, endPage: 2 },
      { startPage: 3, endPage: 3 },
      { startPage: 4, endPage: 6 },
    ];
    const files = await writeDocumentPdfs({ path: source, kind: 'pdf' }, ranges, out);
    expect(files.map((f) => f.slice(out.length + 1))).toEqual([
      'document-001.pdf',
      'document-002.pdf',
      'document-003.pdf',
    ]);
    expect((await readdir(out)).sort()).toEqual(files.map((f) => f.slice(out.length + 1)));
    const { engine } = fakeOcr();
    const third = await readPages(files[2] ?? '', { ocr: engine });
    expect(third.pages.map((p) => p.text)).toEqual([
      'This is page number 4 of the bundle',
      'This is page number 5 of the bundle',
      'This is page number 6 of the bundle',
    ]);
  });

  it('shares an image used on several pages instead of copying it per page', async () => {
    const png = await makeTextPng(['shared letterhead'], { dpi: 100 });
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(png);
    for (let i = 0; i < 4; i += 1) {
      doc.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
    }
    const source = join(dir, 'shared.pdf');
    await writeFile(source, await doc.save());
    const ranges = [
      { startPage: 1, endPage: 1 },
      { startPage: 1, endPage: 4 },
    ];
    const [one, four] = await writeDocumentPdfs(
      { path: source, kind: 'pdf' },
      ranges,
      await outDir('shared'),
    );
    const size1 = (await stat(one ?? '')).size;
    const size4 = (await stat(four ?? '')).size;
    expect(size1).toBeGreaterThan(png.length / 2);
    expect(size4).toBeLessThan(size1 * 1.5);
  });

  it('refuses page ranges outside the file', async () => {
    const source = join(dir, 'two.pdf');
    await writeFile(source, await makeTextPdf([['a'], ['b']]));
    const out = await outDir('bad-ranges');
    await expect(
      writeDocumentPdfs({ path: source, kind: 'pdf' }, [{ startPage: 2, endPage: 3 }], out),
    ).rejects.toThrow(RangeError);
    await expect(
      writeDocumentPdfs({ path: source, kind: 'pdf' }, [{ startPage: 2, endPage: 1 }], out),
    ).rejects.toThrow(RangeError);
  });

  it('splits a PDF encrypted with an owner password only, keeping it readable', async () => {
    const source = join(dir, 'owner-only.pdf');
    await writeFile(source, makeEncryptedPdf('', 'Text behind an owner password'));
    const out = await outDir('owner-only');
    const files = await writeDocumentPdfs(
      { path: source, kind: 'pdf' },
      [{ startPage: 1, endPage: 1 }],
      out,
    );
    const { engine } = fakeOcr();
    const result = await readPages(files[0] ?? '', { ocr: engine });
    expect(result.pages.map((p) => p.text)).toEqual(['Text behind an owner password']);
  });

  it('refuses password-protected and corrupt PDFs with a PipelineInputError', async () => {
    const out = await outDir('bad');
    const locked = join(dir, 'locked.pdf');
    await writeFile(locked, makeEncryptedPdf('open-sesame'));
    const error: unknown = await writeDocumentPdfs(
      { path: locked, kind: 'pdf' },
      [{ startPage: 1, endPage: 1 }],
      out,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PipelineInputError);
    expect((error as PipelineInputError).code).toBe('encrypted');
    const broken = join(dir, 'broken.pdf');
    await writeFile(broken, 'not a pdf at all');
    await expect(
      writeDocumentPdfs({ path: broken, kind: 'pdf' }, [{ startPage: 1, endPage: 1 }], out),
    ).rejects.toBeInstanceOf(PipelineInputError);
    expect(await readdir(out)).toEqual([]);
  });

  it('wraps an image in a one-page PDF', async () => {
    const image = join(dir, 'photo.png');
    await writeFile(image, await makeTextPng(['x'], { width: 1700, height: 2200 }));
    const out = await outDir('image');
    const [file] = await writeDocumentPdfs(
      { path: image, kind: 'image' },
      [{ startPage: 1, endPage: 1 }],
      out,
    );
    const pdf = await PDFDocument.load(await readFile(file ?? ''));
    expect(pdf.getPageCount()).toBe(1);
    const size = pdf.getPage(0).getSize();
    expect(size.height).toBeCloseTo(792, 0);
    expect(size.width).toBeCloseTo(612, 0);
  });

  it('copies other files unchanged, keeping the extension', async () => {
    const source = join(dir, 'letter.docx');
    const bytes = makeDocx([['Hello']]);
    await writeFile(source, bytes);
    const out = await outDir('copy');
    const files = await writeDocumentPdfs(
      { path: source, kind: 'docx' },
      [{ startPage: 1, endPage: 1 }],
      out,
    );
    expect(files).toEqual([join(out, 'document-001.docx')]);
    expect(Buffer.compare(await readFile(files[0] ?? ''), bytes)).toBe(0);
    const noExtension = join(dir, 'stored-object');
    await writeFile(noExtension, bytes);
    const [copy] = await writeDocumentPdfs(
      { path: noExtension, kind: 'docx' },
      [{ startPage: 1, endPage: 1 }],
      await outDir('copy2'),
    );
    expect(copy?.endsWith('.docx')).toBe(true);
  });
});
