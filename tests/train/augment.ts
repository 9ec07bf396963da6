/**
 * Training bundles: a generated bundle (pages and truth ranges) with the conventions of filed and
 * faxed paper laid over it, keeping the truth right: attachments appended to the document they
 * belong to, separator sheets put in front of the document they announce, fax stamps over runs of
 * documents, a second letter of the same author right behind the first, two bills of one provider
 * or two diagnostic reports of one imaging centre back to back (sameKind.ts).
 */
import type { Rng } from '../corpus/rng';
import { DEFAULT_TYPES } from '../../src/server/pipeline/taxonomy/keys';
import { ocrDamage } from '../../src/server/pipeline/classify/fixtures';
import {
  attachedProofOfService,
  exhibitCover,
  faxCoverSheet,
  faxStyle,
  imrApplication,
  itemization,
  mailBatch,
  opinion,
  separatorSheet,
  usDate,
  verification,
} from './attachments';
import { sameKindRun } from './sameKind';

export interface LabelledDoc {
  typeKey: string;
  pages: string[][];
}

/** A bundle for training or scoring: page texts and which pages start a document. */
export interface LabelledBundle {
  name: string;
  pages: string[];
  starts: boolean[];
}

const SERVED = new Set([
  'petition',
  'answer',
  'declaration_of_readiness',
  'deposition_notice',
  'application_for_adjudication',
  'qme_report',
  'ame_report',
]);
const VERIFIED = new Set(['petition', 'answer', 'application_for_adjudication']);
const EXHIBITS = new Set([
  'petition',
  'qme_report',
  'ame_report',
  'medical_report',
  'declaration_of_readiness',
]);
const SAME_AUTHOR = new Set(['correspondence', 'medical_report', 'pr2']);

function typeName(key: string): string {
  return DEFAULT_TYPES.find((t) => t.key === key)?.name ?? key;
}

/** Continue a document's bare page numbers on pages appended to it, when it has them. */
function numbered(doc: LabelledDoc, extra: string[][], rng: Rng): string[][] {
  const last = doc.pages[doc.pages.length - 1] ?? [];
  const tail = last[last.length - 1] ?? '';
  const k = doc.pages.length;
  const style = /^\s*\d{1,3}\s*$/.test(tail)
    ? (n: number) => String(n)
    : /^\s*-\s*\d{1,3}\s*-\s*$/.test(tail)
      ? (n: number) => `- ${n} -`
      : /^\s*page\s*\d{1,3}\s*$/i.test(tail)
        ? (n: number) => `Page ${n}`
        : null;
  if (!style || rng.chance(0.15)) return extra;
  return extra.map((p, i) => [...p, style(k + i + 1)]);
}

function attach(doc: LabelledDoc, all: LabelledDoc[], rng: Rng): void {
  const add: string[][] = [];
  if (doc.typeKey === 'findings_and_award' && rng.chance(0.6))
    add.push(...opinion(rng, rng.int(1, 3)));
  if (doc.typeKey === 'lien' && rng.chance(0.5)) add.push(...itemization(rng, rng.int(1, 2)));
  // Printed forms attached behind a document often carry their own "Page 1 of 1".
  const form = (page: string[]): string[] => (rng.chance(0.4) ? [...page, 'Page 1 of 1'] : page);
  if (doc.typeKey === 'ur_decision' && rng.chance(0.4)) add.push(form(imrApplication(rng)));
  if (VERIFIED.has(doc.typeKey) && rng.chance(0.2)) add.push(form(verification(rng)));
  if (EXHIBITS.has(doc.typeKey) && rng.chance(0.2)) {
    const count = rng.int(1, 3);
    for (let e = 0; e < count; e++) {
      add.push(exhibitCover(rng, e));
      const source = rng.pick(all);
      add.push(...source.pages.slice(0, rng.int(1, 2)));
    }
  }
  const own: string[][] = [];
  if (SERVED.has(doc.typeKey) && rng.chance(0.35)) {
    const pos = attachedProofOfService(rng);
    if (rng.chance(0.3)) own.push(form(pos));
    else add.push(pos);
  }
  doc.pages.push(...numbered(doc, add, rng), ...own);
}

const PLEADINGS = new Set([
  'petition',
  'answer',
  'declaration_of_readiness',
  'application_for_adjudication',
  'deposition_notice',
  'compromise_and_release',
  'stipulations',
]);
const SURNAMES = ['REYES', 'Okafor', 'HART', 'Nguyen', 'BAKER', 'Singh'];
const PARTIES = ['ACME FOODS', 'City of Albany', 'WESTCO MOVERS', 'Bay Transit', 'SCIF'];

