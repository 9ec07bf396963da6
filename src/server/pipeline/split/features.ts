/**
 * The cue features of one page as a possible document start, measured against the page before it
 * and the document that page belongs to (RunningDocument). Each feature is a number (mostly 0/1)
 * that the learned model (model.ts) weighs; the names double as the cue strings shown to
 * reviewers. The running document is immutable so the decoder can follow several hypotheses.
 */
import { cosine } from './cues';
import { shapeChange } from './pageCues';
import type { PageReading } from './reading';

export { readPage, type PageReading } from './reading';

/** Every feature the model knows, in the order of its weight vector. */
export const FEATURE_NAMES = [
  'title',
  'titleRepeat',
  'titleAfterClosing',
  'pageOne',
  'pageAfterOne',
  'numberReset',
  'pageContinues',
  'prevLastPage',
  'withinDeclared',
  'captionNew',
  'captionRepeat',
  'captionHeader',
  'sameHeader',
  'sameFooter',
  'adjChange',
  'adjSame',
  'separator',
  'afterSeparator',
  'letter',
  'salutation',
  'salutationAfterClosing',
  'letterhead',
  'letterheadRepeat',
  'letterheadAfterClosing',
  'letterheadRepeatAfterClosing',
  'titleFresh',
  'posNumbered',
  'posPageOne',
  'adjChangeSimilar',
  'prevClosing',
  'startsMidSentence',
  'prevEndsMidSentence',
  'runningHeader',
  'headerLost',
  'blank',
  'formNew',
  'formSame',
  'similarity',
  'faxHeader',
  'faxSame',
  'faxFirst',
  'faxCover',
  'letterheadNew',
  'exhibitCover',
  'exhibit',
  'afterExhibitCover',
  'inExhibit',
  'verification',
  'opinion',
  'opinionAfterFindings',
  'itemization',
  'itemsAfterLien',
  'imrApplication',
  'imrAfterUr',
  'attachment',
  'proofOfService',
  'posOwnCaption',
  'posAfterPleading',
  'dateNew',
  'sameKindNewDate',
  'prevBillEnd',
  'subjectAfterEnd',
  'subjectAgain',
  'captionAgain',
  'shapeChange',
  'docLength',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];
export type Features = Partial<Record<FeatureName, number>>;

/** State carried along the pages: the document being built. */
export interface RunningDocument {
  startIndex: number;
  /** Declared length ("of N") seen on its pages, if any. */
  declared: number | null;
  adj: ReadonlySet<string>;
  forms: ReadonlySet<string>;
  /** Header lines of its pages after the first, with how often each was seen. */
  headers: ReadonlyMap<string, number>;
  /** Type of the first title seen in it (a separator sheet's document takes the next page's). */
  typeKey: string | null;
  /**
   * The type a separator sheet names for the document behind it ("Document Title: ..."): the
   * document's type when its own first page shows no title (a title OCR damaged, a caption's
   * title lost between columns).
   */
  sheetType: string | null;
  /** First line of its first page (a letterhead repeats there on a second letter). */
  firstHeader: string;
  date: string | null;
  /** An exhibit cover was seen: what follows are exhibits (copies with their own letterheads). */
  exhibit: boolean;
  /** Its first page opens with a subject block (patient, insured, claim, injury date...). */
  subject: boolean;
  /** A later page of it carried a subject block too: a running header, so one means less. */
  subjectRunning: boolean;
  /** Its first page carries a full caption. */
  caption: boolean;
  /** A later page of it carried a full caption too. */
  captionRunning: boolean;
}

/** Kinds of subject label that make a page's own subject block (see subjectBlock). */
const SUBJECT = 3;

/** Documents that carry their own proof of service as a last page. */
export const SERVED_KEYS = [
  'petition',
  'answer',
  'declaration_of_readiness',
  'deposition_notice',
  'application_for_adjudication',
  'subpoena',
  'lien',
  'qme_report',
  'ame_report',
  'medical_report',
  'pr4',
] as const;
const SERVED: ReadonlySet<string> = new Set(SERVED_KEYS);

/** Two ADJ numbers read from paper are the same when at most one digit differs (OCR). */
function sameAdj(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length && diff < 2; i++) if (a[i] !== b[i]) diff++;
  return diff < 2;
}

function sharesAdj(cur: ReadonlySet<string>, doc: ReadonlySet<string>): boolean {
  for (const a of cur) for (const b of doc) if (sameAdj(a, b)) return true;
  return false;
}

