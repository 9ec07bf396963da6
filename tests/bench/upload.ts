import { type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWorker } from './upload-child';
import { plainUpload, rssOf, sampleRss } from './plain-upload';
import { writeDocSection } from './docSection';
import { renderUploadSection, type UploadBenchResult } from './upload-report';
import { startBenchServer, stopChild, type BenchServer } from './upload-server';
import { machine, settleDisk, summarize } from './stats';

// Upload throughput against a plain streaming HTTP upload, the uploader's memory on a 1 GiB file,
// and 1,000 files through a watched folder. Writes bench-results/upload.json and the upload
// section of docs/PERFORMANCE.md. Options: --no-docs, --files N (default 1000), --rounds N
// (default 5: plain and LexDesk uploads alternate; medians count, RSS is the worst round).

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const mainPath = path.join(repoRoot, 'src/server/main.ts');
const resultFile = path.join(repoRoot, 'bench-results/upload.json');
const docFile = path.join(repoRoot, 'docs/PERFORMANCE.md');
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

export async function run(args: string[]): Promise<void> {
  const roundsArg = args.indexOf('--rounds');
  const rounds = roundsArg >= 0 ? Number(args[roundsArg + 1]) : 5;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a positive integer');
  const filesArg = args.indexOf('--files');
  const files = filesArg >= 0 ? Number(args[filesArg + 1]) : 1000;
  if (!Number.isInteger(files) || files < 1) throw new Error('--files takes a positive integer');
  const base = await mkdtemp(path.join(tmpdir(), 'lexdesk-upload-bench-'));
  const children: ChildProcess[] = [];
  let server: BenchServer | undefined;
  const failures: string[] = [];
  try {
    const date = new Date().toISOString();
    const source = path.join(base, 'source', 'bench-1gib.pdf');
    await writeBigFile(source, GIB);
    log(`wrote ${source}`);
    server = await startBenchServer(repoRoot, mainPath, path.join(base, 'server'));
    log(`server at ${server.url}`);

    // Alternate the two so a busy neighbour on this machine hits both alike; medians count.
    const plainTarget = path.join(base, 'plain-received.bin');
    const plainRuns: number[] = [];
    const runs: LexdeskRun[] = [];
    for (let i = 0; i < rounds; i += 1) {
      // Each upload starts with no writeback of earlier rounds' files still under way (sync), so
      // neither side pays for the other's 1 GiB reaching the disk, and with the source read once
      // just before (LexDesk's enqueue reads it to hash it; the plain side reads it here).
      settleDisk();
      await readThrough(source);
      plainRuns.push(await plainUpload(source, plainTarget));
      await rm(plainTarget, { force: true });
      settleDisk();
      runs.push(await lexdeskUpload(base, server, source, i, children, failures));
      const r = runs[i];
      log(
        `round ${i + 1}/${rounds}: plain ${Math.round(plainRuns[i] ?? 0)} ms, lexdesk ${Math.round(r?.sendMs ?? 0)} ms, ` +
          `RSS over idle ${mb((r?.peak ?? 0) - (r?.idle ?? 0))} MB`,
      );
    }
    const status = await server.db.query<{ status: string }>(
      'SELECT status FROM raw_file WHERE company_id = $1 AND size = $2',
      [server.companyId, GIB],
    );
    await rm(source, { force: true });
    const plainMs = summarize(plainRuns).medianMs;
    const sendMs = summarize(runs.map((r) => r.sendMs)).medianMs;
    const worst = runs.reduce((a, b) => (b.peak - b.idle > a.peak - a.idle ? b : a));

    const watch = await watchBench(base, server, files, children, failures);
    const plainMBps = round2(GIB / 1e6 / (plainMs / 1000));
    const lexdeskMBps = round2(GIB / 1e6 / (sendMs / 1000));
    const result: UploadBenchResult = {
      date,
      machine: machine(),
      throughput_ratio: round2(lexdeskMBps / plainMBps),
      peak_rss_mb_over_idle_1gb: mb(worst.peak - worst.idle),
      watch_1000: watch,
      raw: {
        fileBytes: GIB,
        plainMs,
        plainRunsMs: plainRuns.map((ms) => Math.round(ms)),
        plainMBps,
        lexdeskSendMs: sendMs,
        lexdeskSendRunsMs: runs.map((r) => Math.round(r.sendMs)),
        lexdeskHashRunsMs: runs.map((r) => Math.round(r.hashMs)),
        lexdeskMBps,
        rssOverIdleRunsMb: runs.map((r) => mb(r.peak - r.idle)),
        idleRssMb: mb(worst.idle),
        peakRssMb: mb(worst.peak),
        rssSamples: worst.samples,
        serverStatus: status.rows.map((row) => row.status).join(',') || 'missing',
        failures: failures.slice(0, 10),
      },
    };
    await mkdir(path.dirname(resultFile), { recursive: true });
    await writeFile(resultFile, JSON.stringify(result, null, 2) + '\n');
    const section = renderUploadSection(result);
    process.stdout.write(`${section}\n`);
    if (!args.includes('--no-docs')) await writeDocSection(docFile, 'upload', section);
    process.stdout.write(`\nwrote ${path.relative(repoRoot, resultFile)}\n`);
  } finally {
    for (const child of children) await stopChild(child);
    await server?.stop();
    await rm(base, { recursive: true, force: true });
  }
}

