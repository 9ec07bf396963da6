/**
 * Saving a file the app shows: the bytes are fetched (the server's links are signed, on another
 * origin, so a plain link would open rather than save) and handed to the browser as a download
 * under a name chosen here (downloadName.ts).
 */
import type { PdfSource } from '../processed-file/loadPdfjs';

export async function fileBlob(source: PdfSource, type = 'application/pdf'): Promise<Blob> {
  if (source.kind === 'bytes') return new Blob([source.bytes.slice()], { type });
  const response = await fetch(source.url);
  if (!response.ok) throw new Error(`The file could not be fetched (${response.status}).`);
  return response.blob();
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started; the next task may let the blob go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
