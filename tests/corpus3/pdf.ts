/**
 * The two PDF forms of a bundle: a born-digital one with a real text layer (pdf-lib, standard
 * fonts), and an image-only scan (each page rendered with @napi-rs/canvas, roughened by a seeded
 * scanner model and embedded as JPEG). Fixed metadata dates keep the bytes the same per seed.
 */
import { writeFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Bundle3 } from './bundle';
import { fitSize, pageOps, type FontSpec } from './draw';
import { PAGE_H, PAGE_W } from './layout';
import { renderScanPage } from './scan';

const FIXED_DATE = new Date(Date.UTC(2025, 0, 15, 12, 0, 0));

function fixMeta(doc: PDFDocument, title: string): void {
  doc.setTitle(title);
  doc.setProducer('LexDesk corpus3');
  doc.setCreator('LexDesk corpus3');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
}

type FontSet = Record<string, PDFFont>;

async function embedFonts(doc: PDFDocument): Promise<FontSet> {
  const map: Record<string, StandardFonts> = {
    'serif--': StandardFonts.TimesRoman,
    'serif-b-': StandardFonts.TimesRomanBold,
    'serif--i': StandardFonts.TimesRomanItalic,
    'serif-b-i': StandardFonts.TimesRomanBoldItalic,
    'sans--': StandardFonts.Helvetica,
    'sans-b-': StandardFonts.HelveticaBold,
    'sans--i': StandardFonts.HelveticaOblique,
    'sans-b-i': StandardFonts.HelveticaBoldOblique,
    'mono--': StandardFonts.Courier,
    'mono-b-': StandardFonts.CourierBold,
    'mono--i': StandardFonts.CourierOblique,
    'mono-b-i': StandardFonts.CourierBoldOblique,
  };
  const out: FontSet = {};
  for (const [k, v] of Object.entries(map)) out[k] = await doc.embedFont(v);
  return out;
}

const fontKey = (f: FontSpec) => `${f.family}-${f.bold ? 'b' : ''}-${f.italic ? 'i' : ''}`;

function drawTextPage(page: PDFPage, fonts: FontSet, ops: ReturnType<typeof pageOps>): void {
  const ink = rgb(0.05, 0.05, 0.05);
  for (const op of ops) {
    if (op.kind === 'text') {
      const font = fonts[fontKey(op.font)] ?? (fonts['sans--'] as PDFFont);
      const size = fitSize(font.widthOfTextAtSize(op.text, op.size), op.size, op.maxWidth);
      const w = font.widthOfTextAtSize(op.text, size);
      const x = op.align === 'center' ? op.x - w / 2 : op.align === 'right' ? op.x - w : op.x;
      const color = op.stamp ? rgb(0.55, 0.1, 0.1) : ink;
      page.drawText(op.text, { x, y: PAGE_H - op.y, size, font, color });
      if (op.stamp)
        page.drawRectangle({
          x: x - 4,
          y: PAGE_H - op.y - 4,
          width: w + 8,
          height: size + 7,
          borderColor: color,
          borderWidth: 1.2,
        });
    } else if (op.kind === 'rect') {
      page.drawRectangle({
        x: op.x,
        y: PAGE_H - op.y - op.h,
        width: op.w,
        height: op.h,
        borderColor: ink,
        borderWidth: op.width,
      });
    } else if (op.kind === 'line') {
      page.drawLine({
        start: { x: op.x1, y: PAGE_H - op.y1 },
        end: { x: op.x2, y: PAGE_H - op.y2 },
        thickness: op.width,
        color: ink,
      });
    } else {
      const step = op.w / op.pattern.length;
      [...op.pattern].forEach((c, i) => {
        page.drawRectangle({
          x: op.x + i * step,
          y: PAGE_H - op.y - op.h,
          width: c === '|' ? step * 0.7 : step * 0.35,
          height: op.h,
          color: ink,
        });
      });
    }
  }
}

export async function writeTextPdf3(bundle: Bundle3, path: string): Promise<void> {
  const doc = await PDFDocument.create();
  fixMeta(doc, bundle.id);
  const fonts = await embedFonts(doc);
  for (const p of bundle.layout) {
    const page = doc.addPage([PAGE_W, PAGE_H]);
    drawTextPage(page, fonts, pageOps(p));
  }
  await writeFile(path, await doc.save({ useObjectStreams: false }));
}

export async function writeScanPdf3(
  bundle: Bundle3,
  path: string,
  options: { seed: number; dpi?: number },
): Promise<void> {
  const dpi = options.dpi ?? 200;
  const doc = await PDFDocument.create();
  fixMeta(doc, `${bundle.id} (scan)`);
  for (let i = 0; i < bundle.layout.length; i++) {
    const jpg = await renderScanPage(bundle.layout[i] as Bundle3['layout'][number], {
      seed: options.seed * 1000 + i,
      dpi,
      format: 'jpeg',
    });
    const img = await doc.embedJpg(jpg);
    const page = doc.addPage([PAGE_W, PAGE_H]);
    page.drawImage(img, { x: 0, y: 0, width: PAGE_W, height: PAGE_H, rotate: degrees(0) });
  }
  await writeFile(path, await doc.save({ useObjectStreams: false }));
}