interface LexdeskRun {
  hashMs: number;
  sendMs: number;
  idle: number;
  peak: number;
  samples: number;
}

/** One upload of `source` by a fresh uploader process (its own queue), RSS sampled throughout. */
async function lexdeskUpload(
  base: string,
  server: BenchServer,
  source: string,
  round: number,
  children: ChildProcess[],
  failures: string[],
): Promise<LexdeskRun> {
  const worker = startWorker(base, server, 'file', source, children, failures, `-${round}`);
  try {
    await worker.next('idle');
    await sleep(1000);
    const idle = await idleRss(worker.child.pid ?? -1);
    const sampler = sampleRss(worker.child.pid ?? -1);
    worker.child.stdin?.write('go\n');
    const enqueued = await worker.next('enqueued');
    const uploaded = await worker.next('uploaded', 120_000);
    const { peak, samples } = sampler.stop();
    return { hashMs: enqueued.ms ?? 0, sendMs: uploaded.ms ?? 0, idle, peak, samples };
  } finally {
    await stopChild(worker.child);
  }
}

async function watchBench(
  base: string,
  server: BenchServer,
  files: number,
  children: ChildProcess[],
  failures: string[],
): Promise<UploadBenchResult['watch_1000']> {
  const folder = path.join(base, 'watched');
  await mkdir(folder, { recursive: true });
  const worker = startWorker(base, server, 'watch', folder, children, failures);
  await worker.next('watching');
  const hashes: string[] = [];
  const started = performance.now();
  for (let i = 0; i < files; i += 1) {
    const body = Buffer.from(
      `%PDF-1.4\n% LexDesk bench file ${i} ${randomBytes(16).toString('hex')}\nstartxref\n0\n%%EOF\n`,
    );
    hashes.push(createHash('sha256').update(body).digest('hex'));
    await writeFile(path.join(folder, `bench-${String(i).padStart(4, '0')}.pdf`), body);
  }
  log(`wrote ${files} files into the watched folder`);
  const deadline = Date.now() + 150_000;
  let done: number;
  let seconds: number;
  for (;;) {
    const counted = await server.db.query<{ n: string }>(
      `SELECT count(DISTINCT sha256) AS n FROM raw_file
        WHERE company_id = $1 AND sha256 = ANY($2) AND status <> 'Uploading'`,
      [server.companyId, hashes],
    );
    done = Number(counted.rows[0]?.n ?? 0);
    seconds = Math.round((performance.now() - started) / 100) / 10;
    if (done >= files || Date.now() > deadline) break;
    await sleep(200);
  }
  log(`watched folder: ${done}/${files} after ${seconds} s`);
  await stopChild(worker.child);
  const rows = await server.db.query<{ sha256: string; n: string }>(
    `SELECT sha256, count(*) AS n FROM raw_file
      WHERE company_id = $1 AND sha256 = ANY($2) GROUP BY sha256`,
    [server.companyId, hashes],
  );
  const present = new Set(rows.rows.map((row) => row.sha256));
  const duplicated = rows.rows.reduce((sum, row) => sum + Math.max(0, Number(row.n) - 1), 0);
  return {
    lost: hashes.filter((hash) => !present.has(hash)).length,
    duplicated,
    seconds,
    files,
    uploaded: done,
  };
}

/** 1 MiB random block repeated, with the block number written into each copy, a PDF head and end. */
const PDF_END = Buffer.from('\nstartxref\n0\n%%EOF\n');

async function writeBigFile(file: string, size: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const block = randomBytes(MIB);
  block.write('%PDF-1.4\n', 0);
  const out = createWriteStream(file);
  for (let i = 0; i < size / MIB; i += 1) {
    const copy = Buffer.from(block);
    if (i > 0) copy.writeUInt32BE(i, 0);
    if (i === size / MIB - 1) PDF_END.copy(copy, copy.length - PDF_END.length);
    if (!out.write(copy)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  if ((await stat(file)).size !== size) throw new Error('the 1 GiB file came out short');
}

async function idleRss(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    samples.push((await rssOf(pid)) ?? 0);
    await sleep(50);
  }
  return Math.max(...samples);
}

/** Reads a file once, discarding the bytes (its pages are then cached, as after a hash). */
async function readThrough(file: string): Promise<void> {
  for await (const chunk of createReadStream(file)) void chunk;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
const log = (line: string) => process.stderr.write(`${line}\n`);
