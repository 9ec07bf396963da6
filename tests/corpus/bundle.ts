/**
 * Bundles: what a scanner station or a mail room uploads as one raw file, 2 to 40 documents in a
 * row, with the ground truth of every document (its page range, type key, printed fields and the
 * case it belongs to). Most documents belong to one of the firm's cases; some bundles mix in a
 * second case, a case the firm does not have, or mail that concerns no case at all.
 */
import type { CaseCandidate, ExtractedFields } from '../../src/server/pipeline/types';
import { CORPUS_TYPE_KEYS, type CorpusTypeKey } from './typeKeys';
import { Rng, hashString } from './rng';
import { type CaseFacts, factsFromCandidate, generateCases, unlistedFacts } from './cases';
import { type DocCtx, type Firm, FieldRecorder } from './context';
import { type Page, type PageLayout } from './doc';
import { TYPE_SPECS } from './templates';
import { unrelatedLetter } from './templates/claims';
import { addDays, fakeAddress, fakePerson, fakePhone, pickDateStyle, randomDate } from './fakes';
import { LAW_FIRMS } from './data/legal';

/**
 * A document's true fields. The generator records the employer as `defendant` but not every
 * defendant a page prints, so `defendants` is optional here (scored only where a generator has it).
 */
export type TruthFields = Omit<ExtractedFields, 'defendants'> & { defendants?: string[] };

export type CaseStatus = 'listed' | 'unlisted' | 'none';

/** Pages a document carries that were generated apart (its proof of service), 1-based. */
export interface TruthAttachment {
  typeKey: CorpusTypeKey;
  startPage: number;
  endPage: number;
}

export interface TruthDocument {
  startPage: number;
  endPage: number;
  typeKey: CorpusTypeKey;
  /** Its attached proofs of service, within startPage..endPage; absent when it has none. */
  attachments?: TruthAttachment[];
  fields: TruthFields;
  /** The firm's case the document belongs to; null for unlisted cases and caseless mail. */
  caseId: string | null;
  /** Every listed case the document names (two for a consolidated caption). */
  caseIds: string[];
  caseStatus: CaseStatus;
}

export interface Bundle {
  id: string;
  seed: number;
  /** Lines of text per page, in order. */
  pages: string[][];
  /** How each page is drawn (fonts, sizes, alignment), parallel to pages. */
  layout: PageLayout[];
  truth: { documents: TruthDocument[] };
}

export interface BundleOptions {
  /**
   * Number of documents generated, 2..40; drawn from the seed when absent. A proof of service
   * attached to the document before it counts here but is no document of the truth.
   */
  documents?: number;
  /** The firm's cases, or a count to generate them from the same seed (generateCases). */
  cases: CaseCandidate[] | number;
  /** Types that must appear at least once (placed at random positions). */
  include?: readonly CorpusTypeKey[];
  /**
   * false: every generated document stays a document of the truth, a bare proof of service too
   * (for one document alone, generateDocument). Default true.
   */
  attach?: boolean;
}

/** The law firm that receives the mail, the same for every bundle made from one case list. */
export function firmFor(cases: readonly CaseCandidate[]): Firm {
  const rng = new Rng(hashString(`firm:${cases[0]?.caseId ?? ''}`));
  const [name, side] = rng.pick(LAW_FIRMS);
  return {
    name,
    side,
    attorney: fakePerson(rng),
    address: fakeAddress(rng),
    phone: fakePhone(rng),
  };
}

function withFirm(f: CaseFacts, firm: Firm): CaseFacts {
  if (firm.side === 'applicant') {
    return {
      ...f,
      applicantFirm: firm.name,
      applicantAttorney: firm.attorney,
      applicantFirmAddress: firm.address,
    };
  }
  return {
    ...f,
    defenseFirm: firm.name,
    defenseAttorney: firm.attorney,
    defenseFirmAddress: firm.address,
  };
}

