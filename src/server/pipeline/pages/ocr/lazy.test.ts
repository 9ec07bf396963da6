import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OcrEngine } from './types';

const made: string[] = [];
const fake = (kind: 'native' | 'wasm'): OcrEngine => ({
  kind,
  concurrency: 3,
  recognize: () => Promise.resolve({ text: `read by ${kind}`, confidence: 0.9 }),
  close: () => {
    made.push(`closed ${kind}`);
    return Promise.resolve();
  },
});

vi.mock('./native', () => ({
  findNativeTesseract: () => {
    made.push('looked for tesseract');
    return Promise.resolve('/usr/bin/tesseract');
  },
  createNativeEngine: () => {
    made.push('native');
    return fake('native');
  },
}));
vi.mock('./wasm', () => ({
  createWasmEngine: () => {
    made.push('wasm');
    return Promise.resolve(fake('wasm'));
  },
}));

const { createLazyOcrEngine } = await import('./index');

beforeEach(() => {
  made.length = 0;
});

describe('createLazyOcrEngine', () => {
  it('looks for no engine until the first image, then makes one and reuses it', async () => {
    const engine = createLazyOcrEngine({ workers: 2 });
    expect(engine.concurrency).toBe(2);
    expect(made).toEqual([]);
    const [a, b] = await Promise.all([
      engine.recognize(Buffer.from('png')),
      engine.recognize(Buffer.from('png')),
    ]);
    expect(a.text).toBe('read by native');
    expect(b.text).toBe('read by native');
    expect(engine.kind).toBe('native');
    await engine.close();
    expect(made).toEqual(['looked for tesseract', 'native', 'closed native']);
  });

  it('closes without making anything when no image came', async () => {
    const engine = createLazyOcrEngine({ prefer: 'wasm' });
    expect(engine.kind).toBe('wasm');
    await engine.close();
    expect(made).toEqual([]);
  });
});
