/**
 * Bundles: a stack of paper as a firm receives it (scanner, EAMS download, fax, mail, a served
 * packet), built from documents of listed cases, unlisted cases and no case, with the truth.
 */
import type { CaseCandidate, ExtractedFields } from '../../src/server/pipeline/types';
import { linkSiblings, profileOf, unlistedProfile, type CaseProfile } from './cases';
import { addDays, fmtDate, pad, parseIso, toDays, type Ymd } from './formats';
import { pageText, winAnsi, type Page3 } from './layout';
import { newCtx, phone, type BuiltDoc, type DocCtx } from './parts';
import { Rng } from './rng';
import * as A from './admin';
import * as L from './legal';
import * as M from './medical';

export type Scenario3 = 'scanner' | 'eams' | 'fax' | 'mail' | 'served';
export const SCENARIOS3: readonly Scenario3[] = ['scanner', 'eams', 'fax', 'mail', 'served'];

export const TYPE_KEYS3 = [
  'medical_report',
  'pr2',
  'pr4',
  'qme_report',
  'ame_report',
  'application_for_adjudication',
  'declaration_of_readiness',
  'petition',
  'answer',
  'substitution_of_attorney',
  'notice_of_hearing',
  'minutes_of_hearing',
  'compromise_and_release',
  'stipulations_with_award',
  'findings_and_award',
  'order',
  'subpoena',
  'deposition_notice',
  'lien',
  'medical_bill',
  'request_for_authorization',
  'ur_decision',
  'imr_decision',
  'correspondence',
  'proof_of_service',
  'claim_form',
  'benefit_notice',
] as const;

export interface TruthDocument3 {
  startPage: number;
  endPage: number;
  typeKey: string;
  fields: ExtractedFields;
  caseId: string | null;
  caseIds?: string[];
}

export interface Bundle3 {
  id: string;
  seed: number;
  scenario: Scenario3;
  pages: string[][];
  truth: { documents: TruthDocument3[] };
  /** The drawn layout of every page, for the PDF writers. */
  layout: Page3[];
}

type Maker = (ctx: DocCtx) => BuiltDoc;

const MAKERS: Record<string, Maker> = {
  medical_report: M.medicalReport,
  pr2: M.pr2,
  pr4: M.pr4,
  qme_report: (c) => M.medLegal(c, 'qme_report'),
  ame_report: (c) => M.medLegal(c, 'ame_report'),
  request_for_authorization: M.rfa,
  ur_decision: M.urDecision,
  imr_decision: M.imrDecision,
  medical_bill: M.medicalBill,
  application_for_adjudication: L.application,
  declaration_of_readiness: L.dor,
  petition: L.petition,
  answer: L.answer,
  substitution_of_attorney: L.substitution,
  notice_of_hearing: L.noticeOfHearing,
  minutes_of_hearing: L.minutes,
  compromise_and_release: (c) => L.settlement(c, 'compromise_and_release'),
  stipulations_with_award: (c) => L.settlement(c, 'stipulations_with_award'),
  findings_and_award: (c) => L.decision(c, 'findings_and_award'),
  order: (c) => L.decision(c, 'order'),
  subpoena: L.subpoena,
  deposition_notice: L.depositionNotice,
  lien: L.lien,
  proof_of_service: L.standalonePos,
  correspondence: (c) => (c.rng.chance(0.3) ? A.email(c) : A.letter(c)),
  claim_form: A.claimForm,
  benefit_notice: A.benefitNotice,
};

/** How often each type turns up in each kind of stack. */
const BASE: Array<[string, number]> = TYPE_KEYS3.map((k) => [k, 1]);
const WEIGHTS: Record<Scenario3, Array<[string, number]>> = {
  scanner: [
    ...BASE,
    ['medical_report', 4],
    ['pr2', 3],
    ['correspondence', 4],
    ['benefit_notice', 2],
  ],
  eams: [
    ...BASE,
    ['medical_report', 2],
    ['petition', 2],
    ['declaration_of_readiness', 2],
    ['notice_of_hearing', 2],
    ['minutes_of_hearing', 2],
    ['lien', 2],
  ],
  fax: [
    ['medical_report', 3],
    ['pr2', 3],
    ['request_for_authorization', 3],
    ['ur_decision', 2],
    ['medical_bill', 2],
    ['correspondence', 3],
    ['benefit_notice', 1],
    ['imr_decision', 1],
    ['pr4', 1],
  ],
  mail: [...BASE, ['correspondence', 3], ['benefit_notice', 2], ['notice_of_hearing', 1]],
  served: [
    ['petition', 4],
    ['declaration_of_readiness', 2],
    ['qme_report', 3],
    ['ame_report', 1],
    ['answer', 2],
    ['deposition_notice', 2],
    ['proof_of_service', 2],
    ['lien', 1],
    ['subpoena', 1],
  ],
};

