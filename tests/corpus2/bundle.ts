/**
 * Bundles of the second generator: a scanner batch, an EAMS e-filing (each document behind its
 * separator sheet), a fax transmission (a fax header with a running page counter on every page,
 * across unrelated documents) or a mail batch with two cases interleaved, each with ground truth
 * in the same shape as tests/corpus (1-based inclusive pages), plus `defendants` in the fields.
 */
import type { CaseCandidate } from '../../src/server/pipeline/types';
import type { PageLayout } from '../corpus/doc';
import { type Ctx, phone, separatorSheet } from './blocks';
import { type CaseFacts2, factsOf, generateCases2, unlistedFacts } from './cases';
import { CATALOG, EAMS_CATALOG } from './catalog';
import { caselessMail, faxCover, letter } from './letters';
import type { Made, Template } from './made';
import { STUDIES, diagnosticReport, pr2 } from './medical';
import { rfa } from './forms';
import { type Fields2, Truth, addDays, emptyFields } from './print';
import { Rng2 } from './rng';
import { type SheetPage, toLayout } from './sheet';

export type Scenario = 'scanner' | 'eams' | 'fax' | 'mail';
export const SCENARIOS: readonly Scenario[] = ['scanner', 'eams', 'fax', 'mail'];
export type CaseStatus2 = 'listed' | 'unlisted' | 'none';

export interface TruthDocument2 {
  startPage: number;
  endPage: number;
  typeKey: string;
  fields: Fields2;
  caseId: string | null;
  caseIds: string[];
  caseStatus: CaseStatus2;
}

export interface Bundle2 {
  id: string;
  seed: number;
  scenario: Scenario;
  pages: string[][];
  layout: PageLayout[];
  truth: { documents: TruthDocument2[] };
}

export interface BundleOptions2 {
  /** The firm's case list, or how many cases to generate from the bundle's seed. */
  cases: CaseCandidate[] | number;
  /** Roughly how many documents; drawn from the seed (4..20) when absent. */
  documents?: number;
  scenario?: Scenario;
}

interface Piece {
  typeKey: string;
  pages: SheetPage[];
  fields: Fields2;
  caseId: string | null;
  status: CaseStatus2;
  who: Who;
}

interface Who {
  facts: CaseFacts2;
  status: CaseStatus2;
}

function makeCtx(rng: Rng2, who: Who): Ctx {
  const start = who.facts.injury.end ?? who.facts.injury.start;
  return {
    rng,
    t: new Truth(who.facts, rng.fork('truth')),
    f: who.facts,
    date: addDays(start, rng.int(40, 900)),
    look: {
      family: rng.pick(['serif', 'sans', 'mono'] as const),
      size: rng.pick([10, 10.5, 11, 11.5, 12]),
      margin: rng.int(48, 72),
    },
    dateForm: rng.pick(['slash', 'long', 'short'] as const),
  };
}

const piece = (ctx: Ctx, who: Who, made: Made): Piece => ({
  typeKey: made.typeKey,
  pages: made.pages,
  fields: ctx.t.fields,
  caseId: who.status === 'listed' ? who.facts.caseId : null,
  status: who.status,
  who,
});

/** One or two documents: sometimes two of the same kind and author back to back. */
function documentsFor(rng: Rng2, who: Who, catalog: typeof CATALOG, separators: boolean): Piece[] {
  const ctx = makeCtx(rng, who);
  const roll = rng.next();
  const made: Made[] = [];
  if (!separators && roll < 0.08) {
    const study = rng.pick(STUDIES);
    made.push(diagnosticReport(ctx, 'Pacific Imaging Diagnostic Center', study));
    const second = makeCtx(rng.fork('second'), who);
    made.push(
      diagnosticReport(
        { ...second, look: ctx.look },
        'Pacific Imaging Diagnostic Center',
        rng.pick(STUDIES),
      ),
    );
    return made.map((m, i) => piece(i === 0 ? ctx : second, who, m));
  }
  if (!separators && roll < 0.15) {
    const second = makeCtx(rng.fork('second'), who);
    const from = rng.pick(['applicant', 'defense', 'carrier'] as const);
    return [
      piece(ctx, who, letter(ctx, from, 1)),
      piece(second, who, letter({ ...second, look: ctx.look }, from, 1)),
    ];
  }
  if (!separators && roll < 0.22) {
    const second = makeCtx(rng.fork('rfa'), who);
    return [piece(ctx, who, pr2(ctx)), piece(second, who, rfa({ ...second, date: ctx.date }))];
  }
  const template: Template = rng.weighted(catalog);
  const doc = template(ctx);
  if (separators)
    doc.pages.unshift(...separatorSheet(ctx, doc.unit, doc.docType, doc.title, doc.author));
  return [piece(ctx, who, doc)];
}

function caseless(rng: Rng2, any: Who): Piece {
  const ctx = makeCtx(rng, any);
  return {
    typeKey: 'correspondence',
    pages: caselessMail(ctx),
    fields: emptyFields(),
    caseId: null,
    status: 'none',
    who: any,
  };
}

const FAX_HEADERS: ReadonlyArray<
  (p: { when: string; from: string; fax: string; n: number; total: number }) => string
