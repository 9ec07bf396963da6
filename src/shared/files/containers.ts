/** Container formats that need a look inside: ZIP (Office Open XML), OLE2/CFB, Ogg, EBML. */
import { ascii, indexOf, startsWith, u16, u32, utf16le } from './bytes';

const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_CENTRAL = [0x50, 0x4b, 0x01, 0x02];
const ZIP_END = [0x50, 0x4b, 0x05, 0x06];

function readName(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, Math.min(at + length, bytes.length)));
}

/** Entry names of a ZIP archive: from the central directory, else by walking local headers. */
export function zipEntryNames(bytes: Uint8Array): string[] {
  if (!startsWith(bytes, ZIP_LOCAL)) return [];
  const names: string[] = [];
  const searchFrom = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let i = bytes.length - 22; i >= searchFrom; i -= 1) {
    if (startsWith(bytes, ZIP_END, i)) {
      end = i;
      break;
    }
  }
  if (end >= 0) {
    let at = u32(bytes, end + 16);
    const count = u16(bytes, end + 10);
    for (let n = 0; n < count && startsWith(bytes, ZIP_CENTRAL, at); n += 1) {
      const nameLength = u16(bytes, at + 28);
      names.push(readName(bytes, at + 46, nameLength));
      at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    }
    if (names.length > 0) return names;
  }
  // No usable central directory (truncated read): walk the local headers we have.
  let at = 0;
  while (startsWith(bytes, ZIP_LOCAL, at) && names.length < 10_000) {
    const flags = u16(bytes, at + 6);
    const compressed = u32(bytes, at + 18);
    const nameLength = u16(bytes, at + 26);
    names.push(readName(bytes, at + 30, nameLength));
    if (flags & 0x08) break; // sizes follow the data; cannot skip without inflating
    at += 30 + nameLength + u16(bytes, at + 28) + compressed;
  }
  return names;
}

export type OfficeOpenXml = 'docx' | 'xlsx';
export function officeOpenXmlKind(bytes: Uint8Array): OfficeOpenXml | undefined {
  const names = zipEntryNames(bytes);
  if (!names.includes('[Content_Types].xml')) return undefined;
  if (names.some((name) => name.startsWith('word/'))) return 'docx';
  if (names.some((name) => name.startsWith('xl/'))) return 'xlsx';
  return undefined;
}

const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
export type LegacyOffice = 'doc' | 'xls';
/** Word 97-2003 and Excel 97-2003 are both OLE2 compound files; their stream names tell them apart. */
export function legacyOfficeKind(bytes: Uint8Array): LegacyOffice | undefined {
  if (!startsWith(bytes, CFB)) return undefined;
  if (indexOf(bytes, utf16le('WordDocument')) >= 0) return 'doc';
  if (indexOf(bytes, utf16le('Workbook')) >= 0 || indexOf(bytes, utf16le('Book\0')) >= 0)
    return 'xls';
  return undefined;
}

const OGG = ascii('OggS');
const VIDEO_CODECS = [
  [0x80, ...ascii('theora')],
  ascii('OVP80'),
  ascii('BBCD'),
  ascii('\x80daala'),
];
const AUDIO_CODECS = [
  [0x01, ...ascii('vorbis')],
  ascii('OpusHead'),
  [0x7f, ...ascii('FLAC')],
  ascii('Speex   '),
];
/** Ogg carries audio or video; the first packet of each stream (a BOS page) names its codec. */
export function oggKind(bytes: Uint8Array): 'ogg_video' | 'ogg_audio' | undefined {
  if (!startsWith(bytes, OGG)) return undefined;
  let at = 0;
  let audio = false;
  while (startsWith(bytes, OGG, at) && at < 65_536) {
    const isBos = ((bytes[at + 5] ?? 0) & 0x02) !== 0;
    const segments = bytes[at + 26] ?? 0;
    let bodyLength = 0;
    for (let i = 0; i < segments; i += 1) bodyLength += bytes[at + 27 + i] ?? 0;
    const body = at + 27 + segments;
    if (!isBos) break; // all BOS pages come first
    if (VIDEO_CODECS.some((codec) => startsWith(bytes, codec, body))) return 'ogg_video';
    if (AUDIO_CODECS.some((codec) => startsWith(bytes, codec, body))) audio = true;
    at = body + bodyLength;
  }
  return audio ? 'ogg_audio' : undefined;
}

const EBML = [0x1a, 0x45, 0xdf, 0xa3];
/** WebM is EBML with DocType "webm" (plain Matroska is not accepted). */
export function isWebm(bytes: Uint8Array): boolean {
  return startsWith(bytes, EBML) && indexOf(bytes, ascii('webm'), 4, 64) >= 0;
}
