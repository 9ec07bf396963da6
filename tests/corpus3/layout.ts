/**
 * The page model both PDF writers draw and the truth's page text is read from, and DocWriter, which
 * templates write through: it wraps text, breaks pages, adds running headers and page footers, and
 * records every field value at the moment it prints it, so the truth is exactly what the paper says.
 */
import type { ExtractedFields, InjuryDate } from '../../src/server/pipeline/types';

export type FontFamily = 'serif' | 'sans' | 'mono';

export interface Line3 {
  text: string;
  align?: 'left' | 'center' | 'right';
  bold?: boolean;
  italic?: boolean;
  /** Font size in points; the page style's size when absent. */
  size?: number;
  /** Points from the left margin. */
  indent?: number;
  /** Text of a second column on the same baseline, from the page's middle (caption right side). */
  right?: string;
  rightBold?: boolean;
  /** Blank space before the line, in lines. */
  gapBefore?: number;
  /** A form box drawn around the line. */
  box?: boolean;
  /** A rule under the line (signature lines, caption bars). */
  rule?: boolean;
  /** A barcode: drawn as bars, absent from the text layer (as a real one would be). */
  barcode?: string;
  /** A rubber stamp (RECEIVED / FILED): boxed and, on scans, a little rotated. */
  stamp?: boolean;
}

export interface PageStyle {
  family: FontFamily;
  size: number;
  /** Left and right margin, points. */
  margin: number;
  /** Top margin, points. */
  top: number;
  /** Line height as a multiple of the size. */
  leading: number;
}

export interface Page3 {
  style: PageStyle;
  lines: Line3[];
  /** The document's own footer ("Page 2 of 7"), bottom center. */
  footer: string | null;
  /** A Bates stamp, bottom right. */
  bates: string | null;
  /** A fax machine's line across the top or bottom of the page. */
  faxHeader: string | null;
  faxFooter: string | null;
}

export const PAGE_W = 612;
export const PAGE_H = 792;
/** Space kept free at the top and bottom for fax lines and footers, points. */
const RESERVED_TOP = 22;
const RESERVED_BOTTOM = 46;

/** Average glyph width per point of size, per family; wrapping uses it, drawing shrinks to fit. */
const CHAR_W: Record<FontFamily, number> = { serif: 0.44, sans: 0.48, mono: 0.6 };

export function lineHeight(style: PageStyle, line: Line3): number {
  return (line.size ?? style.size) * style.leading;
}

/** A page's text in reading order, as a perfect text layer gives it. */
export function pageText(p: Page3): string[] {
  const out: string[] = [];
  if (p.faxHeader) out.push(p.faxHeader);
  for (const l of p.lines) {
    if (l.text.trim()) out.push(l.text);
    if (l.right?.trim()) out.push(l.right);
  }
  if (p.footer) out.push(p.footer);
  if (p.bates) out.push(p.bates);
  if (p.faxFooter) out.push(p.faxFooter);
  return out;
}

/** Characters the standard PDF fonts (WinAnsi) cannot draw, folded to ones they can. */
export function winAnsi(s: string): string {
  const extra = new Set('\u2018\u2019\u201c\u201d\u2013\u2014\u2022\u2026\u20ac\u2122');
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 63;
    if ((c >= 32 && c <= 126) || (c >= 160 && c <= 255) || extra.has(ch)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]$/.test(base) ? base : '?';
    }
  }
  return out;
}

export function emptyFields(): ExtractedFields {
  return {
    adjNumbers: [],
    wcabNumbers: [],
    claimNumbers: [],
    caseNumbers: [],
    dateOfInjury: null,
    dateOfIncident: null,
    applicant: null,
    defendant: null,
    defendants: [],
  };
}

type Item = Line3 | 'break';

export class DocWriter {
  readonly fields: ExtractedFields = emptyFields();
  private readonly items: Item[] = [];
  /** Lines repeated at the top of every page after the first. */
  runningHeader: Line3[] = [];
  /** "{n}" and "{N}" are replaced; null for no footer. */
  footerPattern: string | null = null;
  /** Records what the running header prints; called only when there is a second page to show it. */
  runningHeaderRecord: (() => void) | null = null;

  constructor(readonly style: PageStyle) {}

