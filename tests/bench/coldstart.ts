import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { ensureRendererBuilt, launchChromium, timeAppToFirstScreen } from './app-process';
import { writeDocSection } from './docSection';
import { timeServerToHealthy } from './server-process';
import { machine, summarize, timed, type Sample } from './stats';

// Cold start of the embedded PostgreSQL, of the whole server, and of the app (browser build through
// the headless host, to its first interactive screen in Chromium).
// Writes bench-results/coldstart.json and the cold-start section of docs/PERFORMANCE.md.
// Options: --runs N (default 5), --no-docs (do not touch docs/PERFORMANCE.md).

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const mainPath = path.join(repoRoot, 'src/server/main.ts');
const resultFile = path.join(repoRoot, 'bench-results/coldstart.json');
const docFile = path.join(repoRoot, 'docs/PERFORMANCE.md');

interface ColdStartResult {
  date: string;
  machine: ReturnType<typeof machine>;
  runs: number;
  embedded: { firstStart: Sample; start: Sample; stop: Sample; initEstimateMs: number };
  server: { freshDataDir: Sample; initialisedDataDir: Sample; stop: Sample } | { skipped: string };
  app: { hostReady: Sample; firstScreen: Sample; firstScreenInitialised: Sample; stop: Sample };
}

export async function run(args: string[]): Promise<void> {
  const runsArg = args.indexOf('--runs');
  const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 5;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');
  const base = await mkdtemp(path.join(tmpdir(), 'lexdesk-bench-'));
  try {
    const result: ColdStartResult = {
      date: new Date().toISOString(),
      machine: machine(),
      runs,
      embedded: await benchEmbedded(base, runs),
      server: existsSync(mainPath)
        ? await benchServer(base, runs)
        : { skipped: 'src/server/main.ts does not exist yet' },
      app: await benchApp(base, runs),
    };
    await mkdir(path.dirname(resultFile), { recursive: true });
    await writeFile(resultFile, JSON.stringify(result, null, 2) + '\n');
    process.stdout.write(renderSection(result) + '\n');
    if (!args.includes('--no-docs'))
      await writeDocSection(docFile, 'coldstart', renderSection(result));
    process.stdout.write(`\nwrote ${path.relative(repoRoot, resultFile)}\n`);
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

async function benchEmbedded(base: string, runs: number): Promise<ColdStartResult['embedded']> {
  const first: number[] = [];
  const start: number[] = [];
  const stop: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const { ms, value: db } = await timed(() =>
      startEmbeddedPostgres({ dataDir: path.join(base, `fresh-${i}`) }),
    );
    first.push(ms);
    await db.stop();
    log(`embedded first start ${i + 1}/${runs}: ${Math.round(ms)} ms`);
  }
  const warmDir = path.join(base, 'warm');
  await (await startEmbeddedPostgres({ dataDir: warmDir })).stop(); // initialise, not counted
  for (let i = 0; i < runs; i += 1) {
    const started = await timed(() => startEmbeddedPostgres({ dataDir: warmDir }));
    start.push(started.ms);
    stop.push((await timed(() => started.value.stop())).ms);
    log(
      `embedded start ${i + 1}/${runs}: ${Math.round(started.ms)} ms, stop ${Math.round(stop[i] ?? 0)} ms`,
    );
  }
  const firstStart = summarize(first);
  const warm = summarize(start);
  return {
    firstStart,
    start: warm,
    stop: summarize(stop),
    initEstimateMs: firstStart.medianMs - warm.medianMs,
  };
}

async function benchServer(base: string, runs: number): Promise<ColdStartResult['server']> {
  const fresh: number[] = [];
  const initialised: number[] = [];
  const stop: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const r = await timeServerToHealthy(repoRoot, mainPath, path.join(base, `server-fresh-${i}`));
    fresh.push(r.startMs);
    stop.push(r.stopMs);
    log(
      `server on a fresh data dir ${i + 1}/${runs}: ${Math.round(r.startMs)} ms, stop ${Math.round(r.stopMs)} ms`,
    );
  }
  const warmDir = path.join(base, 'server-fresh-0');
  for (let i = 0; i < runs; i += 1) {
    const r = await timeServerToHealthy(repoRoot, mainPath, warmDir);
    initialised.push(r.startMs);
    stop.push(r.stopMs);
    log(
      `server on an initialised data dir ${i + 1}/${runs}: ${Math.round(r.startMs)} ms, stop ${Math.round(r.stopMs)} ms`,
    );
  }
  return {
    freshDataDir: summarize(fresh),
    initialisedDataDir: summarize(initialised),
    stop: summarize(stop),
  };
}

