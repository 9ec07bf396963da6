/**
 * Documents as styled lines on letter-size pages. A DocBuilder lays text out line by line (wrapping
 * paragraphs to the page width, breaking pages when the height runs out, repeating a running
 * header and adding a page-number footer), and both PDF writers draw the result with layoutPage so
 * the text PDF and the scan place every line in the same spot.
 */

export type Family = 'serif' | 'sans' | 'mono';

export interface LineStyle {
  bold?: boolean;
  /** Font size in points; the page's base size when absent. */
  size?: number;
  align?: 'left' | 'center' | 'right';
  /** Left indent in character widths. */
  indent?: number;
  /** When set, text[split..] is drawn as a second column at 55% of the width. */
  split?: number;
  /** Bold for the second column only (the first follows `bold`). */
  rightBold?: boolean;
  /** Drawn at the bottom margin (page numbers, form revision lines). */
  footer?: boolean;
}

export interface Line extends LineStyle {
  text: string;
}

/** One finished page of a document. */
export interface Page {
  family: Family;
  size: number;
  margin: number;
  lines: Line[];
}

export interface PageLayout {
  family: Family;
  size: number;
  margin: number;
  lines: LineStyle[];
}

export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;
const LEADING = 1.32;

/** Average glyph width as a fraction of the font size, for wrapping by character count. */
const CHAR_FACTOR: Record<Family, number> = { serif: 0.47, sans: 0.52, mono: 0.6 };

export type FooterStyle = 'page-of' | 'page' | 'dash' | 'bare' | 'none';

export interface DocOptions {
  family: Family;
  size: number;
  margin: number;
  /** Lines repeated at the top of every page after the first (e.g. the case caption). */
  header?: string[];
  footer: FooterStyle;
  /** A line printed at the bottom of every page besides the page number (form revision). */
  footerText?: string;
}

export class DocBuilder {
  readonly opts: DocOptions;
  private pages: Line[][] = [];
  private cur: Line[] = [];
  private used = 0;
  private readonly capacity: number;

  constructor(opts: DocOptions) {
    this.opts = opts;
    const reserved = (opts.footer === 'none' ? 0 : 2) + (opts.footerText ? 1 : 0);
    this.capacity = PAGE_HEIGHT - 2 * opts.margin - reserved * opts.size * LEADING;
  }

  /** How many characters of base-size text fit on one line. */
  get width(): number {
    const usable = PAGE_WIDTH - 2 * this.opts.margin;
    return Math.floor(usable / (this.opts.size * CHAR_FACTOR[this.opts.family]));
  }

  get pageCount(): number {
    return this.pages.length + (this.cur.length > 0 ? 1 : 0);
  }

  /** Height left on the current page, in base-size lines. */
  get linesLeft(): number {
    return Math.floor((this.capacity - this.used) / (this.opts.size * LEADING));
  }

  private advance(style: LineStyle): number {
    return (style.size ?? this.opts.size) * LEADING;
  }

  newPage(): void {
    if (this.cur.length === 0 && this.pages.length === 0) return;
    this.pages.push(this.cur);
    this.cur = [];
    this.used = 0;
    if (this.opts.header) {
      for (const h of this.opts.header) this.push({ text: h, size: this.opts.size - 1 });
      this.push({ text: '' });
    }
  }

  private push(line: Line): void {
    this.cur.push(line);
    this.used += this.advance(line);
  }

  /** Starts a new page unless n base-size lines still fit. */
  keep(n: number): void {
    if (this.linesLeft < n) this.newPage();
  }

  line(text: string, style: LineStyle = {}): void {
    const maxChars = Math.floor(
      (this.width * this.opts.size) / (style.size ?? this.opts.size) - (style.indent ?? 0),
    );
    const parts = style.split === undefined ? wrap(text, Math.max(10, maxChars)) : [text];
    for (const part of parts) {
      if (this.used + this.advance(style) > this.capacity) this.newPage();
      this.push({ ...style, text: part });
    }
  }

  lines(texts: readonly string[], style: LineStyle = {}): void {
    for (const t of texts) this.line(t, style);
  }

  blank(n = 1): void {
    for (let i = 0; i < n; i++) {
      if (this.used + this.advance({}) > this.capacity) return;
      this.push({ text: '' });
    }
  }

