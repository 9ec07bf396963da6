import { beforeEach, describe, expect, it } from 'vitest';
import { createLazyOcrEngine } from './index';
import type { CreateOcrEngineOptions, OcrEngine } from './types';

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
const create = (options: CreateOcrEngineOptions): Promise<OcrEngine> => {
  const kind = options.prefer === 'wasm' ? 'wasm' : 'native';
  made.push(`made ${kind}`);
  return Promise.resolve(fake(kind));
};

beforeEach(() => {
  made.length = 0;
});

describe('createLazyOcrEngine', () => {
  it('makes no engine until the first image, then makes one and reuses it', async () => {
    const engine = createLazyOcrEngine({ workers: 2 }, create);
    expect(engine.concurrency).toBe(2);
    expect(made).toEqual([]);
    const [a, b] = await Promise.all([
      engine.recognize(Buffer.from('png')),
      engine.recognize(Buffer.from('png')),
    ]);
    expect([a.text, b.text]).toEqual(['read by native', 'read by native']);
    expect(engine.kind).toBe('native');
    await engine.close();
    expect(made).toEqual(['made native', 'closed native']);
  });

  it('closes without making anything when no image came', async () => {
    const engine = createLazyOcrEngine({ prefer: 'wasm' }, create);
    expect(engine.kind).toBe('wasm');
    await engine.close();
    expect(made).toEqual([]);
  });
});