async function benchApp(base: string, runs: number): Promise<ColdStartResult['app']> {
  ensureRendererBuilt(repoRoot);
  const browser = await launchChromium();
  const hostReady: number[] = [];
  const first: number[] = [];
  const firstInitialised: number[] = [];
  const stop: number[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const r = await timeAppToFirstScreen(repoRoot, path.join(base, `app-fresh-${i}`), browser);
      hostReady.push(r.hostReadyMs);
      first.push(r.firstScreenMs);
      stop.push(r.stopMs);
      log(
        `app on a fresh data dir ${i + 1}/${runs}: first screen ${Math.round(r.firstScreenMs)} ms`,
      );
    }
    for (let i = 0; i < runs; i += 1) {
      const r = await timeAppToFirstScreen(repoRoot, path.join(base, 'app-fresh-0'), browser);
      firstInitialised.push(r.firstScreenMs);
      stop.push(r.stopMs);
      log(`app on an initialised data dir ${i + 1}/${runs}: ${Math.round(r.firstScreenMs)} ms`);
    }
  } finally {
    await browser.close();
  }
  return {
    hostReady: summarize(hostReady),
    firstScreen: summarize(first),
    firstScreenInitialised: summarize(firstInitialised),
    stop: summarize(stop),
  };
}

function log(line: string) {
  process.stderr.write(`${line}\n`);
}

function renderSection(r: ColdStartResult): string {
  const row = (what: string, s: Sample) => `| ${what} | ${s.medianMs} | ${s.minMs} | ${s.maxMs} |`;
  const m = r.machine;
  const lines = [
    '## Cold start',
    '',
    `Measured ${r.date.slice(0, 10)} on ${m.cpu} (${m.cores} cores, ${m.memoryGiB} GiB), ${m.os}, Node ${m.node}; ` +
      `load average ${m.loadAverage} when the run began; median of ${r.runs} runs, in milliseconds.`,
    '',
    '| what | median | min | max |',
    '| --- | ---: | ---: | ---: |',
    row(
      'embedded PostgreSQL, first start on an empty data folder (initdb + start + create database)',
      r.embedded.firstStart,
    ),
    row('embedded PostgreSQL, start on an initialised data folder', r.embedded.start),
    row('embedded PostgreSQL, stop (fast shutdown)', r.embedded.stop),
  ];
  if ('skipped' in r.server) {
    lines.push(
      '',
      `Whole server (spawn to \`GET /health\` 200): not measured, ${r.server.skipped}.`,
    );
  } else {
    lines.push(
      row('whole server, spawn to `GET /health` 200, empty data folder', r.server.freshDataDir),
      row(
        'whole server, spawn to `GET /health` 200, initialised data folder',
        r.server.initialisedDataDir,
      ),
      row('whole server, SIGTERM to exit (closes HTTP, stops PostgreSQL)', r.server.stop),
    );
  }
  lines.push(
    row(
      'app (browser build), spawn of the host to `LexDesk running at`, empty data folder',
      r.app.hostReady,
    ),
    row(
      'app (browser build), spawn to the first interactive screen in Chromium, empty data folder',
      r.app.firstScreen,
    ),
    row(
      'app (browser build), spawn to the first interactive screen, initialised data folder',
      r.app.firstScreenInitialised,
    ),
    row('app, SIGTERM to exit (host, server and PostgreSQL)', r.app.stop),
    '',
    'The Electron window cannot be measured on this machine (the Electron binary cannot be downloaded here);',
    'the browser build runs the same renderer against the same server child.',
  );
  lines.push(
    '',
    `Initialising the cluster costs about ${r.embedded.initEstimateMs} ms (first start minus a normal start).`,
    'The whole-server numbers include Node starting, TypeScript loaded through tsx, PostgreSQL, migrations and Fastify.',
    '',
    'Rerun with `npm run bench -- coldstart` (`--runs N` for more samples); it rewrites this section and',
    '`bench-results/coldstart.json` (every sample, the machine, the date).',
  );
  return lines.join('\n');
}
