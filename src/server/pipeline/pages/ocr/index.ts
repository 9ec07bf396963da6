/**
 * Picks an OCR engine: the native `tesseract` program when it is installed (several times faster),
 * else tesseract.js. `prefer: 'native'` fails when the program is missing.
 */
import { availableParallelism } from 'node:os';
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

/**
 * An engine made on its first image, for one-off runs (`npm run cli -- process`): a run over a
 * text PDF never looks for the tesseract program or starts workers. Its concurrency is the one
 * both engines default to; `kind` is the preferred engine's until the first image decides it.
 */
export function createLazyOcrEngine(
  options: CreateOcrEngineOptions = {},
  create: (options: CreateOcrEngineOptions) => Promise<OcrEngine> = createOcrEngine,
): OcrEngine {
  let made: Promise<OcrEngine> | undefined;
  let engine: OcrEngine | undefined;
  const make = (): Promise<OcrEngine> => {
    made ??= create(options).then((e) => (engine = e));
    return made;
  };
  return {
    get kind() {
      return engine?.kind ?? (options.prefer === 'wasm' ? 'wasm' : 'native');
    },
    concurrency: options.workers ?? availableParallelism(),
    recognize: async (image, opts) => (await make()).recognize(image, opts),
    close: async () => {
      if (made) await (await made).close();
    },
  };
}
