/**
 * OCR with tesseract.js (WebAssembly in worker threads), for machines without the tesseract
 * program. English data is read from the local @tesseract.js-data/eng package, never
 * downloaded; nothing is cached to disk. Workers are replaced every `recycleAfter` images because
 * a wasm heap only grows.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type Tesseract from 'tesseract.js';
import { throwIfAborted } from '../errors';
import { Pool } from './pool';
import type { OcrEngine, OcrRecognizeOptions, OcrResult } from './types';

const LSTM_ONLY = 1;

/** The folder holding eng.traineddata.gz (the 4.0.0 data, which tesseract.js reads gzipped). */
export function localLangPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
}

export async function createWasmEngine(
  options: { workers?: number; recycleAfter?: number } = {},
): Promise<OcrEngine> {
  // tesseract.js is loaded when a wasm engine is made, not when the pipeline is.
  const { default: tesseract } = await import('tesseract.js');
  const langPath = localLangPath();
  const cachePath = await mkdtemp(join(tmpdir(), 'lexdesk-ocr-'));
  const pool = new Pool<Tesseract.Worker>({
    size: options.workers ?? availableParallelism(),
    recycleAfter: options.recycleAfter ?? 200,
    create: () =>
      tesseract.createWorker('eng', LSTM_ONLY, {
        langPath,
        gzip: true,
        cacheMethod: 'none',
        cachePath,
        logger: () => undefined,
        errorHandler: () => undefined,
      }),
    destroy: async (worker) => {
      await worker.terminate();
    },
  });

  async function recognize(image: Buffer, opts: OcrRecognizeOptions = {}): Promise<OcrResult> {
    throwIfAborted(opts.signal);
    const result = await pool.run(async (worker) => {
      throwIfAborted(opts.signal);
      await worker.setParameters({
        user_defined_dpi: opts.dpi ? String(Math.round(opts.dpi)) : '0',
      });
      return worker.recognize(image);
    });
    throwIfAborted(opts.signal);
    const confidence = Number(result.data.confidence);
    return {
      text: result.data.text.replace(/\n+$/, ''),
      confidence: Number.isFinite(confidence) ? Math.max(0, Math.min(1, confidence / 100)) : 0,
    };
  }

  return {
    kind: 'wasm',
    concurrency: pool.size,
    recognize,
    close: async () => {
      await pool.close();
      await rm(cachePath, { recursive: true, force: true });
    },
  };
}