/** A pleading's continuation pages with a one-line running caption (and the title, sometimes). */
function runningCaption(doc: LabelledDoc, rng: Rng): void {
  if (!PLEADINGS.has(doc.typeKey) || doc.pages.length < 2 || !rng.chance(0.35)) return;
  const adj =
    /ADJ\s?\d{7,8}/.exec(doc.pages.flat().join(' '))?.[0] ?? `ADJ${rng.int(1e6, 2e7 - 1)}`;
  const line = rng.pick([
    `${rng.pick(SURNAMES)} v. ${rng.pick(PARTIES)}   ${adj}`,
    `${rng.pick(SURNAMES)} vs. ${rng.pick(PARTIES)}, et al.  Case No. ${adj}`,
    `${rng.pick(SURNAMES)} v. ${rng.pick(PARTIES)} (${adj})`,
  ]);
  const title = rng.chance(0.4) ? [typeName(doc.typeKey).toUpperCase()] : [];
  for (let i = 1; i < doc.pages.length; i++)
    doc.pages[i] = [line, ...title, ...(doc.pages[i] ?? [])];
}

/**
 * Real paper carries many titles no taxonomy lists (an EMG study, an ultrasound, a payment
 * letter): a first page with its capitalised heading lines taken away, so that the weights learn
 * letterheads, closings and dates as well as titles.
 */
function untitled(doc: LabelledDoc, rng: Rng): void {
  const first = doc.pages[0];
  if (!first || !rng.chance(0.15)) return;
  const heading = (l: string): boolean =>
    l.trim().length >= 6 && /[A-Z]{3}/.test(l) && l === l.toUpperCase() && !/\d{3}/.test(l);
  doc.pages[0] = first.filter((l, i) => i >= 14 || !heading(l));
}

function redate(page: string[], date: string): string[] {
  let done = false;
  return page.map((line) => {
    if (done) return line;
    const next = line.replace(/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b[A-Z][a-z]+ \d{1,2}, \d{4}\b/, date);
    if (next !== line) done = true;
    return next;
  });
}

export function augment(name: string, docs: LabelledDoc[], rng: Rng): LabelledBundle {
  const out: LabelledDoc[] = [];
  for (const doc of docs) {
    const copy = { typeKey: doc.typeKey, pages: doc.pages.map((p) => [...p]) };
    untitled(copy, rng);
    runningCaption(copy, rng);
    attach(copy, docs, rng);
    out.push(copy);
    if (SAME_AUTHOR.has(doc.typeKey) && doc.pages.length <= 3 && rng.chance(0.3)) {
      const date = usDate(rng);
      // Half the time the same form letter goes out on another claim.
      const adj = rng.chance(0.5) ? `ADJ${rng.int(10000000, 19999999)}` : null;
      const retarget = (p: string[]): string[] =>
        adj ? p.map((l) => l.replace(/\bADJ\s?\d{7,8}\b/g, adj)) : [...p];
      out.push({
        typeKey: doc.typeKey,
        pages: doc.pages.map((p, i) => retarget(i === 0 ? redate(p, date) : p)),
      });
    }
  }
  // Drawn from a stream of its own, so the bundles without such a run keep their conventions.
  const kin = rng.fork('sameKind');
  if (kin.chance(0.3)) out.splice(kin.int(0, out.length), 0, ...sameKindRun(kin));
  if (rng.chance(0.2)) {
    const at = rng.int(0, out.length);
    out.splice(at, 0, ...mailBatch(rng).map((pages) => ({ typeKey: 'correspondence', pages })));
  }
  const eams = rng.chance(0.25);
  if (eams) {
    for (const doc of out) {
      if (rng.chance(0.8)) {
        const adj = /ADJ\d{7,8}/.exec(doc.pages.flat().join(' '))?.[0] ?? null;
        doc.pages.unshift(separatorSheet(rng, typeName(doc.typeKey), adj));
      }
    }
  }
  const pages: string[][] = [];
  const starts: boolean[] = [];
  for (const doc of out) {
    doc.pages.forEach((p, i) => {
      pages.push(p);
      starts.push(i === 0);
    });
  }
  if (!eams && rng.chance(0.35)) faxRuns(pages, starts, rng);
  const damage = rng.chance(0.2) ? rng.int(1, 5) / 100 : 0;
  const texts = pages.map((p, i) => {
    const text = p.join('\n');
    return damage > 0 ? ocrDamage(text, i + 1 + rng.int(0, 1000), damage) : text;
  });
  return { name, pages: texts, starts };
}

/**
 * Fax stamps over runs of consecutive documents, the counter running across each run; some runs
 * open with a fax cover sheet (a one-page document of its own).
 */
function faxRuns(pages: string[][], starts: boolean[], rng: Rng): void {
  let docStarts = starts.flatMap((s, i) => (s ? [i] : []));
  let d = rng.int(0, Math.max(0, docStarts.length - 2));
  while (d < docStarts.length) {
    const run = rng.int(2, 6);
    const from = docStarts[d] ?? 0;
    let to = docStarts[d + run] ?? pages.length;
    if (rng.chance(0.35)) {
      pages.splice(from, 0, faxCoverSheet(rng, to - from + 1));
      starts.splice(from, 0, true);
      to += 1;
      docStarts = starts.flatMap((s, i) => (s ? [i] : []));
      d += 1;
    }
    const style = faxStyle(rng);
    for (let i = from; i < to; i++) {
      const line = style.line(i - from + 1, to - from);
      const page = pages[i];
      if (!page) continue;
      if (style.top) page.unshift(line);
      else page.push(line);
    }
    d += run + rng.int(1, 6);
  }
}
