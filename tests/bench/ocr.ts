// OCR speed: the `tesseract` program against LexDesk's OCR engines, on the same rendered pages.
// Pages are letter size at 200 dpi, DejaVu Serif 11 pt legal-looking text (a heading, captions,
// wrapped paragraphs), like a clean scan. Each engine gets one warm-up image first; pages are then
// recognised one after another so ms/page is a per-page latency, not throughput.
// `npm run bench -- ocr [--pages N]` prints the result as JSON.
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOcrEngine, type OcrEngine } from '../../src/server/pipeline/pages';
import { findNativeTesseract } from '../../src/server/pipeline/pages/ocr/native';

export interface OcrBenchResult {
  native_ms_per_page: number | null;
  wasm_ms_per_page: number;
  ratio_wasm_to_native: number | null;
  lexdesk_engine: 'native' | 'wasm';
  lexdesk_ms_per_page: number;
  ratio_lexdesk_to_native: number | null;
}

const DPI = 200;
const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const WORDS = (
  'the applicant sustained injury arising out of and in the course of employment to the lumbar ' +
  'spine cervical spine and right shoulder while employed as a warehouse associate by defendant ' +
  'the qualified medical evaluator found permanent and stationary status with whole person ' +
  'impairment pursuant to the AMA Guides fifth edition apportionment under Labor Code section ' +
  '4663 and 4664 temporary total disability benefits were paid at the statutory rate future ' +
  'medical treatment including physical therapy and epidural injections is reasonably required ' +
  'the claims administrator objected to the utilization review determination and requested a ' +
  'panel in orthopedic surgery the parties stipulated that the matter be set for hearing before ' +
  'the workers compensation judge on the issues of temporary disability and attorney fees'
).split(' ');

function registerFonts(): string {
  const ok = GlobalFonts.registerFromPath(path.join(FONT_DIR, 'DejaVuSerif.ttf'), 'BenchSerif');
  GlobalFonts.registerFromPath(path.join(FONT_DIR, 'DejaVuSerif-Bold.ttf'), 'BenchSerif');
  return ok ? 'BenchSerif' : 'serif';
}

/** Deterministic pseudo-random words so every run draws the same pages. */
function paragraph(seed: number, words: number): string {
  let state = Math.imul(seed + 1, 2654435761) >>> 0;
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out.push(WORDS[(state >>> 16) % WORDS.length] ?? 'the');
  }
  const text = out.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

export async function renderBenchPage(pageNo: number, family = registerFonts()): Promise<Buffer> {
  const width = Math.round(8.5 * DPI);
  const height = Math.round(11 * DPI);
  const px = (pt: number) => (pt * DPI) / 72;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111111';
  const left = DPI;
  const right = width - DPI;
  let y = DPI;
  const line = (text: string, size: number, bold = false) => {
    ctx.font = `${bold ? 'bold ' : ''}${px(size)}px ${family}`;
    y += px(size) * 1.45;
    ctx.fillText(text, left, y);
  };
  line('WORKERS’ COMPENSATION APPEALS BOARD', 13, true);
  line('STATE OF CALIFORNIA', 11, true);
  y += px(8);
  line(`Case No. ADJ${10_000_000 + pageNo * 7919}     Claim No. 05-${400_000 + pageNo * 31}`, 11);
  line(`Applicant: MARIA LOPEZ   vs.   ACME LOGISTICS, INC.; ZENITH INSURANCE`, 11);
  line(`QUALIFIED MEDICAL EVALUATOR REPORT — Page ${pageNo}`, 11, true);
  y += px(8);
  ctx.font = `${px(11)}px ${family}`;
  for (let p = 0; y < height - DPI * 1.5; p += 1) {
    let current = '';
    for (const word of paragraph(pageNo * 100 + p, 70).split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (ctx.measureText(next).width > right - left) {
        line(current, 11);
        current = word;
      } else current = next;
    }
    if (current) line(current, 11);
    y += px(6);
  }
  return canvas.encode('png');
}

function runCli(binary: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [file, 'stdout'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`tesseract ${code}: ${stderr}`)),
    );
  });
}

async function perPage(files: string[], recognise: (file: string) => Promise<void>) {
  const first = files[0];
  if (first) await recognise(first); // warm-up: process start, model load
  const started = performance.now();
  for (const file of files) await recognise(file);
  return (performance.now() - started) / files.length;
}

async function timeEngine(engine: OcrEngine, files: string[]): Promise<number> {
  try {
    return await perPage(files, async (file) => {
      await engine.recognize(await readFile(file), { dpi: DPI });
    });
  } finally {
    await engine.close();
  }
}

export async function runOcrBench(options: { pages: number }): Promise<OcrBenchResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-bench-ocr-'));
  try {
    const family = registerFonts();
    const files: string[] = [];
    for (let page = 1; page <= Math.max(1, options.pages); page += 1) {
      const file = path.join(dir, `page-${page}.png`);
      await writeFile(file, await renderBenchPage(page, family));
      files.push(file);
    }
    const binary = await findNativeTesseract();
    const native = binary ? await perPage(files, (file) => runCli(binary, file)) : null;
    const wasm = await timeEngine(await createOcrEngine({ prefer: 'wasm', workers: 1 }), files);
    const engine = await createOcrEngine();
    const kind = engine.kind;
    const lexdesk = await timeEngine(engine, files);
    const round = (n: number) => Math.round(n);
    const ratio = (n: number) => (native ? Math.round((n / native) * 100) / 100 : null);
    return {
      native_ms_per_page: native === null ? null : round(native),
      wasm_ms_per_page: round(wasm),
      ratio_wasm_to_native: ratio(wasm),
      lexdesk_engine: kind,
      lexdesk_ms_per_page: round(lexdesk),
      ratio_lexdesk_to_native: ratio(lexdesk),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** For the bench dispatcher: `--pages N` (default 3). */
export async function run(args: string[]): Promise<void> {
  const at = args.indexOf('--pages');
  const pages = at >= 0 ? Number(args[at + 1]) : 3;
  if (!Number.isInteger(pages) || pages < 1) throw new Error('--pages takes a positive integer');
  process.stdout.write(`${JSON.stringify(await runOcrBench({ pages }), null, 2)}\n`);
}
