/**
 * Picks an OCR engine: the native `tesseract` program when it is installed (several times faster),
 * else tesseract.js. `prefer: 'native'` fails when the program is missing.
 */
import { createNativeEngine, findNativeTesseract } from './native';
import type { CreateOcrEngineOptions, OcrEngine } from './types';
import { createWasmEngine } from './wasm';

export type { CreateOcrEngineOptions, OcrEngine, OcrRecognizeOptions, OcrResult } from './types';

export async function createOcrEngine(options: CreateOcrEngineOptions = {}): Promise<OcrEngine> {
  const prefer = options.prefer ?? 'auto';
  if (prefer !== 'wasm') {
    const binary = await findNativeTesseract();
    if (binary) return createNativeEngine(binary, options.workers);
    if (prefer === 'native') {
      throw new Error('the tesseract program (with English data) was not found on PATH');
    }
  }
  return createWasmEngine({ workers: options.workers, recycleAfter: options.recycleAfter });
}
