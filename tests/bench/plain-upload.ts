import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { stopChild } from './upload-server';

const serverPath = fileURLToPath(new URL('./plain-server.ts', import.meta.url));

/**
 * The baseline: plain-server.ts in a child process streams the request body to `target`; here a
 * node:http client pipes fs.createReadStream into a PUT. Returns the milliseconds from the
 * request's start to the server's answer (every byte on disk).
 */
export async function plainUpload(source: string, target: string): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverPath, target], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', (line) => resolve(Number(line)));
      child.once('exit', (code) => reject(new Error(`plain server exited (${code})`)));
    });
    const size = (await stat(source)).size;
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: '/upload',
          headers: { 'Content-Length': String(size), 'Content-Type': 'application/octet-stream' },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 204
              ? resolve()
              : reject(new Error(`plain upload ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      pipeline(createReadStream(source), req).catch(reject);
    });
    const ms = performance.now() - started;
    if ((await stat(target)).size !== size) throw new Error('plain upload: size differs');
    return ms;
  } finally {
    await stopChild(child);
  }
}

/** VmRSS of a process in bytes (Linux /proc), or undefined when it is gone. */
export async function rssOf(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kb = status?.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  return kb === undefined ? undefined : Number(kb) * 1024;
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak seen. */
export function sampleRss(pid: number, everyMs = 50) {
  let peak = 0;
  let samples = 0;
  const timer = setInterval(() => {
    void rssOf(pid).then((rss) => {
      if (rss === undefined) return;
      samples += 1;
      peak = Math.max(peak, rss);
    });
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return { peak, samples };
    },
  };
}