function hasCaseNumber(f: CaseFacts): boolean {
  return Boolean(f.adj ?? f.wcab);
}

function pickType(rng: Rng, f: CaseFacts | undefined): CorpusTypeKey {
  const entries = CORPUS_TYPE_KEYS.filter(
    (k) => !f || hasCaseNumber(f) || !TYPE_SPECS[k].needsCaseNumber,
  ).map((k) => [k, TYPE_SPECS[k].weight] as const);
  return rng.weighted(entries);
}

const FOLLOWED_BY_SERVICE: ReadonlySet<CorpusTypeKey> = new Set([
  'declaration_of_readiness',
  'petition',
  'answer',
  'subpoena',
  'deposition_notice',
  'lien',
  'application_for_adjudication',
]);

/**
 * Issue 16, convention 3 ("What is attached stays with its document"): a proof of service at the
 * end of a petition, DOR, answer, notice of deposition or report is part of that document; one
 * with its own caption is a document of its own. So a proof of service that prints neither a
 * caption nor a case line (DocCtx.uncaptioned), right behind a document of these types, is filed
 * as that document's last page. Pleadings and liens are served with one (a lien's declaration
 * names "the attached proof of service"), and so are the medical-legal and treating reports.
 */
export const SERVED: ReadonlySet<CorpusTypeKey> = new Set([
  ...FOLLOWED_BY_SERVICE,
  'qme_report',
  'ame_report',
  'medical_report',
  'pr4',
]);

/** Types whose templates print every case number of a consolidated pair. */
const SINGLE_CASE: ReadonlySet<CorpusTypeKey> = new Set([
  'medical_report',
  'pr2',
  'pr4',
  'claim_form',
  'ur_decision',
  'imr_decision',
]);

interface Plan {
  typeKey: CorpusTypeKey;
  cases: CaseFacts[];
  listedIds: string[];
  status: CaseStatus;
  caseless: boolean;
}

