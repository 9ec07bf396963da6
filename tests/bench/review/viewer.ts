/**
 * Time from opening a processed file to its first page painted in the viewer, as a user meets it:
 * a server listens on 127.0.0.1, the headless host serves the browser build against it, and
 * Chromium signs in through the form. That server is built like the real app's (no PUBLIC_URL, so
 * its links carry the address and port it listens on, src/server/http/origin.ts), not the bench's
 * injected one, whose fixed publicUrl names no port: the PDF links would point where nothing
 * listens, the desktop would refuse to cache them and pdf.js could not load them. After a warm-up (the document center, then one
 * document, so the app, pdf.js and its worker are loaded), each measured document is opened once
 * from the list (no HTTP cache help): mark 'open', set the hash, wait for the viewer's
 * data-first-page-rendered, then measure 'open' to the viewer's own 'pdf-first-page' mark.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startHost, type RunningHost } from '../../../src/main/host/startHost';
import { buildApp, type LexDeskServer } from '../../../src/server/app';
import type { ServerConfig } from '../../../src/server/config';
import { launchChromium } from '../app-process';
import { percentile } from './measure';
import { prepareViewerDocuments, type ViewerDocument } from './viewerDocs';

export interface ViewerOptions {
  root: string;
  /** The bench's injected server: it picks and prepares the documents. */
  app: LexDeskServer;
  /** The bench server's configuration; the listening server is built from it without publicUrl. */
  config: ServerConfig;
  token: string;
  companyId: string;
  email: string;
  password: string;
  /** Documents measured (each opened once); default 12. */
  documents?: number;
  /** Pages of each generated PDF; default 12. */
  pages?: number;
  log: (line: string) => void;
  /** Where to save a screenshot of the last document opened (a check that it really renders). */
  screenshot?: string;
}

export interface ViewerResult {
  samples_ms: number[];
  p50_ms: number;
  p95_ms: number;
  pages: number;
}

const VIEWER_READY = '[data-testid="pdf-viewer"][data-first-page-rendered="true"]';
const TIMEOUT_MS = 60_000;
const round = (n: number) => Math.round(n * 10) / 10;

async function ensureRenderer(root: string, log: (line: string) => void): Promise<void> {
  if (existsSync(path.join(root, 'dist', 'renderer', 'index.html'))) return;
  log('dist/renderer is missing: running "npm run build:renderer" once...');
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build:renderer'], { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run build:renderer failed (exit ${code})`);
}

async function showList(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (location.hash !== '#/documents') location.hash = '#/documents';
  });
  await page.getByTestId('document-table').waitFor({ timeout: TIMEOUT_MS });
}

/** Opens one document from the list; resolves with open-to-first-page ms and its page count. */
async function openOnce(page: Page, doc: ViewerDocument, screenshot?: string) {
  await page.evaluate((id) => {
    performance.clearMarks();
    performance.clearMeasures();
    performance.mark('open');
    location.hash = `#/documents/${id}`;
  }, doc.id);
  const viewer = page.locator(VIEWER_READY);
  await viewer.waitFor({ timeout: TIMEOUT_MS });
  const hash = await page.evaluate(() => location.hash);
  if (hash !== `#/documents/${doc.id}`)
    throw new Error(`expected ${doc.id}, the page shows ${hash}`);
  const ms = await page.evaluate(
    () => performance.measure('open-to-first-page', 'open', 'pdf-first-page').duration,
  );
  const pages = Number(await viewer.getAttribute('data-page-count'));
  if (screenshot) await page.screenshot({ path: screenshot });
  await page.evaluate(() => history.back());
  await page.getByTestId('document-table').waitFor({ timeout: TIMEOUT_MS });
  return { ms, pages };
}

async function drive(
  browser: Browser,
  host: RunningHost,
  docs: ViewerDocument[],
  o: ViewerOptions,
) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(host.url);
    await page.getByLabel('Email').fill(o.email);
    await page.getByLabel('Password', { exact: true }).fill(o.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Raw files' }).waitFor({ timeout: TIMEOUT_MS });
    const [warmUp, ...measured] = docs;
    if (!warmUp) throw new Error('no documents to open');
    await showList(page);
    await openOnce(page, warmUp); // loads pdf.js, its worker and the details screen's code
    const samples: number[] = [];
    const pageCounts = new Set<number>();
    for (const [index, doc] of measured.entries()) {
      const last = index === measured.length - 1;
      const result = await openOnce(page, doc, last ? o.screenshot : undefined);
      samples.push(round(result.ms));
      pageCounts.add(result.pages);
      o.log(`  viewer: ${doc.name} first page in ${round(result.ms)} ms (${result.pages} pages)`);
    }
    return { samples, pageCounts: [...pageCounts] };
  } finally {
    await context.close();
  }
}

export async function measureViewerOpen(options: ViewerOptions): Promise<ViewerResult> {
  const { log } = options;
  const count = options.documents ?? 12;
  const pages = options.pages ?? 12;
  await ensureRenderer(options.root, log);
  // One more than measured: the first is the warm-up.
  const docs = await prepareViewerDocuments({ ...options, count: count + 1, pages });
  const { publicUrl: _injectedOrigin, ...listeningConfig } = options.config;
  const server = await buildApp(listeningConfig, { searchWarmUp: false });
  let dataDir: string | undefined;
  try {
    const serverUrl = await server.listen({ port: 0, host: '127.0.0.1' });
    dataDir = await mkdtemp(path.join(tmpdir(), 'lexdesk-bench-host-'));
    const host = await startHost({
      root: options.root,
      dataDir,
      port: 0,
      serverUrl,
      log: (line) => log(`  host: ${line}`),
    });
    try {
      const browser = await launchChromium();
      try {
        const run = await drive(browser, host, docs, options);
        if (run.pageCounts.some((n) => n !== pages))
          throw new Error(`the viewer counted ${run.pageCounts.join(', ')} pages, not ${pages}`);
        return {
          samples_ms: run.samples,
          p50_ms: round(percentile(run.samples, 50)),
          p95_ms: round(percentile(run.samples, 95)),
          pages,
        };
      } finally {
        await browser.close();
      }
    } finally {
      await host.close();
    }
  } finally {
    server.server.closeAllConnections();
    await server.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
