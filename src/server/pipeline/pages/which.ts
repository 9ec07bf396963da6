/** Finds an executable on PATH without spawning a shell (`which` is not everywhere). */
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

export async function findExecutable(
  name: string,
  pathEnv: string | undefined = process.env.PATH,
): Promise<string | null> {
  const suffixes = process.platform === 'win32' ? ['.exe', '.cmd', '.bat', ''] : [''];
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const suffix of suffixes) {
      const candidate = join(dir, name + suffix);
      try {
        await access(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}
