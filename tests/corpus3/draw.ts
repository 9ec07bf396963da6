/**
 * Page geometry, shared by the text-PDF and the scan writer: a page becomes a list of drawing
 * operations in points from the top-left. Each writer measures text with its own fonts and shrinks
 * a line that would overflow its room, so nothing is clipped.
 */
import { PAGE_H, PAGE_W, RESERVED, lineHeight, type FontFamily, type Page3 } from './layout';

export interface FontSpec {
  family: FontFamily;
  bold: boolean;
  italic: boolean;
}

export type DrawOp =
  | {
      kind: 'text';
      text: string;
      x: number;
      y: number;
      size: number;
      font: FontSpec;
      maxWidth: number;
      align: 'left' | 'center' | 'right';
      stamp?: boolean;
    }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; width: number }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; width: number }
  | { kind: 'bars'; x: number; y: number; w: number; h: number; pattern: string };

/** The operations for one page; y is a text baseline (or a shape's top), in points from the top. */
export function pageOps(p: Page3): DrawOp[] {
  const ops: DrawOp[] = [];
  const st = p.style;
  const left = st.margin;
  const width = PAGE_W - 2 * st.margin;
  let top = st.top + RESERVED.top;
  const mono: FontSpec = { family: 'mono', bold: false, italic: false };
  if (p.faxHeader)
    ops.push({
      kind: 'text',
      text: p.faxHeader,
      x: 18,
      y: 16,
      size: 8,
      font: mono,
      maxWidth: PAGE_W - 36,
      align: 'left',
    });
  for (const l of p.lines) {
    const size = l.size ?? st.size;
    const lh = lineHeight(st, l);
    top += (l.gapBefore ?? 0) * lh;
    const base = top + size;
    const font: FontSpec = { family: st.family, bold: !!l.bold, italic: !!l.italic };
    const indent = l.indent ?? 0;
    if (l.barcode) {
      ops.push({
        kind: 'bars',
        x: PAGE_W / 2 - 150,
        y: top,
        w: 300,
        h: size * 2.5,
        pattern: l.barcode,
      });
      top += lh * 2;
      continue;
    }
    const hasRight = l.right !== undefined;
    const room = hasRight ? width / 2 - indent - 8 : width - indent;
    if (l.text) {
      const align = l.align ?? 'left';
      const x =
        align === 'center' ? left + width / 2 : align === 'right' ? left + width : left + indent;
      ops.push({
        kind: 'text',
        text: l.text,
        x,
        y: base,
        size,
        font,
        maxWidth: room,
        align,
        stamp: l.stamp,
      });
    }
    if (hasRight && l.right) {
      const rf: FontSpec = { ...font, bold: !!l.rightBold };
      ops.push({
        kind: 'text',
        text: l.right,
        x: left + width / 2 + 8,
        y: base,
        size,
        font: rf,
        maxWidth: width / 2 - 8,
        align: 'left',
      });
    }
    if (l.box)
      ops.push({ kind: 'rect', x: left - 3, y: top - 1, w: width + 6, h: lh + 3, width: 0.6 });
    if (l.rule)
      ops.push({
        kind: 'line',
        x1: left,
        y1: base + 4,
        x2: left + width,
        y2: base + 4,
        width: 0.8,
      });
    top += lh + (l.box ? 4 : 0);
  }
  const small: FontSpec = { family: st.family, bold: false, italic: false };
  if (p.footer)
    ops.push({
      kind: 'text',
      text: p.footer,
      x: PAGE_W / 2,
      y: PAGE_H - 28,
      size: 9,
      font: small,
      maxWidth: width,
      align: 'center',
    });
  if (p.bates)
    ops.push({
      kind: 'text',
      text: p.bates,
      x: PAGE_W - 30,
      y: PAGE_H - 16,
      size: 9,
      font: { family: 'sans', bold: true, italic: false },
      maxWidth: 150,
      align: 'right',
    });
  if (p.faxFooter)
    ops.push({
      kind: 'text',
      text: p.faxFooter,
      x: 18,
      y: PAGE_H - 6,
      size: 7.5,
      font: mono,
      maxWidth: PAGE_W - 180,
      align: 'left',
    });
  return ops;
}

/** The size at which text fits its room. */
export function fitSize(measured: number, size: number, maxWidth: number): number {
  return measured > maxWidth ? Math.max(4, (size * maxWidth) / measured) : size;
}
