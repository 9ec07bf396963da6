/**
 * Decides what a raw file holds by its bytes (shared/files/fileTypes), and so which reader stage 1
 * uses. Only the head is read, except for ZIP and OLE2 containers whose directory can be anywhere.
 */
import { open, stat } from 'node:fs/promises';
import {
  fileExtension,
  sniffFileType,
  type AcceptedFileType,
} from '../../../shared/files/fileTypes';
import type { InputKind } from '../types';
import { PipelineInputError } from './errors';

const HEAD_BYTES = 64 * 1024;
const MAX_CONTAINER_BYTES = 512 * 1024 * 1024;

export interface DetectedInput {
  kind: InputKind;
  type: AcceptedFileType;
  size: number;
}

export function kindOf(type: AcceptedFileType): InputKind {
  switch (type) {
    case 'pdf':
      return 'pdf';
    case 'png':
    case 'jpeg':
      return 'image';
    case 'docx':
      return 'docx';
    case 'doc':
      return 'doc';
    default:
      return 'single';
  }
}

async function readBytes(path: string, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function isContainer(head: Uint8Array): boolean {
  const zip = head[0] === 0x50 && head[1] === 0x4b;
  const ole = head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0;
  return zip || ole;
}

export async function detectInput(path: string): Promise<DetectedInput> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch (error) {
    throw new PipelineInputError('empty', `${path} does not exist or is not a file`, {
      cause: error,
    });
  }
  if (size === 0) throw new PipelineInputError('empty', `${path} is empty`);
  let bytes = await readBytes(path, Math.min(size, HEAD_BYTES));
  if (size > bytes.length && isContainer(bytes) && size <= MAX_CONTAINER_BYTES) {
    bytes = await readBytes(path, size);
  }
  const sniffed = sniffFileType(bytes);
  const type: AcceptedFileType | undefined =
    sniffed ?? (fileExtension(path) === 'csv' ? 'csv' : undefined);
  if (!type) {
    throw new PipelineInputError('unsupported', `${path} is not a supported file type`);
  }
  return { kind: kindOf(type), type, size };
}
