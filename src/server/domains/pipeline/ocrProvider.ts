/**
 * One OCR engine per process, created the first time a scanned page needs it (most raw files have
 * a text layer and never start one) and closed with the server.
 */
import { createOcrEngine, type OcrEngine } from '../../pipeline/pages';

export function lazyOcrEngine(prefer: 'auto' | 'native' | 'wasm') {
  let engine: Promise<OcrEngine> | undefined;
  return {
    get(): Promise<OcrEngine> {
      engine ??= createOcrEngine({ prefer }).catch((error: unknown) => {
        engine = undefined; // the next scan tries again
        throw error;
      });
      return engine;
    },
    async close(): Promise<void> {
      const current = engine;
      engine = undefined;
      if (current) await (await current.catch(() => undefined))?.close();
    },
  };
}
