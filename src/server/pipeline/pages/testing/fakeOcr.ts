/** An OCR engine for tests that records what it was given and answers with fixed text. */
import type { OcrEngine, OcrResult } from '../ocr/types';

export function fakeOcr(answer: OcrResult = { text: 'OCR TEXT', confidence: 0.9 }) {
  const calls: Array<{ bytes: number; dpi: number | undefined }> = [];
  const engine: OcrEngine = {
    kind: 'wasm',
    concurrency: 2,
    recognize: (image, options) => {
      calls.push({ bytes: image.length, dpi: options?.dpi });
      return Promise.resolve(answer);
    },
    close: () => Promise.resolve(),
  };
  return { engine, calls };
}
