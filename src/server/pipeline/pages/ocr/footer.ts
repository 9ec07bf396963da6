/**
 * A page counter alone at the foot of a scanned page ("2", "- 1 -", "Pg. 1/1") is often dropped
 * by Tesseract's page layout analysis (an isolated short word among scanner specks looks like
 * noise), and with it the splitter's strongest cue that a page continues a document. When the
 * first pass found no word in the page's foot, the foot alone is read again as one block of
 * text, and what it holds is added as the page's last line.
 */

/** The foot of the page: its lowest part, as a share of the page's height. */
export const FOOT_SHARE = 0.14;
/** A foot narrower than this share of the page is not read again. */
const MIN_FOOT_SHARE = 0.03;

const INKY = /[A-Za-z0-9]/;

/**
 * Where the first pass's words end: the page's height (from the page row) and the lowest bottom
 * edge of a word with a letter or digit, both in pixels.
 */
export function inkExtent(tsv: string): { pageHeight: number; bottom: number } {
  let pageHeight = 0;
  let bottom = 0;
  for (const row of tsv.split(/\r?\n/)) {
    const cells = row.split('\t');
    if (cells.length < 12) continue;
    if (cells[0] === '1') pageHeight = Math.max(pageHeight, Number(cells[9]) || 0);
    if (cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    if (!INKY.test(text) || !(Number(cells[10]) >= 0)) continue;
    bottom = Math.max(bottom, (Number(cells[7]) || 0) + (Number(cells[9]) || 0));
  }
  return { pageHeight, bottom };
}

/**
 * The band to read again, as [top, height] in pixels, or null when the first pass already read
 * words in the page's foot (or the page is too short to have one).
 */
export function footBand(extent: { pageHeight: number; bottom: number }): [number, number] | null {
  const { pageHeight, bottom } = extent;
  if (pageHeight <= 0) return null;
  const top = Math.max(Math.ceil(bottom) + 2, Math.floor(pageHeight * (1 - FOOT_SHARE)));
  if (pageHeight - top < pageHeight * MIN_FOOT_SHARE) return null;
  return [top, pageHeight - top];
}

/**
 * The lines read in the foot that are text, not specks: a line with a digit or a word of three
 * letters. Scanner dust read as "." or "'" or as a lone letter is dropped.
 */
export function footLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) =>
      l
        .split(/\s+/)
        // A lone letter in the foot is a speck ("a 1"); a lone digit is a page number.
        .filter((w) => INKY.test(w) && !/^[^A-Za-z0-9]*[A-Za-z][^A-Za-z0-9]*$/.test(w))
        .join(' '),
    )
    .filter((l) => /\d|[A-Za-z]{3}/.test(l));
}

/** The PNG's band [top, top + height) as a PNG of its own. */
export async function cropPng(image: Buffer, top: number, height: number): Promise<Buffer> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const picture = await loadImage(image);
  const canvas = createCanvas(picture.width, Math.max(1, Math.min(height, picture.height - top)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(picture, 0, -top);
  return canvas.encode('png');
}
