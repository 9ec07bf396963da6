/**
 * File type validation by content (spec section 5): the accepted types, their extensions and
 * media types, and a check that the file name's extension and the bytes agree (for a PDF, also
 * that it ends like one: pdfStructure.ts). Pure: works on a Uint8Array in the renderer, the main
 * process and the server alike.
 */
import { ascii, decodeText, hasBinaryBytes, indexOf, startsWith } from './bytes';
import { isWebm, legacyOfficeKind, oggKind, officeOpenXmlKind } from './containers';
import { hasPdfTrailer } from './pdfStructure';

export { TAIL_BYTES } from './pdfStructure';

export const FILE_TYPES = {
  svg: { extensions: ['svg'], mime: 'image/svg+xml' },
  png: { extensions: ['png'], mime: 'image/png' },
  jpeg: { extensions: ['jpg', 'jpeg', 'jpe'], mime: 'image/jpeg' },
  pdf: { extensions: ['pdf'], mime: 'application/pdf' },
  doc: { extensions: ['doc'], mime: 'application/msword' },
  docx: {
    extensions: ['docx'],
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xls: { extensions: ['xls'], mime: 'application/vnd.ms-excel' },
  xlsx: {
    extensions: ['xlsx'],
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  mp4: { extensions: ['mp4', 'm4v'], mime: 'video/mp4' },
  webm: { extensions: ['webm'], mime: 'video/webm' },
  ogg_video: { extensions: ['ogv', 'ogg'], mime: 'video/ogg' },
  ogg_audio: { extensions: ['oga', 'ogg', 'opus'], mime: 'audio/ogg' },
  mp3: { extensions: ['mp3'], mime: 'audio/mpeg' },
  wav: { extensions: ['wav'], mime: 'audio/wav' },
  csv: { extensions: ['csv'], mime: 'text/csv' },
} as const satisfies Record<string, { extensions: readonly string[]; mime: string }>;

export type AcceptedFileType = keyof typeof FILE_TYPES;
export const ACCEPTED_FILE_TYPES = Object.keys(FILE_TYPES) as AcceptedFileType[];
/** The `accept` attribute for file pickers. */
export const ACCEPT_ATTRIBUTE = [
  ...new Set(ACCEPTED_FILE_TYPES.flatMap((t) => FILE_TYPES[t].extensions)),
]
  .map((ext) => `.${ext}`)
  .join(',');

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'dash',
  'M4V ',
  'M4VP',
  'mmp4',
  'MSNV',
  'f4v ',
]);

function isMp4(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false;
  return MP4_BRANDS.has(String.fromCharCode(...bytes.subarray(8, 12)));
}

function isMp3(bytes: Uint8Array): boolean {
  if (startsWith(bytes, ascii('ID3'))) return true;
  const [b0 = 0, b1 = 0, b2 = 0] = bytes;
  const sync = b0 === 0xff && (b1 & 0xe0) === 0xe0;
  const version = (b1 >> 3) & 0x03; // 01 is reserved
  const layer = (b1 >> 1) & 0x03; // 01 = Layer III
  const bitrate = b2 >> 4; // 1111 is invalid
  const rate = (b2 >> 2) & 0x03; // 11 is reserved
  return sync && version !== 1 && layer === 1 && bitrate !== 0x0f && rate !== 0x03;
}

function isSvg(bytes: Uint8Array): boolean {
  if (hasBinaryBytes(bytes, 4096)) return false;
  let text = decodeText(bytes, 4096).trimStart();
  // Skip the prolog: XML declaration, comments, processing instructions, doctype.
  for (;;) {
    const prolog = /^(<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)\s*/i.exec(
      text,
    );
    if (!prolog) break;
    text = text.slice(prolog[0].length);
  }
  return /^<svg[\s>/]/.test(text);
}

function isCsvText(bytes: Uint8Array): boolean {
  return !hasBinaryBytes(bytes) && decodeText(bytes).trim().length > 0;
}

/** What the bytes are, judged by content alone (csv excepted: plain text is only csv by name). */
export function sniffFileType(bytes: Uint8Array): Exclude<AcceptedFileType, 'csv'> | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (indexOf(bytes, ascii('%PDF-'), 0, 1024) >= 0) return 'pdf';
  const office = officeOpenXmlKind(bytes) ?? legacyOfficeKind(bytes);
  if (office) return office;
  if (isMp4(bytes)) return 'mp4';
  if (isWebm(bytes)) return 'webm';
  const ogg = oggKind(bytes);
  if (ogg) return ogg;
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WAVE'), 8)) return 'wav';
  if (isMp3(bytes)) return 'mp3';
  if (isSvg(bytes)) return 'svg';
  return undefined;
}

export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

const PDF_WITHOUT_END =
  'a PDF header without a PDF end (no startxref or trailer before a final %%EOF): damaged or not a PDF';

export type FileCheck =
  | { ok: true; type: AcceptedFileType; mime: string; extension: string }
  | { ok: false; code: 'FILE_EMPTY' | 'INVALID_FILE_TYPE'; detail?: string };

/**
 * Accepts a file only when its content is one of `allowed` and its extension belongs to that
 * same type: a PNG named .pdf, an .exe renamed .pdf and a text file named .png are all refused,
 * and so is a PDF header on something without a PDF's end (`%PDF-1.4` before an executable).
 * `bytes` is the file's start (or all of it); `tail` its last TAIL_BYTES bytes, which default to
 * `bytes` — right only when `bytes` is the whole file.
 */
export function checkFile(
  name: string,
  bytes: Uint8Array,
  allowed: readonly AcceptedFileType[] = ACCEPTED_FILE_TYPES,
  tail: Uint8Array = bytes,
): FileCheck {
  if (bytes.length === 0) return { ok: false, code: 'FILE_EMPTY' };
  const extension = fileExtension(name);
  const sniffed = sniffFileType(bytes);
  let type: AcceptedFileType | undefined = sniffed;
  if (!sniffed && extension === 'csv' && isCsvText(bytes)) type = 'csv';
  if (!type || !allowed.includes(type)) return { ok: false, code: 'INVALID_FILE_TYPE' };
  const extensions: readonly string[] = FILE_TYPES[type].extensions;
  if (!extensions.includes(extension)) return { ok: false, code: 'INVALID_FILE_TYPE' };
  if (type === 'pdf' && !hasPdfTrailer(tail))
    return { ok: false, code: 'INVALID_FILE_TYPE', detail: PDF_WITHOUT_END };
  return { ok: true, type, mime: FILE_TYPES[type].mime, extension };
}
