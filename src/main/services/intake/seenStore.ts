/**
 * The 'seen' set of watched folders whose files stay in place after upload ('keep'): one entry
 * per file version (path in NFC, size, mtime, SHA-256), so rescans skip what was already taken,
 * while a file that is later changed counts as new. Kept in a small JSON file, written
 * atomically; a damaged file is moved aside and the set starts empty (at worst a kept file is
 * offered again, and the queue's hash dedupe catches it).
 */
import { z } from 'zod';
import { moveAside, readFileIfExists, writeFileAtomic } from '../atomicFile';

export interface FileVersion {
  path: string;
  size: number;
  mtimeMs: number;
}

export interface SeenEntry extends FileVersion {
  sha256: string;
}

export interface SeenStore {
  has(version: FileVersion): boolean;
  add(entry: SeenEntry): Promise<void>;
}

const SeenFile = z.object({
  version: z.literal(1),
  entries: z.array(
    z.object({
      path: z.string().min(1),
      size: z.number().int().nonnegative(),
      mtimeMs: z.number().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

export function versionKey(version: FileVersion): string {
  return `${version.path.normalize('NFC')}\u0000${version.size}\u0000${version.mtimeMs}`;
}

/** An in-memory store (tests, or a caller that persists elsewhere). */
export function createMemorySeenStore(): SeenStore & { entries(): SeenEntry[] } {
  const entries = new Map<string, SeenEntry>();
  return {
    has: (version) => entries.has(versionKey(version)),
    add: (entry) => {
      entries.set(versionKey(entry), { ...entry, path: entry.path.normalize('NFC') });
      return Promise.resolve();
    },
    entries: () => [...entries.values()],
  };
}

/** Loads (or starts) the JSON store at `file`. Writes are serialised. */
export async function openJsonSeenStore(file: string): Promise<SeenStore> {
  const memory = createMemorySeenStore();
  const bytes = await readFileIfExists(file);
  if (bytes !== null) {
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      json = null;
    }
    const parsed = SeenFile.safeParse(json);
    if (parsed.success) for (const entry of parsed.data.entries) await memory.add(entry);
    else await moveAside(file);
  }
  let writes: Promise<void> = Promise.resolve();
  return {
    has: memory.has,
    add: async (entry) => {
      await memory.add(entry);
      const data = JSON.stringify({ version: 1, entries: memory.entries() });
      writes = writes.catch(() => undefined).then(() => writeFileAtomic(file, data));
      await writes;
    },
  };
}