export function startDocument(cur: PageReading, index: number): RunningDocument {
  return {
    startIndex: index,
    declared: cur.number?.n ?? null,
    adj: cur.adj,
    forms: cur.forms,
    headers: new Map(),
    typeKey: cur.separator ? null : (cur.title?.typeKey ?? null),
    sheetType: cur.separator ? (cur.title?.typeKey ?? null) : null,
    firstHeader: cur.header,
    date: cur.date,
    exhibit: cur.attachment === 'exhibitCover',
    subject: cur.subject >= SUBJECT,
    subjectRunning: false,
    caption: cur.caption >= 3,
    captionRunning: false,
  };
}

function union<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): ReadonlySet<T> {
  if (b.size === 0) return a;
  let out: Set<T> | null = null;
  for (const x of b) {
    if (a.has(x)) continue;
    out ??= new Set(a);
    out.add(x);
  }
  return out ?? a;
}

export function continueDocument(doc: RunningDocument, cur: PageReading): RunningDocument {
  let headers = doc.headers;
  if (cur.header.length > 3) {
    const next = new Map(doc.headers);
    next.set(cur.header, (next.get(cur.header) ?? 0) + 1);
    headers = next;
  }
  return {
    ...doc,
    declared: doc.declared ?? cur.number?.n ?? null,
    adj: union(doc.adj, cur.adj),
    forms: union(doc.forms, cur.forms),
    headers,
    typeKey: doc.typeKey ?? cur.title?.typeKey ?? doc.sheetType,
    date: doc.date ?? cur.date,
    exhibit: doc.exhibit || cur.attachment === 'exhibitCover',
    subjectRunning: doc.subjectRunning || cur.subject >= SUBJECT,
    captionRunning: doc.captionRunning || cur.caption >= 3,
  };
}

export function pageFeatures(
  cur: PageReading,
  prev: PageReading,
  doc: RunningDocument,
  index: number,
): Features {
  const f: Features = {};
  const n = cur.number;
  const p = prev.number;
  const title = cur.title?.strength ?? 0;
  if (cur.title) f.title = title;
  if (cur.title && doc.typeKey === cur.title.typeKey) f.titleRepeat = title;
  if (cur.title && prev.closing) f.titleAfterClosing = title;
  if (n?.k === 1) f.pageOne = 1;
  if (n && n.k > 1) f.pageAfterOne = 1;
  // The numbering starts again at 1 after a numbered page.
  if (n?.k === 1 && p) f.numberReset = 1;
  if (n && p && n.k === p.k + 1 && (n.n === p.n || n.n === null || p.n === null))
    f.pageContinues = 1;
  if (p?.n && p.k === p.n) f.prevLastPage = 1;
  if (doc.declared !== null && index - doc.startIndex < doc.declared && !(n?.k === 1)) {
    f.withinDeclared = 1;
  }
  if (cur.caption >= 3 && prev.caption < 3) f.captionNew = 1;
  if (cur.caption >= 3 && prev.caption >= 3) f.captionRepeat = 1;
  if (cur.captionHeader && cur.caption < 3) f.captionHeader = 1;
  // The first page of a document has no running header yet: the same first line on the page
  // after it is as likely a second copy of the same form as a running header.
  const prevStarted = index - 1 === doc.startIndex;
  if (!prevStarted && cur.header.length > 3 && cur.header === prev.header) f.sameHeader = 1;
  if (!prevStarted && cur.footer.length > 3 && cur.footer === prev.footer) f.sameFooter = 1;
  if (cur.adj.size > 0 && doc.adj.size > 0) {
    if (sharesAdj(cur.adj, doc.adj)) f.adjSame = 1;
    else f.adjChange = 1;
  }
  if (cur.separator) f.separator = 1;
  if (prev.separator) f.afterSeparator = 1;
  if (cur.letter) f.letter = 1;
  if (cur.salutation) f.salutation = 1;
  if (cur.salutation && prev.closing) f.salutationAfterClosing = 1;
  if (cur.letterhead) f.letterhead = 1;
  if (cur.letterhead && cur.header.length > 3 && cur.header === doc.firstHeader)
    f.letterheadRepeat = 1;
  if (prev.closing) f.prevClosing = 1;
  if (cur.startsMid) f.startsMidSentence = 1;
  if (prev.endsMid) f.prevEndsMidSentence = 1;
  if (cur.header.length > 3 && doc.headers.has(cur.header)) f.runningHeader = 1;
  // Only a header seen on two pages is a running header whose absence means something.
  const established = [...doc.headers.values()].some((c) => c >= 2);
  if (established && cur.header.length > 3 && !doc.headers.has(cur.header)) f.headerLost = 1;
  if (cur.words.size < 6 && !cur.separator) f.blank = 1;
  const newForm = [...cur.forms].some((x) => !doc.forms.has(x));
  if (cur.forms.size > 0 && newForm) f.formNew = 1;
  if (cur.forms.size > 0 && !newForm) f.formSame = 1;
  // Two copies of one form are alike too, so a strong title at the top discounts similarity.
  f.similarity = cosine(cur.words, prev.words) * (1 - 0.5 * title);
  if (cur.fax) f.faxHeader = 1;
  if (cur.fax && prev.fax && cur.fax.key === prev.fax.key) f.faxSame = 1;
  if (cur.fax?.k === 1) f.faxFirst = 1;
  if (cur.faxCover) f.faxCover = 1;
  // A letterhead none of the document's pages has opened with: another author's paper (an
  // attachment heading is weighed by its own features: a served proof of service may carry the
  // server's letterhead).
  if (
    cur.letterhead &&
    !cur.attachment &&
    cur.header.length > 3 &&
    cur.header !== doc.firstHeader &&
    !doc.headers.has(cur.header)
  )
    f.letterheadNew = 1;
  attachmentFeatures(f, cur, prev, doc);
  if (cur.date && doc.date && cur.date !== doc.date) {
    f.dateNew = 1;
    if (f.titleRepeat) f.sameKindNewDate = 1;
  }
  sameKindFeatures(f, cur, prev, doc);
  if (cur.letterhead && prev.closing) f.letterheadAfterClosing = 1;
  // The author's letterhead again right after a signature: the same author's next document.
  if (f.letterheadRepeat && prev.closing) f.letterheadRepeatAfterClosing = 1;
  // A title on a page that neither continues the numbering nor falls within a declared length.
  if (cur.title && !f.pageContinues && !f.withinDeclared) f.titleFresh = title;
  if (f.proofOfService && f.pageContinues) f.posNumbered = 1;
  if (f.proofOfService && n?.k === 1) f.posPageOne = 1;
  // Near-identical pages about another case: one form letter sent on two claims.
  if (f.adjChange) f.adjChangeSimilar = f.similarity;
  f.shapeChange = shapeChange(cur.shape, prev.shape);
  f.docLength = Math.log1p(index - doc.startIndex) / 4;
  return f;
}

