// readPages end to end on generated files: PDFs (text, scanned, broken, encrypted, empty,
// rotated), images, Word files and the single-page kinds. OCR is faked here; see ocr/engines.slow.test.ts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageText } from '../types';
import { PipelineInputError, readPages } from './index';
import {
  makeDocx,
  makeEncryptedPdf,
  makeImagePdf,
  makeTextPdf,
  makeTextPng,
  makeZip,
} from './testing/fixtures';
import { fakeOcr } from './testing/fakeOcr';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lexdesk-pages-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, data: Uint8Array | string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, data);
  return path;
}

async function failure(path: string): Promise<PipelineInputError> {
  const { engine } = fakeOcr();
  const error: unknown = await readPages(path, { ocr: engine }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PipelineInputError)) throw new Error(`expected a PipelineInputError`);
  return error;
}

describe('readPages: PDFs', () => {
  it('reads each page of a text PDF as lines, in order, without OCR', async () => {
    const path = await file(
      'text.pdf',
      await makeTextPdf([
        ['QUALIFIED MEDICAL EVALUATOR REPORT', 'Applicant: Maria Lopez', 'Case No. ADJ1234567'],
        ['Page two of the report discusses the lumbar spine in detail.'],
        ['PRIMARY TREATING PHYSICIAN PROGRESS REPORT (PR-2)', 'Claim Number: 05-123456'],
      ]),
    );
    const { engine, calls } = fakeOcr();
    const seen: PageText[] = [];
    const result = await readPages(path, { ocr: engine, onPage: (p) => seen.push(p) });
    expect(result.kind).toBe('pdf');
    expect(result.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(result.pages[0]?.text.split('\n')).toEqual([
      'QUALIFIED MEDICAL EVALUATOR REPORT',
      'Applicant: Maria Lopez',
      'Case No. ADJ1234567',
    ]);
    expect(result.pages[2]?.text).toContain('Claim Number: 05-123456');
    expect(result.pages.every((p) => p.source === 'text-layer')).toBe(true);
    expect(seen).toEqual(result.pages);
    expect(calls).toHaveLength(0);
  });

  it('renders and OCRs pages without a usable text layer, keeping the others', async () => {
    const scan = await makeTextPng(['This page is a scan'], { dpi: 50 });
    const scanned = await PDFDocument.load(await makeImagePdf([scan]));
    const doc = await PDFDocument.load(
      await makeTextPdf([['A page with a real text layer and plenty of letters.'], ['EXHIBIT A']]),
    );
    const [copied] = await doc.copyPages(scanned, [0]);
    if (!copied) throw new Error('no page');
    doc.insertPage(1, copied);
    // A scan stamped with a few words of text: its image may hold more than its text layer.
    const stamped = doc.addPage([612, 792]);
    stamped.drawImage(await doc.embedPng(scan), { x: 0, y: 0, width: 612, height: 792 });
    stamped.drawText('RECEIVED', { x: 40, y: 750, size: 12 });
    const path = await file('mixed.pdf', await doc.save());
    const { engine, calls } = fakeOcr({ text: 'recognised words', confidence: 0.87 });
    const result = await readPages(path, { ocr: engine, maxOcrPixels: 400 * 500 });
    // An exhibit cover of a few words without an image is read from its text layer, not OCRed.
    expect(result.pages.map((p) => p.source)).toEqual(['text-layer', 'ocr', 'text-layer', 'ocr']);
    expect(result.pages[2]?.text).toBe('EXHIBIT A');
    expect(result.pages[1]).toEqual({
      page: 2,
      text: 'recognised words',
      source: 'ocr',
      ocrConfidence: 0.87,
    });
    expect(calls).toHaveLength(2);
    // The pixel budget caps the render: 400x500 px of a 612x792 pt page is about 47 dpi.
    expect(calls[0]?.dpi).toBeLessThan(50);
  });

  it('refuses corrupted, encrypted and empty PDFs with a code', async () => {
    const good = await makeTextPdf([['Some text on a page that will be cut off.']]);
    const truncated = await file('truncated.pdf', good.subarray(0, 60));
    expect((await failure(truncated)).code).toBe('corrupt');
    const garbage = await file('garbage.pdf', '%PDF-1.7\n' + 'nonsense '.repeat(50));
    expect((await failure(garbage)).code).toBe('corrupt');
    const locked = await file('locked.pdf', makeEncryptedPdf('s3cret'));
    const lockedError = await failure(locked);
    expect(lockedError.code).toBe('encrypted');
    expect(lockedError.message).toMatch(/password/);
    const empty = await file(
      'empty.pdf',
      await (await PDFDocument.create()).save({ addDefaultPage: false }),
    );
    expect((await failure(empty)).code).toBe('empty');
  });

  it("names a refused file by the name it is given, never by its stored path's last part", async () => {
    const stored = await file('G_TRSW3kq9Zx7', '%PDF-1.7\n' + 'nonsense '.repeat(50));
    const { engine } = fakeOcr();
    const error: unknown = await readPages(stored, { ocr: engine, name: 'scan 14.pdf' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PipelineInputError);
    expect((error as Error).message).toMatch(/^scan 14\.pdf is not a valid PDF/);
    expect((error as Error).message).not.toContain('G_TRSW');
  });

  it('reads a PDF encrypted with an owner password only (no password to open)', async () => {
    const path = await file('owner-only.pdf', makeEncryptedPdf('', 'Decrypted text of the page'));
    const { engine } = fakeOcr();
    const result = await readPages(path, { ocr: engine });
    expect(result.pages).toEqual([
      { page: 1, text: 'Decrypted text of the page', source: 'text-layer' },
    ]);
  });

  it('stops when aborted', async () => {
    const path = await file('abort.pdf', await makeTextPdf([['one page of text here please']]));
    const { engine } = fakeOcr();
    const controller = new AbortController();
    controller.abort(new Error('stop now'));
    await expect(readPages(path, { ocr: engine, signal: controller.signal })).rejects.toThrow(
      'stop now',
    );
  });
});

describe('readPages: other files', () => {
  it('reports missing, empty and unknown files', async () => {
    expect((await failure(join(dir, 'nope.pdf'))).code).toBe('empty');
    expect((await failure(await file('zero.pdf', ''))).code).toBe('empty');
    expect((await failure(await file('bin.dat', Buffer.from([1, 2, 3, 0, 9])))).code).toBe(
      'unsupported',
    );
  });

  it('OCRs an image as one page', async () => {
    const path = await file('photo.png', await makeTextPng(['hello'], { width: 300, height: 200 }));
    const { engine, calls } = fakeOcr({ text: 'hello', confidence: 0.5 });
    const result = await readPages(path, { ocr: engine });
    expect(result).toMatchObject({
      kind: 'image',
      pages: [{ page: 1, text: 'hello', source: 'ocr', ocrConfidence: 0.5 }],
    });
    expect(calls).toHaveLength(1);
  });

  it('splits a docx at its page breaks', async () => {
    const path = await file(
      'letter.docx',
      makeDocx([['Dear Counsel,', 'Please find enclosed.'], ['DECLARATION OF SERVICE']]),
    );
    const { engine } = fakeOcr();
    const result = await readPages(path, { ocr: engine });
    expect(result.kind).toBe('docx');
    expect(result.pages).toEqual([
      { page: 1, text: 'Dear Counsel,\nPlease find enclosed.', source: 'docx' },
      { page: 2, text: 'DECLARATION OF SERVICE', source: 'docx' },
    ]);
  });

  it('gives csv text, and one empty page for spreadsheets, audio and svg without text', async () => {
    const { engine, calls } = fakeOcr();
    const csv = await readPages(await file('list.csv', 'name,claim\nLopez,05-1\n'), {
      ocr: engine,
    });
    expect(csv).toMatchObject({
      kind: 'single',
      pages: [{ page: 1, text: 'name,claim\nLopez,05-1\n' }],
    });
    const xlsx = makeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/workbook.xml', data: '<workbook/>' },
    ]);
    const sheet = await readPages(await file('book.xlsx', xlsx), { ocr: engine });
    expect(sheet).toMatchObject({ kind: 'single', pages: [{ page: 1, text: '', source: 'none' }] });
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64)]);
    const audio = await readPages(await file('call.mp3', mp3), { ocr: engine });
    expect(audio).toMatchObject({ kind: 'single', pages: [{ page: 1, text: '' }] });
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="2">Exhibit &amp; A</text></svg>';
    const drawing = await readPages(await file('logo.svg', svg), { ocr: engine });
    expect(drawing.pages).toEqual([{ page: 1, text: 'Exhibit & A', source: 'text-layer' }]);
    expect(calls).toHaveLength(0);
  });

  it('gives a .doc one empty page when no converter is installed', async () => {
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(200),
      Buffer.from('WordDocument', 'utf16le'),
    ]);
    const path = await file('old.doc', ole);
    const { engine } = fakeOcr();
    const savedPath = process.env.PATH;
    process.env.PATH = dir; // no antiword, catdoc or LibreOffice here
    try {
      const result = await readPages(path, { ocr: engine });
      expect(result).toMatchObject({ kind: 'doc', pages: [{ page: 1, text: '', source: 'none' }] });
    } finally {
      process.env.PATH = savedPath;
    }
  });
});

describe('readPages: rotated pages', () => {
  it('reads text that runs sideways on a rotated page line by line', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText('First line of the sideways page', { x: 72, y: 700, size: 12, font });
    page.drawText('Case No.', { x: 72, y: 680, size: 12, font });
    page.drawText('ADJ1234567', { x: 300, y: 680, size: 12, font });
    page.setRotation(degrees(90));
    const path = await file('rotated.pdf', await doc.save());
    const { engine } = fakeOcr();
    const result = await readPages(path, { ocr: engine });
    expect(result.pages[0]?.text).toBe('First line of the sideways page\nCase No.   ADJ1234567');
  });
});
