/**
 * Pages as lines of text with a style per line, in the PageLayout shape the shared PDF writers
 * (tests/corpus/textPdf.ts and scanPdf.ts) draw. A Sheets object fills letter-size pages line by
 * line, wraps paragraphs, puts two-column lines (a pleading caption's left and right halves) on
 * one baseline, repeats a running header on continuation pages and adds footers at the end.
 */
import type { Family, LineStyle, PageLayout } from '../corpus/doc';

export interface Look {
  family: Family;
  size: number;
  margin: number;
}

export interface SheetPage {
  look: Look;
  lines: string[];
  styles: LineStyle[];
}

/** A footer for page n of total, or none. */
export type Footer = (n: number, total: number) => string | null;

export const FOOTERS: Record<string, Footer> = {
  none: () => null,
  pageOf: (n, t) => `Page ${n} of ${t}`,
  dashed: (n) => `- ${n} -`,
  bare: (n) => String(n),
  pg: (n, t) => `Pg. ${n}/${t}`,
};

export class Sheets {
  readonly pages: SheetPage[] = [];
  /** Lines repeated at the top of every page after the first (a running caption header). */
  header: string[] = [];
  private current: SheetPage | null = null;

  constructor(
    readonly look: Look,
    private readonly footer: Footer = FOOTERS.none as Footer,
    private readonly footerNote: string | null = null,
  ) {}

  /** Lines a page holds above its footer. */
  get capacity(): number {
    return Math.floor((792 - 2 * this.look.margin) / (this.look.size * 1.32)) - 4;
  }

  /** Characters per wrapped line. */
  get width(): number {
    return Math.floor((612 - 2 * this.look.margin) / (this.look.size * 0.53));
  }

  page(): this {
    this.current = { look: this.look, lines: [], styles: [] };
    this.pages.push(this.current);
    if (this.pages.length > 1) {
      for (const h of this.header) this.push(h, { size: this.look.size - 1 });
      if (this.header.length > 0) this.push('', {});
    }
    return this;
  }

  private push(text: string, style: LineStyle): void {
    if (!this.current) this.page();
    const cur = this.current as SheetPage;
    cur.lines.push(text);
    cur.styles.push(style);
  }

  line(text: string, style: LineStyle = {}): this {
    if (!this.current || this.current.lines.length >= this.capacity) this.page();
    this.push(text, style);
    return this;
  }

  blank(count = 1): this {
    for (let i = 0; i < count; i += 1) this.line('');
    return this;
  }

  title(text: string, size?: number): this {
    return this.line(text, { bold: true, align: 'center', size: size ?? this.look.size + 2 });
  }

  /** A paragraph wrapped to the page width, with an optional left indent in characters. */
  para(text: string, indent = 0): this {
    const room = this.width - indent;
    let cur = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      if (cur && cur.length + 1 + word.length > room) {
        this.line(cur, indent ? { indent } : {});
        cur = word;
      } else cur = cur ? `${cur} ${word}` : word;
    }
    if (cur) this.line(cur, indent ? { indent } : {});
    return this;
  }

  /** Two columns on one baseline: the text layer reads them left then right, interleaved. */
  pair(left: string, right: string, rightBold = false): this {
    const l = left.padEnd(Math.max(left.length + 2, 44));
    return this.line(`${l}${right}`, { split: l.length, rightBold });
  }

  /** Label: value rows in a form box ("Claim Number: [ 05-123456 ]"). */
  box(label: string, value: string, boxed: boolean): this {
    return this.line(boxed ? `${label} [ ${value} ]` : `${label} ${value}`);
  }

  /** The pages with their footers, ready to append to a document. */
  finish(): SheetPage[] {
    const total = this.pages.length;
    this.pages.forEach((p, i) => {
      const text = this.footer(i + 1, total);
      if (this.footerNote) {
        p.lines.push(this.footerNote);
        p.styles.push({ footer: true, size: this.look.size - 3 });
      }
      if (text) {
        p.lines.push(text);
        p.styles.push({ footer: true, align: 'center', size: this.look.size - 1 });
      }
    });
    return this.pages;
  }
}

export function toLayout(page: SheetPage): PageLayout {
  return { ...page.look, lines: page.styles };
}