/**
 * A document of the same kind and author right behind another (a second bill of one provider, a
 * second diagnostic report of one imaging centre, a second notice on one case) shares title,
 * letterhead and words with it; what tells it apart is that the page before closed a document (a
 * signature, or a bill's total charge and billing provider) and that this page opens its own
 * subject block, or that a document which opened with its subject block or caption (and repeats
 * it on no other page: not a running header) meets a second one. An attachment heading's caption
 * (an opinion behind its award) is weighed by its own features.
 */
function sameKindFeatures(f: Features, cur: PageReading, prev: PageReading, doc: RunningDocument) {
  if (prev.billEnd) f.prevBillEnd = 1;
  if (cur.caption >= 3 && !cur.attachment && doc.caption && !doc.captionRunning) f.captionAgain = 1;
  // A lien's itemization prints the patient and claim it bills: it stays the lien's attachment.
  if (cur.subject < SUBJECT || f.itemsAfterLien) return;
  if (prev.closing || prev.billEnd) f.subjectAfterEnd = 1;
  if (doc.subject && !doc.subjectRunning) f.subjectAgain = 1;
}

function attachmentFeatures(
  f: Features,
  cur: PageReading,
  prev: PageReading,
  doc: RunningDocument,
): void {
  if (prev.attachment === 'exhibitCover') f.afterExhibitCover = 1;
  if (doc.exhibit) f.inExhibit = 1;
  switch (cur.attachment) {
    case null:
      return;
    case 'proofOfService': {
      f.proofOfService = 1;
      const own = cur.caption >= 3 || cur.caseLine;
      if (own) f.posOwnCaption = 1;
      else if (doc.typeKey && SERVED.has(doc.typeKey)) f.posAfterPleading = 1;
      return;
    }
    case 'opinion':
      f.opinion = 1;
      if (doc.typeKey === 'findings_and_award') f.opinionAfterFindings = 1;
      return;
    case 'itemization':
      f.itemization = 1;
      if (doc.typeKey === 'lien') f.itemsAfterLien = 1;
      return;
    case 'imrApplication':
      f.imrApplication = 1;
      if (doc.typeKey === 'ur_decision') f.imrAfterUr = 1;
      return;
    default:
      f[cur.attachment] = 1;
  }
}
