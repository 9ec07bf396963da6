/**
 * Stores a document's PDF as a stored file of the raw file's company, served by /files like any
 * upload. The key is derived from the raw file and the page range, so a retried or repeated run
 * replaces its own file instead of leaving another behind.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { storedFile, type RawFileRow } from '../../db/schema';
import type { DocumentRange } from '../../pipeline/types';
import type { FileStorage } from '../files/storage';
import { sha256OfFile } from '../files/hash';

const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** 32 URL-safe characters, the shape of every stored file key. */
export function documentKey(
  rawFileId: string,
  range: Pick<DocumentRange, 'startPage' | 'endPage'>,
) {
  return createHash('sha256')
    .update(`processed:${rawFileId}:${range.startPage}:${range.endPage}`)
    .digest('base64url')
    .slice(0, 32);
}

export async function storeDocumentFile(
  db: Database,
  storage: FileStorage,
  raw: RawFileRow,
  range: Pick<DocumentRange, 'startPage' | 'endPage'>,
  file: { path: string; name: string },
): Promise<string> {
  const key = documentKey(raw.id, range);
  const extension = file.path.split('.').pop()?.toLowerCase() ?? '';
  const { size } = await stat(file.path);
  await storage.remove(raw.company_id, key);
  await storage.putFile(raw.company_id, key, file.path);
  const values = {
    key,
    company_id: raw.company_id,
    uploaded_by: null,
    content_type: MIME_BY_EXTENSION[extension] ?? raw.mime ?? 'application/octet-stream',
    size,
    sha256: await sha256OfFile(file.path),
    original_name: file.name.slice(0, 255),
  };
  await db
    .insert(storedFile)
    .values(values)
    .onConflictDoUpdate({
      target: storedFile.key,
      set: {
        size: sql`excluded.size`,
        sha256: sql`excluded.sha256`,
        content_type: sql`excluded.content_type`,
        original_name: sql`excluded.original_name`,
      },
    });
  return key;
}
