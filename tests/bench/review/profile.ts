/**
 * `BENCH_PROF=<dir>`: a CPU profile of the API loop of each probe (this process, through
 * node:inspector), written as <dir>/review-<probe>.cpuprofile for Chrome DevTools or speedscope.
 * Only the timed requests are profiled, not the seeding or the SQL replay.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROF;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const value = await work();
    const { profile } = await session.post('Profiler.stop');
    await mkdir(dir, { recursive: true });
    const file = `review-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.cpuprofile`;
    await writeFile(path.join(dir, file), JSON.stringify(profile));
    return value;
  } finally {
    session.disconnect();
  }
}
