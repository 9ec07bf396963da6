/**
 * Writes a bundle as a scanned PDF: each page is drawn with @napi-rs/canvas at a scanner's
 * resolution (DejaVu fonts), tilted by up to ±1.5°, shifted a little, slightly blurred, with grey
 * paper, faded toner and speckle noise, then JPEG-encoded and placed as the page's only content.
 * There is no text layer, so the pipeline has to OCR it. All noise comes from the seed.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Canvas, GlobalFonts, type SKRSContext2D, createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { type Bundle } from './bundle';
import { type Family, PAGE_HEIGHT, PAGE_WIDTH, type PageLayout, layoutPage } from './doc';
import { Rng } from './rng';

export interface ScanOptions {
  seed: number;
  /** Scan resolution; 150 by default. */
  dpi?: number;
  /** JPEG quality 0..100; drawn from 60..75 per page when absent. */
  quality?: number;
  /** Largest tilt in degrees (default 1.5). */
  maxRotation?: number;
  /** Degradation: 0 a clean raster, 1 (default) an office scanner, 2 a poor fax-like copy. */
  noise?: number;
}

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const FAMILIES: Record<Family, string> = {
  serif: 'CorpusSerif',
  sans: 'CorpusSans',
  mono: 'CorpusMono',
};
let fontsReady = false;

function registerFonts(): void {
  if (fontsReady) return;
  const files: Array<[string, string]> = [
    ['DejaVuSerifCondensed.ttf', FAMILIES.serif],
    ['DejaVuSerifCondensed-Bold.ttf', FAMILIES.serif],
    ['DejaVuSansCondensed.ttf', FAMILIES.sans],
    ['DejaVuSansCondensed-Bold.ttf', FAMILIES.sans],
    ['DejaVuSansMono.ttf', FAMILIES.mono],
    ['DejaVuSansMono-Bold.ttf', FAMILIES.mono],
  ];
  for (const [file, family] of files) {
    if (!GlobalFonts.registerFromPath(join(FONT_DIR, file), family)) {
      throw new Error(`Could not register font ${file} from ${FONT_DIR}`);
    }
  }
  fontsReady = true;
}

function fontSpec(family: Family, size: number, bold: boolean): string {
  return `${bold ? 'bold ' : ''}${size.toFixed(2)}px ${FAMILIES[family]}`;
}

/** Draws one page's text, upright and clean, at the given scale. */
function drawText(texts: string[], layout: PageLayout, scale: number, ink: number): Canvas {
  const w = Math.round(PAGE_WIDTH * scale);
  const h = Math.round(PAGE_HEIGHT * scale);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = `rgb(${ink},${ink},${ink})`;
  ctx.textBaseline = 'alphabetic';
  const measure = (t: string, size: number, bold: boolean): number => {
    ctx.font = fontSpec(layout.family, size, bold);
    return ctx.measureText(t).width;
  };
  for (const p of layoutPage(texts, layout, measure)) {
    ctx.font = fontSpec(layout.family, p.size * scale, p.bold);
    ctx.fillText(p.text, p.x * scale, p.y * scale);
  }
  return canvas;
}

function speckle(ctx: SKRSContext2D, rng: Rng, w: number, h: number, noise: number): void {
  if (noise <= 0) return;
  const dark = Math.round(((w * h) / rng.int(4000, 9000)) * noise * noise);
  for (let i = 0; i < dark; i++) {
    const g = rng.int(40, 140);
    ctx.fillStyle = `rgb(${g},${g},${g})`;
    const s = rng.chance(0.85) ? 1 : 2;
    ctx.fillRect(rng.int(0, w - 1), rng.int(0, h - 1), s, s);
  }
  const light = Math.round(dark / 3);
  ctx.fillStyle = '#ffffff';
  for (let i = 0; i < light; i++) ctx.fillRect(rng.int(0, w - 1), rng.int(0, h - 1), 1, 1);
  if (rng.chance(0.4)) {
    // A faint vertical streak from a dirty scanner glass.
    const g = rng.int(170, 215);
    ctx.fillStyle = `rgba(${g},${g},${g},0.5)`;
    ctx.fillRect(rng.int(0, w - 1), 0, 1, h);
  }
  // Toner drop-outs on poor copies: small pale blotches that break strokes.
  const dropouts = noise > 1 ? Math.round((w * h * (noise - 1)) / 20000) : 0;
  for (let i = 0; i < dropouts; i++) {
    const p = rng.int(215, 245);
    ctx.fillStyle = `rgba(${p},${p},${p},0.7)`;
    ctx.fillRect(rng.int(0, w - 1), rng.int(0, h - 1), rng.int(1, 3), rng.int(1, 2));
  }
}

/** Renders one page as a degraded JPEG scan. */
export async function scanPage(
  texts: string[],
  layout: PageLayout,
  rng: Rng,
  dpi: number,
  opts: Pick<ScanOptions, 'quality' | 'maxRotation' | 'noise'> = {},
): Promise<Uint8Array> {
  registerFonts();
  const noise = Math.max(0, Math.min(2, opts.noise ?? 1));
  const scale = dpi / 72;
  const clean = drawText(texts, layout, scale, Math.round(rng.int(15, 60) * noise));
  const w = clean.width;
  const h = clean.height;
  const out = createCanvas(w, h);
  const ctx = out.getContext('2d');
  const paper = 255 - Math.round(rng.int(5, 27) * Math.min(noise, 1.4));
  ctx.fillStyle = `rgb(${paper},${paper},${paper - rng.int(0, 6)})`;
  ctx.fillRect(0, 0, w, h);
  const maxRot = opts.maxRotation ?? 1.5;
  const angle = ((rng.next() * 2 - 1) * maxRot * Math.PI) / 180;
  ctx.save();
  ctx.translate(w / 2 + rng.int(-6, 6) * scale, h / 2 + rng.int(-6, 6) * scale);
  ctx.rotate(angle);
  const blur = (0.3 + rng.next() * 0.5) * Math.min(noise, 1.3);
  ctx.filter = blur > 0.05 ? `blur(${blur.toFixed(2)}px)` : 'none';
  ctx.globalCompositeOperation = 'multiply';
  ctx.drawImage(clean, -w / 2, -h / 2);
  ctx.restore();
  ctx.filter = 'none';
  ctx.globalCompositeOperation = 'source-over';
  speckle(ctx, rng, w, h, noise);
  const quality = opts.quality ?? rng.int(60, 75);
  return out.encode('jpeg', quality);
}

export async function scanPdfBytes(bundle: Bundle, opts: ScanOptions): Promise<Uint8Array> {
  const dpi = opts.dpi ?? 150;
  const rng = new Rng(opts.seed).fork('scan');
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  for (let i = 0; i < bundle.pages.length; i++) {
    const layout = bundle.layout[i];
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    if (!layout) continue;
    const jpg = await scanPage(bundle.pages[i] ?? [], layout, rng.fork(i), dpi, opts);
    const image = await pdf.embedJpg(jpg);
    page.drawImage(image, { x: 0, y: 0, width: PAGE_WIDTH, height: PAGE_HEIGHT });
  }
  return pdf.save();
}

export async function writeScanPdf(bundle: Bundle, path: string, opts: ScanOptions): Promise<void> {
  await writeFile(path, await scanPdfBytes(bundle, opts));
}
