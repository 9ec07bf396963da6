/**
 * OCR with the `tesseract` command-line program: one process per image, PNG on stdin, TSV on
 * stdout, at most one process per core (each single-threaded via OMP_THREAD_LIMIT=1, which is
 * faster overall than several OpenMP threads fighting for the same cores).
 */
import { execFile, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { findExecutable } from '../which';
import { Pool } from './pool';
import { cropPng, footBand, footLines, inkExtent } from './footer';
import { parseTesseractTsv } from './tsv';
import type { OcrEngine, OcrRecognizeOptions, OcrResult } from './types';

const execFileAsync = promisify(execFile);

/** The tesseract binary, when it is on PATH and has English data; else null. */
export async function findNativeTesseract(): Promise<string | null> {
  const binary = await findExecutable('tesseract');
  if (!binary) return null;
  try {
    const { stdout, stderr } = await execFileAsync(binary, ['--list-langs'], { timeout: 10_000 });
    return /^eng$/m.test(`${stdout}\n${stderr}`) ? binary : null;
  } catch {
    return null;
  }
}

/** Runs tesseract once on a PNG and returns its TSV. */
export function runTesseract(
  binary: string,
  image: Buffer,
  options: OcrRecognizeOptions & { psm?: number; config?: string[] } = {},
): Promise<string> {
  const args = ['stdin', 'stdout', '-l', 'eng', '--psm', String(options.psm ?? 3)];
  for (const setting of options.config ?? []) args.push('-c', setting);
  if (options.dpi) args.push('--dpi', String(Math.round(options.dpi)));
  args.push('tsv');
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
      signal: options.signal,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => undefined); // the exit code reports the real problem
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else {
        const message = Buffer.concat(err).toString('utf8').trim().slice(0, 500);
        reject(new Error(`tesseract exited with ${code}: ${message}`));
      }
    });
    child.stdin.end(image);
  });
}

export function createNativeEngine(binary: string, workers?: number): OcrEngine {
  const pool = new Pool<string>({
    size: workers ?? availableParallelism(),
    create: () => Promise.resolve(binary),
    destroy: () => Promise.resolve(),
  });
  return {
    kind: 'native',
    concurrency: pool.size,
    recognize: (image: Buffer, options?: OcrRecognizeOptions): Promise<OcrResult> =>
      pool.run((bin) => recognizeNative(bin, image, options)),
    close: () => pool.close(),
  };
}

/**
 * The foot is read as one block with Tesseract's heavy noise removal: without it, scanner specks
 * in the band are read as a line of "=" and the counter among them is lost.
 */
const FOOT_CONFIG = ['textord_heavy_nr=1'];

/**
 * One page: the whole page with automatic layout, then, when no word was found in its foot, the
 * foot alone as one block (footer.ts: a lone page counter is often dropped as noise). The foot's
 * lines count in the text, not in the confidence.
 */
async function recognizeNative(
  bin: string,
  image: Buffer,
  options: OcrRecognizeOptions = {},
): Promise<OcrResult> {
  const tsv = await runTesseract(bin, image, options);
  const result = parseTesseractTsv(tsv);
  const band = footBand(inkExtent(tsv));
  if (!band) return result;
  let foot: string[];
  try {
    const crop = await cropPng(image, band[0], band[1]);
    foot = footLines(
      parseTesseractTsv(await runTesseract(bin, crop, { ...options, psm: 6, config: FOOT_CONFIG }))
        .text,
    );
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return result; // the page's own reading stands without its foot
  }
  if (foot.length === 0) return result;
  return { ...result, text: [result.text, ...foot].filter(Boolean).join('\n\n') };
}