/** Types that print a WCAB caption or board header, where a consolidated case pair can appear. */
const CAPTIONED = new Set([
  'petition',
  'answer',
  'declaration_of_readiness',
  'notice_of_hearing',
  'minutes_of_hearing',
  'findings_and_award',
  'order',
  'deposition_notice',
  'proof_of_service',
  'application_for_adjudication',
  'compromise_and_release',
  'stipulations_with_award',
  'lien',
]);

const NEEDS_ADJ = new Set([
  'notice_of_hearing',
  'minutes_of_hearing',
  'findings_and_award',
  'order',
  'compromise_and_release',
  'stipulations_with_award',
  'declaration_of_readiness',
  'lien',
]);

interface Planned {
  doc: BuiltDoc;
  caseId: string | null;
  caseIds?: string[];
  date: Ymd;
}

function makeDoc(
  rng: Rng,
  scenario: Scenario3,
  p: CaseProfile | null,
  date: Ymd,
  typeKey?: string,
  pin?: number,
): Planned {
  const docRng = rng.fork(1);
  if (!p) return { doc: A.caselessMail(docRng, fmtDate(date, 'long')), caseId: null, date };
  let key = typeKey ?? rng.weighted(WEIGHTS[scenario]);
  // Board-issued and board-filed paper exists only once the case has an ADJ number.
  if (!p.adj && NEEDS_ADJ.has(key))
    key = rng.pick(['medical_report', 'pr2', 'correspondence', 'benefit_notice']);
  const consolidated = !!p.sibling && CAPTIONED.has(key) && rng.chance(0.3);
  const maker = MAKERS[key] ?? MAKERS.correspondence;
  const ctx = newCtx(docRng, p, date, consolidated);
  if (pin !== undefined) ctx.pin = pin;
  const doc = (maker as Maker)(ctx);
  const out: Planned = { doc, caseId: p.caseId, date };
  if (doc.caseIds && doc.caseIds.length > 1) out.caseIds = doc.caseIds;
  return out;
}

/**
 * Usually one document; now and then two short ones of the same kind from the same sender back to
 * back (two imaging reports, two letters from one adjuster), which are still two documents.
 */
function makeDocs(rng: Rng, scenario: Scenario3, p: CaseProfile | null, date: Ymd): Planned[] {
  if (p && rng.chance(0.1)) {
    const key = rng.pick(['medical_report', 'correspondence']);
    const pin = rng.int(1, 2 ** 30);
    return [makeDoc(rng, scenario, p, date, key, pin), makeDoc(rng, scenario, p, date, key, pin)];
  }
  return [makeDoc(rng, scenario, p, date)];
}

/** The EAMS document separator sheet, the first page of the document behind it. */
function separator(rng: Rng, p: CaseProfile, doc: BuiltDoc, date: Ymd): Page3 {
  const style = { family: 'sans' as const, size: 12, margin: 72, top: 72, leading: 1.6 };
  const adj = p.adj ?? '';
  const bars = Array.from({ length: 34 }, () => (rng.chance(0.5) ? '|' : 'I')).join('');
  return {
    style,
    lines: [
      { text: 'DOCUMENT SEPARATOR SHEET', align: 'center', bold: true, size: 20, gapBefore: 2 },
      { text: '', barcode: bars, size: 16, gapBefore: 1 },
      { text: `Case Number: ${adj}`, gapBefore: 2 },
      { text: `Document Type: ${doc.eamsType}` },
      { text: `Document Title: ${doc.title}` },
      { text: `Document Date: ${fmtDate(date, 'mdy')}` },
      {
        text: `Author: ${rng.pick(['APPLICANT ATTORNEY', 'DEFENSE ATTORNEY', 'WCAB', 'MEDICAL PROVIDER', 'CLAIMS ADMINISTRATOR'])}`,
      },
      { text: 'Number of Pages (excluding this sheet): ' + String(doc.pages.length) },
    ],
    footer: null,
    bates: null,
    faxHeader: null,
    faxFooter: null,
  };
}