  // ---- recording: call these with the exact printed value, in print order ----
  applicant(printed: string): string {
    if (!this.fields.applicant) this.fields.applicant = printed.trim();
    return printed;
  }
  adj(printed: string): string {
    const norm = `ADJ${printed.replace(/\D/g, '')}`;
    if (!this.fields.adjNumbers.includes(norm)) this.fields.adjNumbers.push(norm);
    return printed;
  }
  claim(printed: string): string {
    const v = printed.trim();
    if (!this.fields.claimNumbers.includes(v)) this.fields.claimNumbers.push(v);
    return printed;
  }
  caseNo(printed: string): string {
    if (!this.fields.caseNumbers.includes(printed)) this.fields.caseNumbers.push(printed);
    return printed;
  }
  doi(value: InjuryDate, printed: string): string {
    if (!this.fields.dateOfInjury) this.fields.dateOfInjury = { ...value };
    return printed;
  }
  defendant(printed: string): string {
    const v = printed.trim().replace(/[,;]+$/, '');
    if (!this.fields.defendants.includes(v)) this.fields.defendants.push(v);
    this.fields.defendant = this.fields.defendants[0] ?? null;
    return printed;
  }

  // ---- writing ----
  line(text: string, opts: Omit<Line3, 'text'> = {}): void {
    this.items.push({ text, ...opts });
  }
  blank(n = 1): void {
    for (let i = 0; i < n; i++) this.items.push({ text: '' });
  }
  pageBreak(): void {
    this.items.push('break');
  }
  /** A paragraph wrapped to the text width (less the indent). */
  para(text: string, opts: Omit<Line3, 'text'> = {}): void {
    const size = opts.size ?? this.style.size;
    const width = PAGE_W - 2 * this.style.margin - (opts.indent ?? 0);
    const max = Math.max(20, Math.floor(width / (size * CHAR_W[this.style.family])));
    const words = text.split(/\s+/).filter(Boolean);
    let cur = '';
    let first = true;
    for (const w of words) {
      if (cur && (cur + ' ' + w).length > max) {
        this.items.push({ ...opts, text: cur, gapBefore: first ? opts.gapBefore : 0 });
        first = false;
        cur = w;
      } else cur = cur ? `${cur} ${w}` : w;
    }
    if (cur) this.items.push({ ...opts, text: cur, gapBefore: first ? opts.gapBefore : 0 });
  }
  /** How many characters fit on one line at the body size. */
  get width(): number {
    return Math.floor(
      (PAGE_W - 2 * this.style.margin) / (this.style.size * CHAR_W[this.style.family]),
    );
  }

  /** Breaks the lines into pages that fit, with the running header and the footer. */
  pages(): Page3[] {
    const usable = PAGE_H - this.style.top - RESERVED_TOP - RESERVED_BOTTOM;
    const pages: Line3[][] = [[]];
    let used = 0;
    const fresh = () => {
      pages.push([...this.runningHeader.map((l) => ({ ...l }))]);
      used = this.runningHeader.reduce((s, l) => s + this.height(l), 0);
    };
    for (const item of this.items) {
      if (item === 'break') {
        fresh();
        continue;
      }
      const h = this.height(item);
      if (used + h > usable && used > 0) {
        fresh();
        // A page never starts with the gap meant to separate it from the line before.
        const l = { ...item, gapBefore: 0 };
        pages[pages.length - 1]?.push(l);
        used += this.height(l);
        continue;
      }
      pages[pages.length - 1]?.push(item);
      used += h;
    }
    const kept = pages.filter((p, i) => i === 0 || p.length > this.runningHeader.length);
    const n = kept.length;
    if (n > 1) this.runningHeaderRecord?.();
    return kept.map((lines, i) => ({
      style: this.style,
      lines,
      footer: this.footerPattern
        ? this.footerPattern.replace('{n}', String(i + 1)).replace('{N}', String(n))
        : null,
      bates: null,
      faxHeader: null,
      faxFooter: null,
    }));
  }

  private height(l: Line3): number {
    return lineHeight(this.style, l) * (1 + (l.gapBefore ?? 0)) + (l.box ? 4 : 0);
  }
}

export const RESERVED = { top: RESERVED_TOP, bottom: RESERVED_BOTTOM };
