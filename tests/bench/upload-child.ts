import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { profileFlags, type BenchServer } from './upload-server';

// Starts upload-worker.ts (the uploader in a process of its own) and waits for its JSON lines.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const workerPath = path.join(repoRoot, 'tests/bench/upload-worker.ts');

export type WorkerMessage = { type: string; ms?: number; message?: string; file?: string };

export function startWorker(
  base: string,
  server: BenchServer,
  mode: 'file' | 'watch',
  target: string,
  children: ChildProcess[],
  failures: string[],
  suffix = '',
) {
  const config = {
    mode,
    queueFile: path.join(base, `queue-${mode}${suffix}.db`),
    seenFile: path.join(base, `seen-${mode}${suffix}.json`),
    serverUrl: server.url,
    token: server.token,
    companyId: server.companyId,
    target,
  };
  const child = spawn(process.execPath, [...profileFlags(), '--import', 'tsx', workerPath], {
    cwd: repoRoot,
    env: { ...process.env, BENCH_UPLOAD_WORKER: JSON.stringify(config) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const waiting = new Map<string, (message: WorkerMessage) => void>();
  const seen = new Map<string, WorkerMessage>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let message: WorkerMessage;
    try {
      message = JSON.parse(line) as WorkerMessage;
    } catch {
      return;
    }
    if (message.type === 'failed') failures.push(`${message.file}: ${message.message}`);
    seen.set(message.type, message);
    waiting.get(message.type)?.(message);
  });
  return {
    child,
    next: (type: string, timeoutMs = 60_000) =>
      new Promise<WorkerMessage>((resolve, reject) => {
        const already = seen.get(type);
        if (already) return resolve(already);
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `uploader child: no '${type}' within ${timeoutMs} ms (${failures.join('; ')})`,
              ),
            ),
          timeoutMs,
        );
        child.once('exit', (code) => reject(new Error(`uploader child exited (${code})`)));
        waiting.set(type, (message) => {
          clearTimeout(timer);
          resolve(message);
        });
      }),
  };
}
