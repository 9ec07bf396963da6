/**
 * One page as a scanner would deliver it: drawn with TrueType fonts metric-compatible with the PDF
 * standard fonts (Liberation), then tilted, shifted, grayed, speckled, softened and JPEG-coded, all
 * from a seeded stream. Damage stays at the level of an office scanner: OCR should still read it.
 */
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { existsSync } from 'node:fs';
import { fitSize, pageOps, type FontSpec } from './draw';
import { PAGE_H, PAGE_W, type Page3 } from './layout';
import { Rng } from './rng';

const FONT_DIR = '/usr/share/fonts/truetype/liberation';
const FACES: Record<string, string> = {
  'serif--': 'LiberationSerif-Regular',
  'serif-b-': 'LiberationSerif-Bold',
  'serif--i': 'LiberationSerif-Italic',
  'serif-b-i': 'LiberationSerif-BoldItalic',
  'sans--': 'LiberationSans-Regular',
  'sans-b-': 'LiberationSans-Bold',
  'sans--i': 'LiberationSans-Italic',
  'sans-b-i': 'LiberationSans-BoldItalic',
  'mono--': 'LiberationMono-Regular',
  'mono-b-': 'LiberationMono-Bold',
  'mono--i': 'LiberationMono-Italic',
  'mono-b-i': 'LiberationMono-BoldItalic',
};

let registered = false;
function registerFonts(): void {
  if (registered) return;
  registered = true;
  for (const face of Object.values(FACES)) {
    const file = `${FONT_DIR}/${face}.ttf`;
    if (existsSync(file)) GlobalFonts.registerFromPath(file, `C3${face}`);
  }
}

const key = (f: FontSpec) => `${f.family}-${f.bold ? 'b' : ''}-${f.italic ? 'i' : ''}`;
const css = (f: FontSpec, size: number) =>
  `${size}px "C3${FACES[key(f)] ?? 'LiberationSans-Regular'}"`;

function drawOps(ctx: SKRSContext2D, page: Page3, ink: string, rng: Rng): void {
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  ctx.textBaseline = 'alphabetic';
  for (const op of pageOps(page)) {
    if (op.kind === 'text') {
      ctx.font = css(op.font, op.size);
      const size = fitSize(ctx.measureText(op.text).width, op.size, op.maxWidth);
      ctx.font = css(op.font, size);
      const w = ctx.measureText(op.text).width;
      const x = op.align === 'center' ? op.x - w / 2 : op.align === 'right' ? op.x - w : op.x;
      if (op.stamp) {
        // A rubber stamp: lighter ink, boxed, a few degrees off true.
        ctx.save();
        ctx.translate(x + w / 2, op.y - size / 2);
        ctx.rotate(((rng.next() - 0.5) * 8 * Math.PI) / 180);
        ctx.globalAlpha = 0.7;
        ctx.lineWidth = 1.4;
        ctx.strokeRect(-w / 2 - 5, -size / 2 - 5, w + 10, size + 10);
        ctx.fillText(op.text, -w / 2, size / 2 - 1);
        ctx.restore();
      } else ctx.fillText(op.text, x, op.y);
    } else if (op.kind === 'rect') {
      ctx.lineWidth = op.width;
      ctx.strokeRect(op.x, op.y, op.w, op.h);
    } else if (op.kind === 'line') {
      ctx.lineWidth = op.width;
      ctx.beginPath();
      ctx.moveTo(op.x1, op.y1);
      ctx.lineTo(op.x2, op.y2);
      ctx.stroke();
    } else {
      const step = op.w / op.pattern.length;
      [...op.pattern].forEach((c, i) =>
        ctx.fillRect(op.x + i * step, op.y, c === '|' ? step * 0.7 : step * 0.35, op.h),
      );
    }
  }
}

/** Gray noise, speckles, a dust streak and a 3x3 soften: the scanner's marks on the image. */
function roughen(data: Uint8ClampedArray, w: number, h: number, rng: Rng, paper: number): void {
  const gray = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) gray[i] = data[i * 4] ?? 255;
  // Ink spread: blend each pixel with its neighbours' minimum a little (toner bleeding).
  const spread = 0.15 + rng.next() * 0.2;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const c = gray[i] ?? 255;
      const l = gray[x > 0 ? i - 1 : i] ?? c;
      const r = gray[x < w - 1 ? i + 1 : i] ?? c;
      const u = gray[y > 0 ? i - w : i] ?? c;
      const d = gray[y < h - 1 ? i + w : i] ?? c;
      const avg = (c * 4 + l + r + u + d) / 8;
      const mn = Math.min(c, l, r, u, d);
      out[i] = avg * (1 - spread) + mn * spread;
    }
  }
  const amp = 8 + rng.next() * 10;
  for (let i = 0; i < w * h; i++) out[i] = (out[i] ?? 255) + (rng.next() - 0.5) * amp;
  // Speckles: toner dust and paper fibres.
  const specks = Math.floor((w * h) / (4000 + rng.next() * 8000));
  for (let k = 0; k < specks; k++) {
    const x = rng.int(0, w - 2);
    const y = rng.int(0, h - 2);
    const v = rng.int(30, 150);
    out[y * w + x] = v;
    if (rng.chance(0.4)) out[y * w + x + 1] = v;
  }
  // A faint streak from dust on the scanner glass, on some pages.
  if (rng.chance(0.3)) {
    const x0 = rng.int(20, w - 20);
    const v = paper - rng.int(25, 60);
    for (let y = 0; y < h; y++) out[y * w + x0] = Math.min(out[y * w + x0] ?? 255, v);
  }
  // A shadow along the top edge where the lid did not close flat.
  if (rng.chance(0.25)) {
    const band = rng.int(8, 30);
    for (let y = 0; y < band; y++)
      for (let x = 0; x < w; x++)
        out[y * w + x] = (out[y * w + x] ?? 255) * (0.55 + (0.45 * y) / band);
  }
  for (let i = 0; i < w * h; i++) {
    const v = Math.max(0, Math.min(255, Math.round(out[i] ?? 255)));
    data[i * 4] = v;
    data[i * 4 + 1] = v;
    data[i * 4 + 2] = v;
    data[i * 4 + 3] = 255;
  }
}

export async function renderScanPage(
  page: Page3,
  options: { seed: number; dpi?: number; format?: 'png' | 'jpeg' },
): Promise<Buffer> {
  registerFonts();
  const rng = new Rng(options.seed);
  const dpi = options.dpi ?? 200;
  const scale = dpi / 72;
  const w = Math.round(PAGE_W * scale);
  const h = Math.round(PAGE_H * scale);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const paper = rng.int(232, 248);
  ctx.fillStyle = `rgb(${paper},${paper},${paper})`;
  ctx.fillRect(0, 0, w, h);
  ctx.save();
  ctx.translate(w / 2 + rng.int(-10, 10), h / 2 + rng.int(-12, 12));
  ctx.rotate(((rng.next() - 0.5) * 1.6 * Math.PI) / 180);
  ctx.translate(-w / 2, -h / 2);
  ctx.scale(scale, scale);
  const inkLevel = rng.int(15, 55);
  drawOps(ctx, page, `rgb(${inkLevel},${inkLevel},${inkLevel})`, rng);
  ctx.restore();
  const img = ctx.getImageData(0, 0, w, h);
  roughen(img.data, w, h, rng, paper);
  ctx.putImageData(img, 0, 0);
  return options.format === 'png' ? canvas.encode('png') : canvas.encode('jpeg', rng.int(60, 75));
}
