/**
 * Test files made on the fly: text PDFs, image-only ("scanned") PDFs, PNGs of text drawn with
 * DejaVu, a minimal ZIP writer for .docx files, and a hand-built RC4-encrypted PDF (pdf-lib
 * cannot encrypt). Used by the tests of stage 1 and of the PDF writer, and by the OCR bench.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { createHash, randomUUID } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf';
let fontFamily: string | undefined;

function dejaVu(): string {
  if (fontFamily === undefined) {
    fontFamily = GlobalFonts.registerFromPath(DEJAVU, 'LexDeskTestSerif')
      ? 'LexDeskTestSerif'
      : 'serif';
  }
  return fontFamily;
}

/**
 * A new document with an id of its own in its metadata: two test PDFs of the same pages are never
 * the same bytes (the server answers a company's repeated content with the raw file holding it).
 */
async function testPdf(): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setSubject(`LexDesk test file ${randomUUID()}`);
  return doc;
}

/** A letter-size PDF with one page per entry, each line drawn in Helvetica. */
export async function makeTextPdf(pages: string[][], fontSize = 11): Promise<Uint8Array> {
  const doc = await testPdf();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, index) => {
      page.drawText(line, { x: 72, y: 720 - index * fontSize * 1.6, size: fontSize, font });
    });
  }
  return doc.save();
}

/** A PNG of black text on white: a letter page at `dpi` when no size is given. */
export async function makeTextPng(
  lines: string[],
  options: { dpi?: number; width?: number; height?: number; fontPt?: number } = {},
): Promise<Buffer> {
  const dpi = options.dpi ?? 200;
  const width = options.width ?? Math.round(8.5 * dpi);
  const height = options.height ?? Math.round(11 * dpi);
  const px = ((options.fontPt ?? 12) * dpi) / 72;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = `${px}px ${dejaVu()}`;
  lines.forEach((line, index) => context.fillText(line, dpi, dpi + (index + 1) * px * 1.5));
  return canvas.encode('png');
}

/** A PDF whose pages are only pictures (no text layer), like a scan. */
export async function makeImagePdf(pngs: Buffer[]): Promise<Uint8Array> {
  const doc = await testPdf();
  for (const png of pngs) {
    const image = await doc.embedPng(png);
    doc.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  }
  return doc.save();
}

/** A ZIP archive (deflated entries) of the given files. */
export function makeZip(entries: Array<{ name: string; data: string | Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const packed = deflateRawSync(raw);
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A .docx; each inner array is a page of paragraphs, joined by explicit page breaks. */
export function makeDocx(pages: string[][]): Buffer {
  const body = pages
    .map((paragraphs, index) => {
      const pageBreak = index > 0 ? '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' : '';
      const text = paragraphs
        .map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`)
        .join('');
      return pageBreak + text;
    })
    .join('');
  const ns = 'http://schemas.openxmlformats.org';
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${ns}/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    },
  ]);
}

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i += 1) {
    j = (j + (s[i] ?? 0) + (key[i % key.length] ?? 0)) & 0xff;
    [s[i], s[j]] = [s[j] ?? 0, s[i] ?? 0];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let n = 0; n < data.length; n += 1) {
    i = (i + 1) & 0xff;
    j = (j + (s[i] ?? 0)) & 0xff;
    [s[i], s[j]] = [s[j] ?? 0, s[i] ?? 0];
    out[n] = (data[n] ?? 0) ^ (s[((s[i] ?? 0) + (s[j] ?? 0)) & 0xff] ?? 0);
  }
  return out;
}

const PASSWORD_PAD = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
);
const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const pad = (password: string) =>
  Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PAD]).subarray(0, 32);

/**
 * A one-page PDF encrypted with the standard security handler (RC4, 40-bit, revision 2). With a
 * user password it cannot be opened without it; with an empty one it opens (owner password only).
 */
export function makeEncryptedPdf(userPassword: string, text = 'Encrypted page text'): Buffer {
  const id = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
  const permissions = -44; // print and copy allowed
  const owner = rc4(md5(pad('owner-secret')).subarray(0, 5), pad(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(pad(userPassword), owner, p, id).subarray(0, 5);
  const user = rc4(key, PASSWORD_PAD);
  const objectKey = (num: number) =>
    md5(key, Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, 0, 0])).subarray(
      0,
      10,
    );
  const content = rc4(
    objectKey(4),
    Buffer.from(`BT /F1 14 Tf 72 700 Td (${text}) Tj ET`, 'latin1'),
  );
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'),
      content,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${permissions} >>`,
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
