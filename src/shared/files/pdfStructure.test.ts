import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../tests/integration/fixtures/files';
import { checkFile, TAIL_BYTES } from './fileTypes';

const text = (value: string) => new TextEncoder().encode(value);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const INVALID = { ok: false, code: 'INVALID_FILE_TYPE' };

/** What a reader of a large file passes: its first bytes and its last TAIL_BYTES. */
const checkEnds = (name: string, bytes: Uint8Array) =>
  checkFile(
    name,
    bytes.subarray(0, 64 * 1024),
    undefined,
    bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)),
  );

const CORPUS = path.resolve(__dirname, '../../../tests/corpus/fixtures');
const corpusPdfs = readdirSync(CORPUS, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.pdf'))
  .map((file) => path.join(CORPUS, file));

describe('a PDF must end like a PDF', () => {
  it('given a PDF header before an executable, then it is refused as an invalid file type', () => {
    const elf = concat(text('%PDF-1.4\n'), new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]));
    expect(checkFile('claim.pdf', concat(elf, new Uint8Array(5000).fill(0x90)))).toMatchObject(
      INVALID,
    );
  });

  it('given %%EOF but no startxref or trailer before it, then it is refused', () => {
    expect(checkFile('claim.pdf', text('%PDF-1.7\nhello\n%%EOF\n'))).toMatchObject(INVALID);
  });

  it.each(corpusPdfs)('accepts the committed corpus fixture %s', (file) => {
    const bytes = new Uint8Array(readFileSync(file));
    expect(checkEnds(path.basename(file), bytes)).toMatchObject({ ok: true, type: 'pdf' });
  });

  it('accepts the integration fixture (trailer, no startxref) and a pdf-lib file with an xref stream', async () => {
    expect(checkFile('claim.pdf', FIXTURES.pdf)).toMatchObject({ ok: true });
    const doc = await PDFDocument.create();
    doc.addPage();
    const withStreams = await doc.save({ useObjectStreams: true });
    expect(checkFile('claim.pdf', withStreams)).toMatchObject({ ok: true });
  });

  it('accepts a linearized layout: a first-page xref up front, the main one at the end', () => {
    const linearized = text(
      '%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<< /Linearized 1 /L 400 /O 3 /E 300 /N 1 /T 350 /H [ 120 30 ] >>\nendobj\n' +
        'xref\n1 3\n0000000015 00000 n \ntrailer\n<< /Size 4 /Root 2 0 R /Prev 350 >>\nstartxref\n0\n%%EOF\n' +
        '2 0 obj\n<< /Type /Catalog >>\nendobj\n'.repeat(40) +
        'xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 4 >>\nstartxref\n110\n%%EOF\n',
    );
    expect(checkEnds('linear.pdf', linearized)).toMatchObject({ ok: true });
  });

  it('allows 1024 bytes of padding after %%EOF and its line end (as readers do), not more', () => {
    const pdf = text('%PDF-1.4\n1 0 obj\n<<>>\nendobj\nstartxref\n9\n%%EOF\n');
    expect(checkFile('a.pdf', concat(pdf, new Uint8Array(1024)))).toMatchObject({ ok: true });
    expect(checkFile('a.pdf', concat(pdf, new Uint8Array(1027)))).toMatchObject(INVALID);
  });

  it('judges a large file by its tail, not by its first bytes', () => {
    const body = new Uint8Array(2 * 1024 * 1024).fill(0x20);
    const good = concat(text('%PDF-1.5\n'), body, text('startxref\n9\n%%EOF\n'));
    expect(checkEnds('big.pdf', good)).toMatchObject({ ok: true });
    expect(checkEnds('big.pdf', concat(text('%PDF-1.5\n'), body))).toMatchObject(INVALID);
  });
});
