/**
 * Writes a bundle as a text PDF (a real text layer, as a word processor or e-filing system makes
 * it) with pdf-lib's standard fonts: Times, Helvetica or Courier per document, bold titles, mixed
 * sizes, letter-size pages. Metadata dates are fixed so the same bundle gives the same bytes.
 */
import { writeFile } from 'node:fs/promises';
import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';
import { type Bundle } from './bundle';
import { type Family, PAGE_HEIGHT, PAGE_WIDTH, layoutPage } from './doc';

const FONT_NAMES: Record<Family, [StandardFonts, StandardFonts]> = {
  serif: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  sans: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  mono: [StandardFonts.Courier, StandardFonts.CourierBold],
};

const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/** Keeps only characters the standard fonts' WinAnsi encoding can draw. */
export function winAnsiSafe(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

export async function textPdfBytes(bundle: Bundle): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(bundle.id);
  pdf.setProducer('LexDesk corpus generator');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const fonts = new Map<string, PDFFont>();
  const font = async (family: Family, bold: boolean): Promise<PDFFont> => {
    const key = `${family}:${bold}`;
    let f = fonts.get(key);
    if (!f) {
      f = await pdf.embedFont(FONT_NAMES[family][bold ? 1 : 0]);
      fonts.set(key, f);
    }
    return f;
  };
  for (let i = 0; i < bundle.pages.length; i++) {
    const layout = bundle.layout[i];
    const texts = (bundle.pages[i] ?? []).map(winAnsiSafe);
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    if (!layout) continue;
    const regular = await font(layout.family, false);
    const bold = await font(layout.family, true);
    const placed = layoutPage(texts, layout, (t, size, b) =>
      (b ? bold : regular).widthOfTextAtSize(t, size),
    );
    for (const p of placed) {
      page.drawText(p.text, {
        x: p.x,
        y: PAGE_HEIGHT - p.y,
        size: p.size,
        font: p.bold ? bold : regular,
        color: rgb(0, 0, 0),
      });
    }
  }
  return pdf.save();
}

export async function writeTextPdf(bundle: Bundle, path: string): Promise<void> {
  await writeFile(path, await textPdfBytes(bundle));
}
