/**
 * File intake in the renderer: the files of a drop (folders walked with webkitGetAsEntry), the
 * content hash used for the duplicate check, the server's duplicate check (POST
 * /raw-files/isDuplicateFile) and the host's spool endpoint for the browser build
 * (src/main/host/spool.ts). The Electron build hands paths to the main process instead.
 */
import { z } from 'zod';
import { EnqueuePathResult } from '../../../shared/ipc/contract';

/** Files above this size are checked by name only (hashing reads the whole file into memory). */
export const HASH_LIMIT_BYTES = 64 * 1024 * 1024;
export const SPOOL_PATH = '/spool';
export const SPOOL_TOKEN_HEADER = 'X-LexDesk-Bridge-Token';
/** The signed-in window's key (app/windowKey.ts): the host spools only for that window. */
export const SPOOL_WINDOW_HEADER = 'X-LexDesk-Window';

interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
}
interface FileEntryLike extends EntryLike {
  file(success: (file: File) => void, failure: (error: unknown) => void): void;
}
interface DirectoryEntryLike extends EntryLike {
  createReader(): {
    readEntries(success: (entries: EntryLike[]) => void, failure: (error: unknown) => void): void;
  };
}

async function readAllEntries(dir: DirectoryEntryLike): Promise<EntryLike[]> {
  const reader = dir.createReader();
  const all: EntryLike[] = [];
  // readEntries answers in batches (about 100 at a time) until it answers an empty one.
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/** The files under an entry; hidden files and folders (dot names) are skipped. */
export async function filesOfEntry(entry: EntryLike): Promise<File[]> {
  if (entry.name.startsWith('.')) return [];
  if (entry.isFile) {
    const fileEntry = entry as FileEntryLike;
    return [await new Promise<File>((resolve, reject) => fileEntry.file(resolve, reject))];
  }
  if (!entry.isDirectory) return [];
  const children = await readAllEntries(entry as DirectoryEntryLike);
  const nested = await Promise.all(children.map(filesOfEntry));
  return nested.flat();
}

/** Every file of a drop, folders included. Entries are taken synchronously, as the API requires. */
export async function filesOfDrop(data: DataTransfer): Promise<File[]> {
  const entries: EntryLike[] = [];
  const loose: File[] = [];
  for (const item of Array.from(data.items)) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry() as EntryLike | null;
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  if (entries.length === 0 && loose.length === 0) return Array.from(data.files);
  const walked = await Promise.all(entries.map(filesOfEntry));
  return [...walked.flat(), ...loose];
}

export function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of a file, or null when it is too large to hash here or WebCrypto is unavailable. */
export async function sha256Of(file: File): Promise<string | null> {
  if (file.size > HASH_LIMIT_BYTES || typeof crypto === 'undefined' || !crypto.subtle) return null;
  return toHex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
}

const DuplicateAnswer = z.object({
  data: z.array(z.object({ fileName: z.string(), duplicate: z.boolean() })),
});

/**
 * Names of the files whose name (and, when hashed, content) match a raw file of the company.
 * Files with and without a hash go in separate requests: one request takes hashes for all or none.
 */
export async function findDuplicates(request: {
  serverUrl: string;
  token: string;
  companyId: string;
  files: ReadonlyArray<{ name: string; sha256: string | null }>;
  fetchFn?: typeof fetch;
}): Promise<Set<string>> {
  const fetchFn = request.fetchFn ?? fetch;
  const hashed = request.files.filter((file) => file.sha256 !== null);
  const unhashed = request.files.filter((file) => file.sha256 === null);
  const found = new Set<string>();
  for (const group of [hashed, unhashed]) {
    if (group.length === 0) continue;
    const body = {
      companyIds: [request.companyId],
      fileNames: group.map((file) => file.name),
      ...(group === hashed ? { sha256s: group.map((file) => file.sha256 ?? '') } : {}),
    };
    const response = await fetchFn(`${request.serverUrl}/raw-files/isDuplicateFile`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${request.token}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`Duplicate check answered ${response.status}`);
    const parsed = DuplicateAnswer.parse(await response.json());
    for (const item of parsed.data) if (item.duplicate) found.add(item.fileName);
  }
  return found;
}

const SpoolAnswer = z.union([
  z.object({ results: z.array(EnqueuePathResult) }),
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type SpoolResult = EnqueuePathResult;

/** Streams one file to the host's spool; it then goes through the same queue as a desktop drop. */
export async function spoolFile(request: {
  origin: string;
  bridgeToken: string;
  windowKey: string | null;
  companyId: string;
  file: File;
  fetchFn?: typeof fetch;
}): Promise<SpoolResult[]> {
  const fetchFn = request.fetchFn ?? fetch;
  const query = new URLSearchParams({ name: request.file.name, company_id: request.companyId });
  const response = await fetchFn(`${request.origin}${SPOOL_PATH}?${query.toString()}`, {
    method: 'POST',
    headers: {
      [SPOOL_TOKEN_HEADER]: request.bridgeToken,
      ...(request.windowKey ? { [SPOOL_WINDOW_HEADER]: request.windowKey } : {}),
      'Content-Type': 'application/octet-stream',
    },
    body: request.file,
  });
  const parsed = SpoolAnswer.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error(`The host answered ${response.status} to a spooled file`);
  if ('error' in parsed.data) {
    const { code, message } = parsed.data.error;
    return [
      {
        path: request.file.name,
        fileName: request.file.name,
        status: 'rejected',
        jobId: null,
        code,
        message,
      },
    ];
  }
  return parsed.data.results;
}

/** One line for the user about files that were not queued. */
export function describeOutcome(results: readonly EnqueuePathResult[]): {
  queued: number;
  problems: string[];
} {
  const problems: string[] = [];
  let queued = 0;
  for (const result of results) {
    if (result.status === 'queued') queued += 1;
    else if (result.status === 'duplicate')
      problems.push(`${result.fileName}: already uploaded or waiting in the upload queue.`);
    else problems.push(`${result.fileName}: ${result.message ?? 'Rejected'}`);
  }
  return { queued, problems };
}

/** After the duplicate question: every file ("Upload anyway"), or all but the duplicates ("Skip"). */
export function filesToSend<T>(
  files: readonly T[],
  duplicates: readonly T[],
  uploadAnyway: boolean,
): T[] {
  return uploadAnyway ? [...files] : files.filter((file) => !duplicates.includes(file));
}