  title(text: string, size = this.opts.size + 2, align: LineStyle['align'] = 'center'): void {
    this.keep(4);
    this.line(text, { bold: true, size, align });
  }

  heading(text: string): void {
    this.keep(4);
    this.blank();
    this.line(text, { bold: true });
  }

  /** Two columns on one line: left text, right text at 55% of the width. */
  cols(left: string, right: string, style: LineStyle = {}): void {
    const pad = left.length < 2 ? left.padEnd(2) : left;
    this.line(`${pad}  ${right}`, { ...style, split: pad.length + 2 });
  }

  para(text: string, indent = 0): void {
    this.keep(2);
    this.line(text, indent ? { indent } : {});
    this.blank();
  }

  /** Finishes the document: pages with footers added. */
  finish(): Page[] {
    if (this.cur.length > 0) this.pages.push(this.cur);
    this.cur = [];
    const total = this.pages.length;
    return this.pages.map((page, i) => {
      const out = page.slice();
      const n = i + 1;
      const num =
        this.opts.footer === 'page-of'
          ? `Page ${n} of ${total}`
          : this.opts.footer === 'page'
            ? `Page ${n}`
            : this.opts.footer === 'dash'
              ? `- ${n} -`
              : this.opts.footer === 'bare'
                ? String(n)
                : null;
      if (this.opts.footerText) out.push({ text: this.opts.footerText, footer: true, size: 8 });
      if (num) out.push({ text: num, footer: true, align: 'center', size: this.opts.size - 1 });
      const { family, size, margin } = this.opts;
      return { family, size, margin, lines: out };
    });
  }
}

/** Greedy word wrap to at most `width` characters per line. */
export function wrap(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  const words = text.split(/\s+/);
  const out: string[] = [];
  let cur = '';
  for (const w of words) {
    if (cur && cur.length + 1 + w.length > width) {
      out.push(cur);
      cur = w;
    } else {
      cur = cur ? `${cur} ${w}` : w;
    }
  }
  if (cur) out.push(cur);
  return out;
}

export interface Placed {
  text: string;
  x: number;
  /** Baseline, in points from the top of the page. */
  y: number;
  size: number;
  bold: boolean;
}

/** Where each line of a page goes; measure(text, size, bold) returns a width in points. */
export function layoutPage(
  texts: readonly string[],
  layout: PageLayout,
  measure: (text: string, size: number, bold: boolean) => number,
): Placed[] {
  const out: Placed[] = [];
  const { margin, size: base } = layout;
  const usable = PAGE_WIDTH - 2 * margin;
  let y = margin;
  const footers: Array<{ text: string; style: LineStyle }> = [];
  texts.forEach((text, i) => {
    const style = layout.lines[i] ?? {};
    if (style.footer) {
      footers.push({ text, style });
      return;
    }
    const size = style.size ?? base;
    y += size * LEADING;
    if (!text.trim()) return;
    place(text, style, size, y);
  });
  let fy = PAGE_HEIGHT - margin + base * 0.8 - (footers.length - 1) * base * LEADING;
  for (const f of footers) {
    place(f.text, f.style, f.style.size ?? base, fy);
    fy += base * LEADING;
  }
  return out;

  function place(text: string, style: LineStyle, size0: number, y0: number): void {
    const boldLeft = style.bold ?? false;
    const indentPts = (style.indent ?? 0) * size0 * 0.5;
    const segments: Array<[string, number, number]> =
      style.split === undefined
        ? [[text, margin + indentPts, usable - indentPts]]
        : [
            [text.slice(0, style.split).trimEnd(), margin + indentPts, usable * 0.55 - indentPts],
            [text.slice(style.split).trim(), margin + usable * 0.55, usable * 0.45],
          ];
    for (const [i, [seg, x0, room]] of segments.entries()) {
      if (!seg) continue;
      const bold = i === 1 && style.rightBold !== undefined ? style.rightBold : boldLeft;
      let size = size0;
      let w = measure(seg, size, bold);
      if (w > room) {
        size = Math.max(5, (size * room) / w);
        w = measure(seg, size, bold);
      }
      let x = x0;
      if (style.split === undefined && style.align === 'center') x = margin + (usable - w) / 2;
      if (style.split === undefined && style.align === 'right') x = PAGE_WIDTH - margin - w;
      out.push({ text: seg, x, y: y0, size, bold });
    }
  }
}
