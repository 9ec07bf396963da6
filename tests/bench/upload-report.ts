import type { machine } from './stats';

export interface UploadBenchResult {
  date: string;
  machine: ReturnType<typeof machine>;
  throughput_ratio: number;
  peak_rss_mb_over_idle_1gb: number;
  watch_1000: {
    lost: number;
    duplicated: number;
    seconds: number;
    files: number;
    uploaded: number;
  };
  raw: {
    fileBytes: number;
    plainMs: number;
    plainRunsMs: number[];
    plainMBps: number;
    lexdeskSendMs: number;
    lexdeskSendRunsMs: number[];
    lexdeskHashRunsMs: number[];
    lexdeskMBps: number;
    rssOverIdleRunsMb: number[];
    idleRssMb: number;
    peakRssMb: number;
    rssSamples: number;
    serverStatus: string;
    failures: string[];
  };
}

export function renderUploadSection(r: UploadBenchResult): string {
  const m = r.machine;
  const w = r.watch_1000;
  const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
  return [
    '## Upload',
    '',
    `Measured ${r.date.slice(0, 10)} on ${m.cpu} (${m.cores} cores, ${m.memoryGiB} GiB), ${m.os}, Node ${m.node}; ` +
      `load average ${m.loadAverage} when the run began. The real server runs as a child process on a fresh ` +
      'database of the local PostgreSQL; the uploader (`createUploadService`, default settings) runs in a ' +
      'child process of its own; everything on loopback.',
    '',
    '| what | value | target |',
    '| --- | ---: | --- |',
    `| plain streaming HTTP PUT of the ${mib(r.raw.fileBytes)} MiB file (node:http client to a node:http server process piping to fs.createWriteStream; median of ${r.raw.plainRunsMs.length}: ${r.raw.plainRunsMs.map(ms).join(', ')} s) | ${r.raw.plainMBps} MB/s (${ms(r.raw.plainMs)} s) | |`,
    `| LexDesk: queue start to raw file uploaded (register, tus PATCH, server SHA-256 check; median of ${r.raw.lexdeskSendRunsMs.length}: ${r.raw.lexdeskSendRunsMs.map(ms).join(', ')} s) | ${r.raw.lexdeskMBps} MB/s (${ms(r.raw.lexdeskSendMs)} s) | |`,
    `| throughput ratio (LexDesk / plain) | ${r.throughput_ratio} | >= 0.8, ${mark(r.throughput_ratio >= 0.8)} |`,
    `| enqueue of the 1 GiB file (type check + SHA-256, before the upload) | ${r.raw.lexdeskHashRunsMs.map(ms).join(', ')} s | |`,
    `| uploader process RSS over idle per round (sampled every 50 ms) | ${r.raw.rssOverIdleRunsMb.join(', ')} MB | |`,
    `| uploader process RSS in the worst round: idle / peak (${r.raw.rssSamples} samples) | ${r.raw.idleRssMb} / ${r.raw.peakRssMb} MB | |`,
    `| peak RSS over idle while enqueuing and uploading 1 GiB | ${r.peak_rss_mb_over_idle_1gb} MB | < 150 MB, ${mark(r.peak_rss_mb_over_idle_1gb < 150)} |`,
    `| ${w.files} small PDFs written into a watched folder: until all are raw files past Uploading | ${w.seconds} s | |`,
    `| lost / duplicated (by SHA-256 on the server) | ${w.lost} / ${w.duplicated} | 0 / 0, ${mark(w.lost === 0 && w.duplicated === 0)} |`,
    '',
    'MB = 10^6 bytes. The LexDesk time includes the server checking the SHA-256 of what it received',
    'before it answers the last PATCH, work the plain upload does not do: a worker thread reads the',
    'file back behind the writer and hashes it as the bytes arrive',
    '(`src/server/domains/uploads/hashingStore.ts`, `threadHash.ts`), so it overlaps the transfer.',
    'The server runs with `PIPELINE_WORKERS=0`: this measures the upload path, and the document',
    'pipeline would otherwise parse each 1 GiB upload on the same two cores during the next round.',
    'Each timed upload starts after `sync` and, where the bench may (root on Linux), with the clean',
    'page cache dropped, and with the source just read once (LexDesk reads it to hash it at enqueue,',
    'the plain side reads it before its upload). Without the drop, whichever side wrote into memory',
    'the other had just freed was the faster: on this machine the same 1 GiB upload then took',
    'anywhere from 1.3 to 4 s, and the ratio swung between 0.4 and 1.4 from run to run.',
    "The watched folder uses the app's defaults (a file must stay unchanged for 3 s before it is",
    'read; two upload workers). Other processes share this machine, so the numbers move between',
    'runs; compare the ratio rather than the MB/s. `BENCH_PROF=<dir>` writes CPU profiles of the',
    'server and uploader processes.',
    ...(r.raw.failures.length > 0 ? ['', `Failures reported: ${r.raw.failures.join('; ')}`] : []),
    '',
    'Rerun with `npm run bench -- upload` (`--no-docs` to leave this file alone); it rewrites this',
    'section and `bench-results/upload.json`.',
  ].join('\n');
}

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
const ms = (value: number) => Math.round(value / 100) / 10;
