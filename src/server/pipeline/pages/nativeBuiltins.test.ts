// pdf.js's bundled polyfills must not stay in place of the engine's JSON and push (see
// nativeBuiltins.ts): after loading pdf.js and its worker and reading a PDF, they are the same
// functions as before, and pdf.js still works.
import { describe, expect, it } from 'vitest';
import { keptBuiltins } from './nativeBuiltins';
import { makeTextPdf } from './testing/fixtures';

describe('engine built-ins around pdf.js', () => {
  it('given pdf.js and its worker loaded and a PDF read, when the built-ins are compared, then JSON, push and toString are the engine ones', async () => {
    const kept = keptBuiltins();
    const { openPdf } = await import('./pdfjs');
    await import('./pdfPages');
    const doc = await openPdf(await makeTextPdf([['Hello from page one']]), 'hello.pdf');
    try {
      const page = await doc.getPage(1);
      const text = await page.getTextContent();
      expect(text.items.map((item) => ('str' in item ? item.str : '')).join('')).toContain(
        'Hello from page one',
      );
    } finally {
      await doc.destroy();
    }
    for (const { target, key, value } of kept)
      expect(Object.getOwnPropertyDescriptor(target, key)?.value, String(key)).toBe(value);
    // What pdf.js adds for Node 20 stays.
    expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe('function');
    expect(JSON.stringify({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
  });
});
