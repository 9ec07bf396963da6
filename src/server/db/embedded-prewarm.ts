/**
 * pg_prewarm's autoprewarm for the embedded PostgreSQL. PostgreSQL writes the list of blocks in its
 * shared buffers to autoprewarm.blocks at shutdown (and every 5 minutes), and a background worker
 * reads them back right after the next start, so a restarted database (an update, a crash, a
 * reboot) answers its first searches from memory instead of a few hundred random reads each
 * (issue 13: content search from a cold start; docs/PERFORMANCE.md). Turned on only where the
 * bundled PostgreSQL has the module: a library named in shared_preload_libraries that is missing
 * would stop PostgreSQL from starting.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const LIBRARY_FILES = ['pg_prewarm.so', 'pg_prewarm.dylib', 'pg_prewarm.dll'];

/** The postgres flags that turn autoprewarm on (none when `binaryDir` has no pg_prewarm). */
export function autoprewarmFlags(binaryDir: string | undefined): string[] {
  if (!binaryDir) return [];
  const libraryDir = path.join(binaryDir, '..', 'lib', 'postgresql');
  if (!LIBRARY_FILES.some((file) => existsSync(path.join(libraryDir, file)))) return [];
  return ['-c', 'shared_preload_libraries=pg_prewarm', '-c', 'pg_prewarm.autoprewarm=on'];
}