> = [
  (p) =>
    `${p.when}  FROM: ${p.from.toUpperCase()}  ${p.fax}  TO: 7145550142  P. ${String(p.n).padStart(2, '0')}/${String(p.total).padStart(2, '0')}`,
  (p) => `Fax from ${p.fax}   ${p.when}   ${p.from}   Page ${p.n} of ${p.total}`,
  (p) =>
    `${p.when} ${p.fax} >> 9165550199 ${p.from.slice(0, 18).toUpperCase()} PAGE ${p.n}/${p.total}`,
];

export function generateBundle2(seed: number, options: BundleOptions2): Bundle2 {
  const rng = new Rng2(seed).fork('bundle2');
  const cases =
    typeof options.cases === 'number' ? generateCases2(seed, options.cases) : options.cases;
  if (cases.length === 0) throw new Error('generateBundle2 needs at least one case');
  const scenario =
    options.scenario ??
    rng.weighted<Scenario>([
      ['scanner', 3],
      ['eams', 2],
      ['fax', 3],
      ['mail', 2],
    ]);
  const target = options.documents ?? rng.int(4, 20);
  const listed = (): Who => ({ facts: factsOf(rng.pick(cases)), status: 'listed' });
  const main = listed();
  const other = cases.length > 1 ? listed() : main;
  const pieces: Piece[] = [];
  const groups: number[] = [];
  let group = 0;
  while (pieces.length < target) {
    const r = rng.fork(`doc-${pieces.length}`);
    if (scenario === 'eams') {
      pieces.push(...documentsFor(r, main, EAMS_CATALOG, true));
      continue;
    }
    let who = main;
    if (scenario === 'mail') who = pieces.length % 2 === 0 || r.chance(0.2) ? other : main;
    else if (r.chance(0.2)) who = other;
    if (r.chance(0.06)) who = { facts: unlistedFacts(r), status: 'unlisted' };
    if (scenario === 'fax' && r.chance(0.25)) group += 1;
    const made = r.chance(0.05) ? [caseless(r, who)] : documentsFor(r, who, CATALOG, false);
    groups.push(...made.map(() => group));
    pieces.push(...made);
  }
  if (scenario === 'fax') addFaxCovers(rng, pieces, groups);
  return assemble(seed, scenario, pieces, scenario === 'fax' ? groups : null, rng);
}

/** Gives some transmissions a cover sheet of their own (a one-page correspondence document). */
function addFaxCovers(rng: Rng2, pieces: Piece[], groups: number[]): void {
  for (let i = pieces.length - 1; i >= 0; i -= 1) {
    const first = i === 0 || groups[i - 1] !== groups[i];
    const p = pieces[i] as Piece;
    if (!first || p.status === 'none' || !rng.chance(0.4)) continue;
    const who = p.who;
    const ctx = makeCtx(rng.fork(`cover-${i}`), who);
    const pagesInGroup = pieces
      .filter((_, j) => groups[j] === groups[i])
      .reduce((n, q) => n + q.pages.length, 1);
    const cover = faxCover(ctx, ctx.f.defenseFirm, ctx.f.applicantFirm, pagesInGroup);
    pieces.splice(i, 0, { ...p, typeKey: 'correspondence', pages: cover, fields: ctx.t.fields });
    groups.splice(i, 0, groups[i] as number);
  }
}

function assemble(
  seed: number,
  scenario: Scenario,
  pieces: Piece[],
  groups: number[] | null,
  rng: Rng2,
): Bundle2 {
  const pages: string[][] = [];
  const layout: PageLayout[] = [];
  const documents: TruthDocument2[] = [];
  for (const p of pieces) {
    const startPage = pages.length + 1;
    for (const sheet of p.pages) {
      pages.push([...sheet.lines]);
      layout.push(toLayout(sheet));
    }
    documents.push({
      startPage,
      endPage: pages.length,
      typeKey: p.typeKey,
      fields: p.fields,
      caseId: p.caseId,
      caseIds: p.caseId ? [p.caseId] : [],
      caseStatus: p.status,
    });
  }
  if (groups) stampFax(rng, pages, layout, documents, groups);
  return { id: `bundle2-${seed}`, seed, scenario, pages, layout, truth: { documents } };
}

/** Puts a fax header on every page with a counter that runs across each whole transmission. */
function stampFax(
  rng: Rng2,
  pages: string[][],
  layout: PageLayout[],
  docs: TruthDocument2[],
  groups: number[],
): void {
  const ranges = new Map<number, [number, number]>();
  docs.forEach((d, i) => {
    const g = groups[i] as number;
    const r = ranges.get(g);
    ranges.set(g, r ? [r[0], d.endPage] : [d.startPage, d.endPage]);
  });
  for (const [g, [from, to]] of ranges) {
    const r = rng.fork(`fax-${g}`);
    const header = r.pick(FAX_HEADERS);
    const stamp = `${r.pick(['NOV', 'DEC', 'JAN', 'MAR'])}-${r.int(10, 28)}-2025 ${r.int(8, 17)}:${r.digits(2)}`;
    const sender = r.pick([
      'Keystone Claims',
      'Valley Ortho Billing',
      'Law Offices RF',
      'Summit TPA',
    ]);
    const fax = phone(r);
    for (let p = from; p <= to; p += 1) {
      const text = header({
        when: stamp,
        from: sender,
        fax,
        n: p - from + 1,
        total: to - from + 1,
      });
      pages[p - 1]?.unshift(text);
      layout[p - 1]?.lines.unshift({ size: 7 });
    }
  }
}
