// `npm run bench -- pipeline-api`: how fast the API answers while the document pipeline works on
// a large PDF, with the pipeline in the server's child process (the default) and on the server's
// own event loop (PIPELINE_PROCESS=inline). The real server runs as a child process on a fresh
// database of the local PostgreSQL; a light GraphQL query is asked one after another, first with
// nothing to process, then while one upload is processed. Writes bench-results/pipeline-api.json
// and the pipeline-api section of docs/PERFORMANCE.md. Options: --no-docs, --pages N (300).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { registerOne, tusClient } from '../integration/fixtures/raw-files';
import { writeDocSection } from './docSection';
import { machine } from './stats';
import { startBenchServer, type BenchServer } from './upload-server';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const mainPath = path.join(repoRoot, 'src/server/main.ts');
const resultFile = path.join(repoRoot, 'bench-results/pipeline-api.json');
const docFile = path.join(repoRoot, 'docs/PERFORMANCE.md');
const MODES = ['child', 'inline'] as const;
type Mode = (typeof MODES)[number];
const IDLE_PROBES = 300;

interface Latency {
  probes: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

interface ModeResult {
  idle: Latency;
  processing: Latency;
  processingSeconds: number;
  status: string;
}

export async function run(args: string[]): Promise<void> {
  const pagesArg = args.indexOf('--pages');
  const pages = pagesArg >= 0 ? Number(args[pagesArg + 1]) : 300;
  if (!Number.isInteger(pages) || pages < 1) throw new Error('--pages takes a positive integer');
  const base = await mkdtemp(path.join(tmpdir(), 'lexdesk-pipeline-api-bench-'));
  try {
    const lines = Array.from(
      { length: 45 },
      (_, i) =>
        `Line ${i + 1}: progress report of the applicant, claim ${4_000_000 + i}, page text.`,
    );
    const pdf = await makeTextPdf(Array.from({ length: pages }, () => lines));
    const date = new Date().toISOString();
    const modes = {} as Record<Mode, ModeResult>;
    for (const mode of MODES) {
      modes[mode] = await measure(base, mode, pdf);
      log(
        `${mode}: processing ${modes[mode].processingSeconds} s, API p95 ${modes[mode].processing.p95Ms} ms, max ${modes[mode].processing.maxMs} ms`,
      );
    }
    const result = { date, machine: machine(), pages, pdfBytes: pdf.length, modes };
    await mkdir(path.dirname(resultFile), { recursive: true });
    await writeFile(resultFile, JSON.stringify(result, null, 2) + '\n');
    const section = render(result);
    process.stdout.write(`${section}\n`);
    if (!args.includes('--no-docs')) await writeDocSection(docFile, 'pipeline-api', section);
    process.stdout.write(`\nwrote ${path.relative(repoRoot, resultFile)}\n`);
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

async function measure(base: string, mode: Mode, pdf: Uint8Array): Promise<ModeResult> {
  const server = await startBenchServer(repoRoot, mainPath, path.join(base, mode), {
    PIPELINE_WORKERS: '1',
    PIPELINE_PROCESS: mode,
  });
  try {
    // Warm up (first GraphQL request compiles the schema's resolvers' paths), then the idle probes.
    await probes(server, () => false, 50);
    const idle = await probes(server, () => false, IDLE_PROBES);
    const file = await registerOne(server, server.token, server.companyId, {
      name: 'long-report.pdf',
      bytes: pdf,
    });
    const tus = tusClient(server, server.token);
    const created = await tus.create(file.id, pdf.length, 'long-report.pdf');
    const patched = await tus.patch(created.location, 0, pdf);
    if (patched.status !== 204) throw new Error(`upload failed: ${patched.status} ${patched.text}`);
    const started = performance.now();
    let status = 'Uploaded';
    let checking = false;
    const watch = setInterval(() => {
      if (checking) return;
      checking = true;
      void server.db
        .query<{ status: string }>('SELECT status FROM raw_file WHERE id = $1', [file.id])
        .then((answer) => (status = answer.rows[0]?.status ?? 'missing'))
        .finally(() => (checking = false));
    }, 100);
    const finished = () => !['Uploaded', 'Processing'].includes(status);
    let processing: Latency;
    try {
      processing = await probes(server, finished, Infinity, 180_000);
    } finally {
      clearInterval(watch);
    }
    return {
      idle,
      processing,
      processingSeconds: Math.round((performance.now() - started) / 100) / 10,
      status,
    };
  } finally {
    await server.stop();
  }
}

/** Asks `{ viewer { user { id } } }` one request after another until `done()` or `count` answers. */
async function probes(
  server: BenchServer,
  done: () => boolean,
  count: number,
  timeoutMs = 60_000,
): Promise<Latency> {
  const samples: number[] = [];
  const deadline = Date.now() + timeoutMs;
  while (samples.length < count && !done()) {
    if (Date.now() > deadline) throw new Error('the pipeline did not finish in time');
    const started = performance.now();
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ query: '{ viewer { user { id } } }' }),
    });
    const body = (await response.json()) as { data?: { viewer?: { user?: { id?: string } } } };
    if (!body.data?.viewer?.user?.id) throw new Error(`probe failed: ${JSON.stringify(body)}`);
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return latency(samples);
}

function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const r = (ms: number) => Math.round(ms * 10) / 10;
  return {
    probes: samples.length,
    p50Ms: r(at(0.5)),
    p95Ms: r(at(0.95)),
    p99Ms: r(at(0.99)),
    maxMs: r(sorted[sorted.length - 1] ?? 0),
  };
}

function render(result: {
  date: string;
  machine: ReturnType<typeof machine>;
  pages: number;
  pdfBytes: number;
  modes: Record<Mode, ModeResult>;
}): string {
  const m = result.machine;
  const row = (label: string, l: Latency) =>
    `| ${label} | ${l.probes} | ${l.p50Ms} | ${l.p95Ms} | ${l.p99Ms} | ${l.maxMs} |`;
  const lines = [
    '## API while the pipeline works',
    '',
    `Measured ${result.date.slice(0, 10)} on ${m.cpu} (${m.cores} cores, ${m.memoryGiB} GiB), ${m.os}, Node ${m.node}; load average ${m.loadAverage} when the run began. The real server runs as a child process on a fresh database of the local PostgreSQL, with one pipeline worker; a ${result.pages}-page text PDF (${Math.round(result.pdfBytes / 1e5) / 10} MB) is uploaded and, until it is processed, the bench asks \`{ viewer { user { id } } }\` (a session check and one small answer) one request after another, 5 ms apart.`,
    '',
    '| pipeline runs | requests | p50 ms | p95 ms | p99 ms | max ms |',
    '| --- | --: | --: | --: | --: | --: |',
  ];
  for (const mode of MODES) {
    const r = result.modes[mode];
    const where =
      mode === 'child' ? "in the server's child process (default)" : "on the server's event loop";
    lines.push(row(`nothing to process (${mode})`, r.idle));
    lines.push(row(`${where}: ${r.processingSeconds} s, ends ${r.status}`, r.processing));
  }
  lines.push(
    '',
    'Both share the same two cores, so the child process still takes CPU time from the server;',
    'what it no longer does is hold the event loop while pdf.js or pdf-lib works synchronously.',
    '',
    'Rerun with `npm run bench -- pipeline-api` (`--no-docs` to leave this file alone, `--pages N`);',
    'it rewrites this section and `bench-results/pipeline-api.json`.',
  );
  return lines.join('\n');
}

const log = (line: string) => process.stderr.write(`${line}\n`);
