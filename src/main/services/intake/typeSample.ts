/**
 * The bytes `checkFile` judges a file by, read with bounded memory. Small files are read whole.
 * For larger ones the first MiB is enough for every accepted type except two containers whose
 * telling parts may sit further in: a ZIP (docx, xlsx) names its entries in the central directory
 * at the end, so a compact copy of the archive (first local header + central directory + end
 * record, offsets rewritten) is built; an OLE2 file (doc, xls) names its streams in a directory
 * sector, the first of which is appended to the head.
 */
import type { FileHandle } from 'node:fs/promises';
import { TAIL_BYTES } from '../../../shared/files/fileTypes';

export const HEAD_BYTES = 1024 * 1024;
const ZIP_TAIL_BYTES = 65_557; // the end record (22) plus the longest comment (65,535)
const MAX_CENTRAL_DIRECTORY = 4 * 1024 * 1024;
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_END = [0x50, 0x4b, 0x05, 0x06];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  return prefix.every((value, i) => bytes[at + i] === value);
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** First local header + central directory + end record, as one small self-consistent ZIP. */
async function compactZip(handle: FileHandle, head: Buffer, size: number): Promise<Buffer | null> {
  const tailStart = Math.max(0, size - ZIP_TAIL_BYTES);
  const tail = await readAt(handle, tailStart, size - tailStart);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (startsWith(tail, ZIP_END, i)) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const record = Buffer.from(tail.subarray(end, end + 22));
  const cdSize = record.readUInt32LE(12);
  const cdOffset = record.readUInt32LE(16);
  if (cdSize > MAX_CENTRAL_DIRECTORY || cdOffset + cdSize > size) return null;
  const directory = await readAt(handle, cdOffset, cdSize);
  const local = head.subarray(0, 30);
  record.writeUInt32LE(local.length, 16);
  record.writeUInt16LE(0, 20); // no comment
  return Buffer.concat([local, directory, record]);
}

async function cfbWithDirectory(handle: FileHandle, head: Buffer, size: number): Promise<Buffer> {
  const sectorShift = head.readUInt16LE(30);
  const firstDirectorySector = head.readUInt32LE(48);
  if (sectorShift < 9 || sectorShift > 12) return head;
  const sectorSize = 2 ** sectorShift;
  const position = (firstDirectorySector + 1) * sectorSize;
  if (position + sectorSize > size || position < HEAD_BYTES) return head;
  return Buffer.concat([head, await readAt(handle, position, sectorSize)]);
}

export async function readTypeSample(handle: FileHandle, size: number): Promise<Buffer> {
  if (size <= HEAD_BYTES) return readAt(handle, 0, size);
  const head = await readAt(handle, 0, HEAD_BYTES);
  if (startsWith(head, ZIP_LOCAL)) return (await compactZip(handle, head, size)) ?? head;
  if (startsWith(head, CFB)) return cfbWithDirectory(handle, head, size);
  return head;
}

/** The file's last TAIL_BYTES (a PDF's trailer), one positioned read. */
export function readTail(handle: FileHandle, size: number): Promise<Buffer> {
  const start = Math.max(0, size - TAIL_BYTES);
  return readAt(handle, start, size - start);
}