export function generateBundle(seed: number, options: BundleOptions): Bundle {
  const rng = new Rng(seed).fork('bundle');
  const candidates =
    typeof options.cases === 'number' ? generateCases(seed, options.cases) : options.cases;
  const firm = firmFor(candidates);
  const listed = candidates.map((c) => withFirm(factsFromCandidate(c), firm));
  const n = Math.max(
    2,
    options.include?.length ?? 0,
    Math.min(
      40,
      options.documents ??
        rng.weighted<number>([
          [rng.int(2, 5), 4],
          [rng.int(6, 12), 3],
          [rng.int(13, 25), 2],
          [rng.int(26, 40), 1],
        ]),
    ),
  );

  const useListed = listed.length > 0 && rng.chance(0.88);
  const primary = useListed ? rng.pick(listed) : withFirm(unlistedFacts(rng), firm);
  const companion = listed.find(
    (f) =>
      f !== primary &&
      f.applicant.last === primary.applicant.last &&
      f.applicant.first === primary.applicant.first &&
      f.employer === primary.employer,
  );
  const second =
    listed.length > 1 && rng.chance(0.2) ? rng.pick(listed.filter((f) => f !== primary)) : null;
  const withAdj = listed.filter(hasCaseNumber);

  const plans: Plan[] = [];
  const plan = (typeKey: CorpusTypeKey, forced?: CaseFacts[]): Plan => {
    let cases: CaseFacts[] = forced ?? [second && rng.chance(0.3) ? second : primary];
    const canPair = !forced && companion && cases[0] === primary && !SINGLE_CASE.has(typeKey);
    if (canPair && rng.chance(0.3)) cases = [primary, companion];
    const head = cases[0];
    if (head && TYPE_SPECS[typeKey].needsCaseNumber && !hasCaseNumber(head)) {
      const other = withAdj.length > 0 ? rng.pick(withAdj) : null;
      if (!other) return plan('correspondence', forced);
      cases = [other];
    }
    const ids = cases.filter((f) => listed.includes(f)).map((f) => f.caseId);
    const status: CaseStatus = ids.length > 0 ? 'listed' : 'unlisted';
    return { typeKey, cases, listedIds: ids, status, caseless: false };
  };
  const include = options.include ?? [];
  const slots = new Map<number, CorpusTypeKey>();
  const positions = rng.sample(
    Array.from({ length: n }, (_, i) => i),
    include.length,
  );
  include.forEach((k, i) => slots.set(positions[i] ?? i, k));
  for (let i = 0; i < n; i++) {
    const forcedType = slots.get(i);
    if (!forcedType && rng.chance(0.04)) {
      plans.push({
        typeKey: 'correspondence',
        cases: [],
        listedIds: [],
        status: 'none',
        caseless: true,
      });
      continue;
    }
    const p = plan(forcedType ?? pickType(rng, primary));
    plans.push(p);
    const next = i + 1;
    if (next < n && !slots.has(next) && FOLLOWED_BY_SERVICE.has(p.typeKey) && rng.chance(0.4)) {
      slots.set(next, 'proof_of_service');
      plans.push({ ...plan('proof_of_service', p.cases) });
      i++;
    }
  }

  const pages: string[][] = [];
  const layout: PageLayout[] = [];
  const documents: TruthDocument[] = [];
  plans.forEach((p, i) => {
    const drng = rng.fork(`doc:${i}`);
    const spec = TYPE_SPECS[p.typeKey];
    const head = p.cases[0];
    const from = head ? addDays(head.injury.end ?? head.injury.start, 20) : '2024-01-01';
    const to = head ? addDays(from, drng.int(60, 1500)) : '2026-10-31';
    const rec = new FieldRecorder(drng.fork('printed'));
    const ctx: DocCtx = {
      rng: drng,
      cases: p.cases,
      firm,
      date: randomDate(drng, from, to > '2026-10-31' ? '2026-10-31' : to),
      targetPages: drng.int(spec.pages[0], spec.pages[1]),
      ds: pickDateStyle(drng),
      rec,
    };
    const docPages: Page[] = p.caseless ? unrelatedLetter(ctx) : spec.template(ctx);
    const startPage = pages.length + 1;
    const before = documents[documents.length - 1];
    for (const page of docPages) {
      pages.push(page.lines.map((l) => l.text));
      layout.push({
        family: page.family,
        size: page.size,
        margin: page.margin,
        lines: page.lines.map(({ text: _text, ...style }) => style),
      });
    }
    if (options.attach !== false && ctx.uncaptioned && before && SERVED.has(before.typeKey)) {
      const attachment = { typeKey: p.typeKey, startPage, endPage: pages.length };
      before.endPage = pages.length;
      before.attachments = [...(before.attachments ?? []), attachment];
      return;
    }
    documents.push({
      startPage,
      endPage: pages.length,
      typeKey: p.typeKey,
      fields: rec.fields(),
      caseId: p.listedIds[0] ?? null,
      caseIds: p.listedIds,
      caseStatus: p.caseless ? 'none' : p.status,
    });
  });
  return { id: `bundle-${seed}`, seed, pages, layout, truth: { documents } };
}

/** One document of a given type, alone, with its truth (for tests and for classifier checks). */
export function generateDocument(
  seed: number,
  typeKey: CorpusTypeKey,
  cases: CaseCandidate[] | number,
): { pages: string[][]; layout: PageLayout[]; truth: TruthDocument } {
  const bundle = generateBundle(seed, { documents: 2, cases, include: [typeKey], attach: false });
  const doc = bundle.truth.documents.find((d) => d.typeKey === typeKey);
  if (!doc) throw new Error(`generateDocument: no ${typeKey} in bundle ${seed}`);
  const from = doc.startPage - 1;
  return {
    pages: bundle.pages.slice(from, doc.endPage),
    layout: bundle.layout.slice(from, doc.endPage),
    truth: { ...doc, startPage: 1, endPage: doc.endPage - from },
  };
}