const MON = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A fax machine's per-page line; the counter runs across the whole transmission. */
function faxLine(
  style: number,
  sender: string,
  fax: string,
  when: Ymd,
  time: string,
  i: number,
  n: number,
): string {
  switch (style) {
    case 0:
      return `${MON[when.m - 1]}-${pad(when.d)}-${when.y} ${time}  FROM: ${sender.toUpperCase()}  ${fax}  P. ${pad(i)}/${pad(n)}`;
    case 1:
      return `${fmtDate(when, 'mdy')} ${time} FAX ${fax}  ${sender}  Page ${i} of ${n}`;
    case 2:
      return `${fmtDate(when, 'long')} ${time}  ${sender}  ${fax}  ${pad(i, 3)}/${pad(n, 3)}`;
    default:
      return `Received: ${fmtDate(when, 'mdyNoPad')} ${time}; From: ${fax}; To: ${phone(new Rng(i))}; Page ${i} of ${n}`;
  }
}

export function generateBundle3(
  seed: number,
  options: { cases: CaseCandidate[]; documents?: number; scenario?: Scenario3 },
): Bundle3 {
  const rng = new Rng(seed);
  let scenario = options.scenario ?? rng.pick(SCENARIOS3);
  const profiles = options.cases.map(profileOf);
  linkSiblings(profiles);
  const withAdj = profiles.filter((p) => p.adj);
  if (scenario === 'eams' && withAdj.length === 0) scenario = 'scanner';
  const pool = scenario === 'eams' ? withAdj : profiles;
  const first = pool.length ? rng.pick(pool) : unlistedProfile(rng);
  const others = pool.filter((p) => p !== first);
  const second = others.length ? rng.pick(others) : unlistedProfile(rng);
  const unlisted = unlistedProfile(rng.fork(7));
  const targetPages = rng.int(25, 60);
  const wantDocs = options.documents;
  const enough = (docs: number, pages: number) =>
    wantDocs !== undefined ? docs >= wantDocs : pages >= targetPages;

  const lastInjury = Math.max(
    ...[first, second].map((p) => toDays(parseIso(p.doi.end ?? p.doi.start))),
  );
  let day = Math.max(lastInjury + 60, toDays({ y: 2024, m: 3, d: 1 })) + rng.int(0, 200);
  const nextDate = (): Ymd => {
    day += rng.int(0, 12);
    return addDays({ y: 1970, m: 1, d: 1 }, day);
  };

  const planned: Planned[] = [];
  let pages = 0;
  const push = (d: Planned) => {
    planned.push(d);
    // EAMS separator sheets are pages too.
    pages += d.doc.pages.length + (scenario === 'eams' ? 1 : 0);
  };

  if (scenario === 'fax') {
    const transmissions = wantDocs !== undefined && wantDocs < 4 ? 1 : rng.int(1, 2);
    const layout: Page3[] = [];
    const truth: TruthDocument3[] = [];
    let docsLeft = wantDocs;
    for (let t = 0; t < transmissions; t++) {
      const p = t === 0 ? first : rng.pick([second, unlisted]);
      const sender =
        t === 0
          ? rng.pick([p.clinic, p.administrator ?? p.defenseFirm, p.applicantFirm])
          : p.clinic;
      const fax = phone(rng);
      const when = nextDate();
      const docs: Planned[] = [];
      let tp = 1;
      const budget =
        wantDocs !== undefined
          ? Math.max(1, Math.ceil((docsLeft ?? 1) / (transmissions - t)) - 1)
          : 12;
      // A transmission fills its share of the pages, with at most a dozen documents.
      const pageBudget = Math.floor(targetPages / transmissions);
      while (docs.length < budget && (wantDocs !== undefined || tp < pageBudget)) {
        // Unrelated documents can share a transmission (a clinic faxing several patients' paper).
        const who = docs.length > 0 && rng.chance(0.2) ? rng.pick([second, unlisted]) : p;
        const d = makeDoc(rng, 'fax', who, when);
        docs.push(d);
        tp += d.doc.pages.length;
      }
      if (docsLeft !== undefined) docsLeft -= docs.length + 1;
      const subject = rng.chance(0.6)
        ? `${p.applicant.last.toUpperCase()}, ${p.applicant.first}`
        : null;
      const cover = A.faxCover(
        rng.fork(3),
        sender,
        fax,
        rng.pick([p.applicantFirm, p.defenseFirm, 'Claims Intake']),
        tp,
        fmtDate(when, 'mdy'),
        subject,
      );
      // A cover naming the worker belongs to that worker's case; a bare one to none.
      const all: Planned[] = [
        { doc: cover, caseId: subject ? p.caseId : null, date: when },
        ...docs,
      ];
      const style = rng.int(0, 3);
      const time = `${pad(rng.int(7, 18))}:${pad(rng.int(0, 59))}`;
      const bottom = style === 3;
      let i = 0;
      for (const d of all) {
        const start = layout.length + 1;
        for (const pg of d.doc.pages) {
          i++;
          const line = faxLine(style, sender, fax, when, time, i, tp);
          layout.push(bottom ? { ...pg, faxFooter: line } : { ...pg, faxHeader: line });
        }
        truth.push(truthOf(d, start, layout.length));
      }
    }
    return finishBundle(seed, scenario, layout, truth);
  }

  let turn = 0;
  const servedPackets: string[][] = [
    ['petition', 'proof_of_service'],
    ['qme_report'],
    ['declaration_of_readiness', 'petition'],
    ['answer', 'deposition_notice'],
    ['ame_report', 'proof_of_service'],
    ['subpoena', 'lien'],
  ];
  while (!enough(planned.length, pages)) {
    const date = nextDate();
    if (scenario === 'served') {
      for (const key of rng.pick(servedPackets)) {
        if (enough(planned.length, pages) && wantDocs !== undefined) break;
        push(makeDoc(rng, scenario, rng.chance(0.85) ? first : second, date, key));
      }
      continue;
    }
    let p: CaseProfile | null;
    if (scenario === 'mail') p = turn++ % 2 === 0 ? first : second;
    else if (scenario === 'eams') p = second.adj && rng.chance(0.2) ? second : first;
    else
      p = rng.weighted<CaseProfile | null>([
        [first, 70],
        [second, 12],
        [unlisted, 10],
        [null, 8],
      ]);
    for (const d of makeDocs(rng, scenario, p, date)) push(d);
  }

  const layout: Page3[] = [];
  const truth: TruthDocument3[] = [];
  const bates = scenario === 'served' ? rng.chance(0.5) : rng.chance(0.15);
  const batesPrefix = rng.pick(['DEF', 'APP', 'SCIF', 'LD']);
  const batesStart = rng.int(1, 3000);
  for (const d of planned) {
    const start = layout.length + 1;
    let docPages = d.doc.pages;
    if (scenario === 'eams') {
      const p = [first, second].find((q) => q.caseId === d.caseId) ?? first;
      docPages = [separator(rng, p, d.doc, d.date), ...docPages];
      if (p.adj && !d.doc.fields.adjNumbers.includes(p.adj)) d.doc.fields.adjNumbers.unshift(p.adj);
    }
    for (const pg of docPages) {
      const n = layout.length + batesStart;
      layout.push(bates ? { ...pg, bates: `${batesPrefix} ${pad(n, 6)}` } : pg);
    }
    truth.push(truthOf(d, start, layout.length));
  }
  return finishBundle(seed, scenario, layout, truth);
}

