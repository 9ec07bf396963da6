/**
 * Reads the CSV file picked for an import in the renderer (File.text()) and checks what can be
 * checked before sending it: a .csv name, not empty, and small enough to travel in one GraphQL
 * request (the server accepts request bodies up to 1 MiB; the text goes JSON-encoded).
 */
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';

/** The server's request body limit, less room for the rest of the request. */
export const MAX_IMPORT_REQUEST_BYTES = 1024 * 1024 - 4 * 1024;

export type CsvRead = { ok: true; text: string } | { ok: false; message: string };

/** Bytes the text takes inside a JSON request body. */
export function encodedSize(text: string): number {
  return new TextEncoder().encode(JSON.stringify(text)).length;
}

export function checkCsvText(name: string, text: string): CsvRead {
  if (!/\.csv$/i.test(name.trim())) return { ok: false, message: ERRORS.INVALID_FILE_TYPE };
  if (text.replace(/^\uFEFF/, '').trim() === '')
    return { ok: false, message: PRODUCT_ERRORS.FILE_EMPTY };
  if (encodedSize(text) > MAX_IMPORT_REQUEST_BYTES)
    return { ok: false, message: PRODUCT_ERRORS.FILE_TOO_LARGE };
  return { ok: true, text };
}

export async function readCsvFile(file: File): Promise<CsvRead> {
  if (!/\.csv$/i.test(file.name.trim())) return { ok: false, message: ERRORS.INVALID_FILE_TYPE };
  // A file far over the limit is refused before it is read.
  if (file.size > 2 * MAX_IMPORT_REQUEST_BYTES)
    return { ok: false, message: PRODUCT_ERRORS.FILE_TOO_LARGE };
  try {
    return checkCsvText(file.name, await file.text());
  } catch {
    return { ok: false, message: PRODUCT_ERRORS.FILE_UNREADABLE };
  }
}
