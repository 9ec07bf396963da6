/** What every OCR engine offers: PNG in, text and a mean word confidence (0..1) out. */
export interface OcrResult {
  text: string;
  /** Mean word confidence, 0..1 (0 when no words were found). */
  confidence: number;
}

export interface OcrRecognizeOptions {
  /** The image's resolution, when known (helps Tesseract size its text). */
  dpi?: number;
  signal?: AbortSignal;
}

export interface OcrEngine {
  readonly kind: 'native' | 'wasm';
  /** How many images it recognises at once; callers keep about this many in flight. */
  readonly concurrency: number;
  recognize(image: Buffer, options?: OcrRecognizeOptions): Promise<OcrResult>;
  close(): Promise<void>;
}

export interface CreateOcrEngineOptions {
  prefer?: 'auto' | 'native' | 'wasm';
  /** Processes (native) or workers (wasm); default one per core. */
  workers?: number;
  /** Wasm only: a worker is replaced after this many images to bound its memory. */
  recycleAfter?: number;
}
