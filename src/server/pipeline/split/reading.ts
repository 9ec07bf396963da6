/**
 * What the splitter reads once per page: page number (the document's own, not a fax machine's
 * transmission counter), case numbers, caption, separator sheet, letter parts, attachment
 * headings, header and footer lines, title of any taxonomy type near the top, form numbers, the
 * word set and the layout shape.
 */
import { bestTitle, formNumberFound, TOP_LINES } from '../classify/ruleScore';
import { prepareText } from '../classify/normalize';
import type { PageText, Taxonomy } from '../types';
import {
  adjNumbers,
  captionScore,
  closing,
  endsMidSentence,
  furniture,
  isSeparator,
  letterhead,
  letterOpening,
  pageNumber,
  salutation,
  startsMidSentence,
  wordSetOfSpaced,
  type PageNumber,
} from './cues';
import {
  attachmentHead,
  billEnd,
  caseLine,
  captionHeader,
  faxCover,
  shape,
  splitFax,
  subjectBlock,
  topDate,
  type AttachmentHead,
  type FaxLine,
  type Shape,
} from './pageCues';

export interface PageReading {
  page: number;
  lines: string[];
  words: Set<string>;
  number: PageNumber | null;
  fax: FaxLine | null;
  /** A fax cover sheet (its own one-page note; what follows it starts anew). */
  faxCover: boolean;
  adj: Set<string>;
  caption: number;
  caseLine: boolean;
  /** A one-line running caption at the top, as on a pleading's continuation pages. */
  captionHeader: boolean;
  separator: boolean;
  letter: boolean;
  salutation: boolean;
  letterhead: boolean;
  closing: boolean;
  /** The page ends a bill (total charge, amount due, billing provider, physician's signature). */
  billEnd: boolean;
  /** Kinds of subject label (patient, insured, claim, injury date...) under the page's heading. */
  subject: number;
  startsMid: boolean;
  endsMid: boolean;
  header: string;
  footer: string;
  attachment: AttachmentHead | null;
  date: string | null;
  shape: Shape;
  /**
   * Strongest title of any type near the top (0..1, less when not in capitals or low on the
   * page) and its type.
   */
  title: { strength: number; typeKey: string; title: string } | null;
  /** Form numbers printed anywhere on the page, as "typeKey:form". */
  forms: Set<string>;
}

export function readPage(page: PageText, taxonomy: Taxonomy): PageReading {
  const prepared = prepareText(page.text);
  const { fax, rest: lines } = splitFax(prepared.lines);
  const top = prepareText(page.text, TOP_LINES);
  let title: PageReading['title'] = null;
  const forms = new Set<string>();
  for (const rule of taxonomy.types) {
    const t = bestTitle(rule, top);
    const f = formNumberFound(rule, prepared);
    if (f) forms.add(`${rule.key}:${f}`);
    if (!t) continue;
    // A title in the lower half of a page is a heading or a signature line, not a new document.
    const low = t.hit.line > Math.max(4, prepared.lines.length / 2);
    const strength = t.strength * (t.hit.upper ? 1 : 0.6) * (low ? 0.4 : 1);
    if (!title || strength > title.strength) {
      title = { strength, typeKey: rule.key, title: t.title };
    }
  }
  const words = wordSetOfSpaced(prepared.spaced);
  return {
    page: page.page,
    lines,
    words,
    number: pageNumber(lines),
    fax,
    faxCover: faxCover(lines),
    adj: adjNumbers(page.text),
    caption: captionScore(lines),
    caseLine: caseLine(lines),
    captionHeader: captionHeader(lines),
    separator: isSeparator(lines, words.size),
    letter: letterOpening(lines),
    salutation: salutation(lines),
    letterhead: letterhead(lines),
    closing: closing(lines),
    billEnd: billEnd(lines),
    subject: subjectBlock(lines),
    startsMid: startsMidSentence(lines),
    endsMid: endsMidSentence(lines),
    header: furniture(lines[0]),
    footer: furniture(lines[lines.length - 1]),
    attachment: attachmentHead(lines, words.size),
    date: topDate(lines),
    shape: shape(lines),
    title,
    forms,
  };
}
