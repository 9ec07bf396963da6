import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { findFreePort } from '../../src/server/db/ports';
import { waitForExit } from '../../src/server/db/process-utils';

const readyLine = z.object({ event: z.literal('ready'), url: z.string().url() });

/**
 * Spawns the real server (src/server/main.ts) on the embedded database of `dataDir` and measures
 * the time from spawn to GET /health answering 200, then from SIGTERM to the process exiting.
 */
export async function timeServerToHealthy(repoRoot: string, mainPath: string, dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LEXDESK_READY_JSON: '1' };
  delete env.DATABASE_URL; // measure the embedded default, not an external server
  env.PORT = String(await findFreePort());
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let startMs: number;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no ready line within 60 s')), 60_000);
      createInterface({ input: child.stdout }).on('line', (line) => {
        const parsed = readyLine.safeParse(safeJson(line));
        if (parsed.success) {
          clearTimeout(timer);
          resolve(parsed.data.url);
        }
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
    });
    await waitForHealth(new URL('/health', url).toString());
    startMs = performance.now() - started;
  } catch (error) {
    await stopServer(child.pid, dataDir);
    throw error;
  }
  const stopMs = await stopServer(child.pid, dataDir);
  if (stopMs === undefined)
    throw new Error(`the server did not stop within 20 s of SIGTERM: ${stderr}`);
  return { startMs, stopMs };
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * SIGTERM, then SIGKILL. Returns how long a clean stop took, or undefined when it had to be killed
 * (a killed server leaves its postgres behind, which a start/stop on the folder cleans up).
 */
async function stopServer(pid: number | undefined, dataDir: string): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  const started = performance.now();
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return undefined;
  }
  if (await waitForExit(pid, 20_000)) return performance.now() - started;
  process.kill(pid, 'SIGKILL');
  await waitForExit(pid, 5_000);
  const recovered = await startEmbeddedPostgres({ dataDir });
  await recovered.stop();
  return undefined;
}
