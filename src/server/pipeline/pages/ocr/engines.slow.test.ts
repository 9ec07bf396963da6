// Real OCR, kept to a few small images because it is slow (seconds per page with tesseract.js).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPages } from '../index';
import { makeImagePdf, makeTextPng } from '../testing/fixtures';
import { createOcrEngine } from './index';
import { createNativeEngine, findNativeTesseract } from './native';

const LINES = [
  'WORKERS COMPENSATION APPEALS BOARD',
  'APPLICATION FOR ADJUDICATION OF CLAIM',
  'Case Number ADJ10123456',
];

function expectWords(text: string) {
  const upper = text.toUpperCase();
  for (const word of ['COMPENSATION', 'APPEALS', 'ADJUDICATION', 'CLAIM', 'ADJ10123456']) {
    expect(upper).toContain(word);
  }
}

let dir: string;
let png: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lexdesk-ocr-test-'));
  png = await makeTextPng(LINES, { dpi: 200, height: 700 });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('OCR engines', () => {
  it('tesseract.js reads text from local data, with a confidence', async () => {
    const engine = await createOcrEngine({ prefer: 'wasm', workers: 1 });
    try {
      expect(engine.kind).toBe('wasm');
      const result = await engine.recognize(png, { dpi: 200 });
      expectWords(result.text);
      expect(result.confidence).toBeGreaterThan(0.6);
      expect(result.confidence).toBeLessThanOrEqual(1);
    } finally {
      await engine.close();
    }
  }, 120_000);

  it('the tesseract program reads text, and auto prefers it when installed', async () => {
    const native = await findNativeTesseract();
    const engine = await createOcrEngine({ workers: 1 });
    try {
      expect(engine.kind).toBe(native ? 'native' : 'wasm');
      const result = await engine.recognize(png, { dpi: 200 });
      expectWords(result.text);
      expect(result.confidence).toBeGreaterThan(0.6);
    } finally {
      await engine.close();
    }
  }, 120_000);

  it('OCRs the pages of a scanned PDF', async () => {
    const page2 = await makeTextPng(['MEDICAL REPORT', 'Diagnosis lumbar strain'], {
      dpi: 100,
    });
    const path = join(dir, 'scan.pdf');
    await writeFile(path, await makeImagePdf([await makeTextPng(LINES, { dpi: 100 }), page2]));
    const engine = await createOcrEngine();
    try {
      const result = await readPages(path, { ocr: engine, ocrDpi: 150 });
      expect(result.pages.map((p) => p.source)).toEqual(['ocr', 'ocr']);
      expectWords(result.pages[0]?.text ?? '');
      expect(result.pages[1]?.text.toUpperCase()).toContain('LUMBAR');
      expect(result.pages[1]?.ocrConfidence).toBeGreaterThan(0.5);
    } finally {
      await engine.close();
    }
  }, 120_000);

  it("the tesseract program keeps a lone page counter at a speckled page's foot", async () => {
    const binary = await findNativeTesseract();
    if (!binary) return; // the wasm engine has no foot re-read
    // A body of prose, scanner specks (seeded), and "2" alone at the foot: the first pass
    // (--psm 3) drops the counter as noise.
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(1700, 2200);
    const g = canvas.getContext('2d');
    g.fillStyle = '#f4f4f2';
    g.fillRect(0, 0, 1700, 2200);
    g.fillStyle = '#222222';
    g.font = '30px serif';
    for (let i = 0; i < 30; i++) {
      g.fillText(
        'The patient reports constant pain rated 6 to 7 out of 10, worse with lifting.',
        170,
        200 + i * 48,
      );
    }
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 400; i++) {
      g.beginPath();
      g.arc(next() * 1700, next() * 2200, 1 + next() * 2, 0, 7);
      g.fill();
    }
    g.fillText('2', 850, 2030);
    const page = await canvas.encode('png');
    const engine = createNativeEngine(binary, 1);
    try {
      const lines = (await engine.recognize(page, { dpi: 200 })).text.split('\n').filter(Boolean);
      expect(lines.at(-1)).toBe('2');
      expect(lines.filter((l) => l.includes('constant pain')).length).toBeGreaterThan(25);
    } finally {
      await engine.close();
    }
  }, 120_000);
});
