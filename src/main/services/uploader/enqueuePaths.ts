/**
 * Paths (dropped, picked, spooled or found in a watched folder) into the upload queue: each file
 * is inspected (type by content and name, size, SHA-256) and enqueued with its result in one
 * batch, so a refused file shows in the tracker with its reason. A folder is expanded to the files
 * inside it (dotfiles skipped). A file that changed while it was read is answered as rejected
 * without being stored (the caller may offer it again).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { inspectFile } from '../intake/inspectFile';
import type { EnqueueItem, JobSource, UploadQueue } from '../uploads/queue';

/** Largest file accepted (the catalogue's FILE_TOO_LARGE beyond it). */
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024 * 1024;
/** At most this many files from one folder drop. */
const MAX_FILES_PER_FOLDER = 10_000;

export interface EnqueuePathsInput {
  paths: readonly string[];
  companyId: string;
  /** The signed-in user queuing the files (null: nobody, e.g. the agent). */
  ownerId?: string | null;
  source: JobSource;
  watchFolder?: string;
  allowDuplicate?: boolean;
  maxBytes?: number;
}

export type EnqueuePathResult =
  | { path: string; fileName: string; status: 'queued' | 'duplicate'; jobId: string }
  | {
      path: string;
      fileName: string;
      status: 'rejected';
      jobId: string | null;
      code: string;
      message: string;
    };

async function expand(entry: string): Promise<string[]> {
  let facts;
  try {
    facts = await stat(entry);
  } catch {
    return [entry]; // inspectFile words the error
  }
  if (!facts.isDirectory()) return [entry];
  const names = await readdir(entry, { recursive: true, withFileTypes: true });
  return names
    .filter((dirent) => dirent.isFile() && !dirent.name.startsWith('.'))
    .map((dirent) => path.join(dirent.parentPath, dirent.name))
    .filter(
      (file) =>
        !path
          .relative(entry, file)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    )
    .sort()
    .slice(0, MAX_FILES_PER_FOLDER);
}

export async function enqueuePaths(
  queue: UploadQueue,
  input: EnqueuePathsInput,
): Promise<EnqueuePathResult[]> {
  const files = (await Promise.all(input.paths.map(expand))).flat();
  const results: (EnqueuePathResult | null)[] = [];
  const items: EnqueueItem[] = [];
  const slots: number[] = [];
  for (const file of files) {
    const fileName = path.basename(file).normalize('NFC');
    const inspected = await inspectFile(file, {
      maxBytes: input.maxBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    });
    if (!inspected.ok && inspected.retryable) {
      results.push({
        path: file,
        fileName,
        status: 'rejected',
        jobId: null,
        code: inspected.code,
        message: inspected.message,
      });
      continue;
    }
    slots.push(results.length);
    results.push(null);
    items.push({
      sourcePath: file,
      fileName,
      companyId: input.companyId,
      ownerId: input.ownerId ?? null,
      source: input.source,
      watchFolder: input.watchFolder ?? null,
      allowDuplicate: input.allowDuplicate ?? false,
      validation: inspected.ok
        ? {
            ok: true,
            size: inspected.size,
            mtimeMs: inspected.mtimeMs,
            sha256: inspected.sha256,
            mimeType: inspected.mime,
          }
        : { ok: false, code: inspected.code, message: inspected.message },
    });
  }
  const stored = items.length > 0 ? queue.enqueue(items) : [];
  stored.forEach(({ job, duplicate }, index) => {
    const slot = slots[index] ?? -1;
    const base = {
      path: items[index]?.sourcePath ?? job.sourcePath,
      fileName: job.fileName,
      jobId: job.id,
    };
    results[slot] =
      job.state === 'failed' && !duplicate
        ? {
            ...base,
            status: 'rejected',
            code: job.lastErrorCode ?? 'REJECTED',
            message: job.lastErrorMessage ?? 'Rejected',
          }
        : { ...base, status: duplicate ? 'duplicate' : 'queued' };
  });
  return results.filter((result): result is EnqueuePathResult => result !== null);
}