function truthOf(d: Planned, start: number, end: number): TruthDocument3 {
  const t: TruthDocument3 = {
    startPage: start,
    endPage: end,
    typeKey: d.doc.typeKey,
    fields: d.doc.fields,
    caseId: d.caseIds?.[0] ?? d.caseId,
  };
  if (d.caseIds) t.caseIds = d.caseIds;
  return t;
}

/** Folds every page and field to what the standard fonts can draw, so truth equals the paper. */
function finishBundle(
  seed: number,
  scenario: Scenario3,
  layout: Page3[],
  truth: TruthDocument3[],
): Bundle3 {
  const clean = layout.map((p) => ({
    ...p,
    lines: p.lines.map((l) => ({
      ...l,
      text: winAnsi(l.text),
      right: l.right === undefined ? undefined : winAnsi(l.right),
    })),
    footer: p.footer && winAnsi(p.footer),
    faxHeader: p.faxHeader && winAnsi(p.faxHeader),
    faxFooter: p.faxFooter && winAnsi(p.faxFooter),
  }));
  for (const t of truth) {
    const f = t.fields;
    f.applicant = f.applicant && winAnsi(f.applicant);
    f.defendants = f.defendants.map(winAnsi);
    f.defendant = f.defendants[0] ?? null;
    f.claimNumbers = f.claimNumbers.map(winAnsi);
  }
  return {
    id: `gen3-${scenario}-${seed}`,
    seed,
    scenario,
    pages: clean.map(pageText),
    truth: { documents: truth },
    layout: clean,
  };
}
