/**
 * Pieces many documents share: page styles, letterheads, the WCAB caption, party and "Re:" blocks,
 * signatures, stamps and the proof of service. Each records the fields it prints on the writer.
 */
import type { CaseProfile } from './cases';
import * as D from './data';
import {
  fmtDate,
  fullName,
  injuryText,
  lastFirst,
  nameVariant,
  pickDateStyle,
  doiLabel,
  addDays,
  type DateStyle,
  type Ymd,
} from './formats';
import { DocWriter, type FontFamily, type Line3, type Page3, type PageStyle } from './layout';
import { Rng as RngCtor, type Rng } from './rng';

/** What a template gets: the case, the document's date, and its own random stream. */
export interface DocCtx {
  rng: Rng;
  p: CaseProfile;
  date: Ymd;
  ds: DateStyle;
  /** Print both of the worker's cases in the caption (the profile has a sibling). */
  consolidated: boolean;
  /**
   * Seeds the author and letterhead choices, so two documents with the same pin come from the
   * same sender (two imaging reports, two letters from one adjuster, back to back).
   */
  pin?: number;
}

/** The stream for author and letterhead choices: the pin's when set, else the document's. */
export function authorRng(ctx: DocCtx): Rng {
  return ctx.pin === undefined ? ctx.rng : new RngCtor(ctx.pin);
}

export interface BuiltDoc {
  typeKey: string;
  pages: Page3[];
  fields: DocWriter['fields'];
  caseIds?: string[];
  /** For an EAMS separator sheet: its document type group and title. */
  eamsType: string;
  title: string;
}

export type StyleKind = 'pleading' | 'letter' | 'report' | 'form';

export function makeWriter(rng: Rng, kind: StyleKind): DocWriter {
  const fam: Record<StyleKind, FontFamily[]> = {
    pleading: ['serif', 'serif', 'mono'],
    letter: ['serif', 'sans'],
    report: ['sans', 'serif', 'sans'],
    form: ['sans'],
  };
  const size: Record<StyleKind, [number, number]> = {
    pleading: [11, 12],
    letter: [10, 12],
    report: [10, 11],
    form: [9, 10],
  };
  const family = rng.pick(fam[kind]);
  const style: PageStyle = {
    family,
    size: family === 'mono' ? 10 : rng.int(size[kind][0], size[kind][1]),
    margin: rng.int(kind === 'form' ? 40 : 56, kind === 'pleading' ? 80 : 72),
    top: rng.int(36, 60),
    leading: kind === 'pleading' ? rng.pick([1.35, 1.5]) : rng.pick([1.2, 1.25, 1.3]),
  };
  return new DocWriter(style);
}

export function dateStr(ctx: DocCtx, d: Ymd = ctx.date): string {
  return fmtDate(d, ctx.ds);
}

export function address(rng: Rng): [string, string] {
  return [rng.pick(D.STREETS), rng.pick(D.CITIES)];
}

export function phone(rng: Rng): string {
  const area = rng.pick(['818', '213', '310', '714', '949', '559', '916', '909', '626', '661']);
  return rng.chance(0.5)
    ? `(${area}) ${rng.int(200, 989)}-${rng.digits(4)}`
    : `${area}-${rng.int(200, 989)}-${rng.digits(4)}`;
}

export function letterhead(w: DocWriter, rng: Rng, name: string, sub?: string): void {
  const [street, city] = address(rng);
  const centered = rng.chance(0.7);
  const align = centered ? 'center' : 'left';
  w.line(name.toUpperCase(), { align, bold: true, size: w.style.size + rng.int(2, 5) });
  if (sub) w.line(sub, { align, italic: true });
  if (rng.chance(0.5)) w.line(`${street} * ${city}`, { align });
  else {
    w.line(street, { align });
    w.line(city, { align });
  }
  w.line(`Tel ${phone(rng)}   Fax ${phone(rng)}`, { align, rule: true });
  w.blank();
}

/** "RECEIVED" / "FILED" stamps, as a line near the top right. */
export function stamp(w: DocWriter, ctx: DocCtx, word?: string): void {
  const d = addDays(ctx.date, ctx.rng.int(2, 9));
  const what = word ?? ctx.rng.pick(['RECEIVED', 'RECEIVED', "REC'D"]);
  w.line(`${what} ${fmtDate(d, 'upperMon')}`, { align: 'right', stamp: true, bold: true });
}

/** Prints the defendants the way a caption does, recording each. */
function captionDefendants(w: DocWriter, ctx: DocCtx): string[] {
  const { p, rng } = ctx;
  const out: string[] = [];
  const emp = p.employer.toUpperCase();
  const wrongName = rng.chance(0.12);
  out.push(w.defendant(emp) + (wrongName ? ',' : ';'));
  if (wrongName) {
    // The name the other side got wrong: the legal suffix dropped or swapped.
    const bare = emp.replace(/,? (INC\.|LLC|CORP\.|CO\.)$/, '').trim();
    const wrong = bare === emp ? `${emp}, INC.` : rng.pick([bare, `${bare} COMPANY`]);
    out.push(`(erroneously sued as ${wrong});`);
  }
  if (p.insurer && p.administrator && rng.chance(0.5)) {
    out.push(`${w.defendant(p.insurer.toUpperCase())},`);
    out.push(`adjusted by ${w.defendant(p.administrator.toUpperCase())},`);
  } else {
    if (p.insurer) out.push(`${w.defendant(p.insurer.toUpperCase())};`);
    if (p.administrator) out.push(`${w.defendant(p.administrator.toUpperCase())},`);
  }
  const last = out.length - 1;
  out[last] = (out[last] ?? '').replace(/[;,]$/, ',');
  return out;
}

/** The attorney block at the top left of a pleading. */
export function attorneyBlock(w: DocWriter, ctx: DocCtx, side: 'applicant' | 'defendants'): void {
  const { rng } = ctx;
  const firm = side === 'applicant' ? ctx.p.applicantFirm : ctx.p.defenseFirm;
  const atty =
    `${rng.pick(['Daniel', 'Sarah', 'Arsen', 'Michelle', 'Hector', 'Vanessa'])} ${rng.pick(['R.', 'L.', 'M.', ''])} ${rng.pick(['Abrams', 'Torosian', 'Medina', 'Lau', 'Fischer', 'Okoye'])}`.replace(
      '  ',
      ' ',
    );
  const [street, city] = address(rng);
  const lines = [
    `${atty}, Esq. (SBN ${rng.int(150000, 339999)})`,
    firm.toUpperCase(),
    street,
    city,
    `Telephone: ${phone(rng)}`,
    `Attorneys for ${side === 'applicant' ? 'Applicant' : 'Defendants'}`,
  ];
  for (const l of lines) w.line(l, { size: w.style.size - 1 });
  w.blank();
}

/** The WCAB caption: board heading, parties on the left, case number and title on the right. */
export function caption(w: DocWriter, ctx: DocCtx, title: string): string[] {
  const { p, rng } = ctx;
  const caseIds: string[] = [];
  w.line('WORKERS\u2019 COMPENSATION APPEALS BOARD', { align: 'center', bold: true });
  w.line('STATE OF CALIFORNIA', { align: 'center', bold: true, gapBefore: 0 });
  w.blank();
  const name = w.applicant(
    rng.chance(0.8) ? fullName(p.applicant).toUpperCase() : fullName(p.applicant),
  );
  const right: string[] = [];
  if (ctx.consolidated && p.sibling?.adj && p.adj) {
    right.push(`Case Nos. ${w.adj(p.adj)}`);
    right.push(`          ${w.adj(p.sibling.adj)}`);
    if (p.caseId) caseIds.push(p.caseId);
    if (p.sibling.caseId) caseIds.push(p.sibling.caseId);
  } else if (p.adj) {
    const printed = rng.chance(0.3) ? `ADJ ${p.adj.slice(3)}` : p.adj;
    right.push(`Case No. ${w.adj(printed)}`);
  } else right.push('Case No. (not yet assigned)');
  if (rng.chance(0.5)) right.push(`Claim No. ${w.claim(p.claims[0] ?? '')}`);
  right.push('');
  const titleAt = right.length;
  const words = title.toUpperCase().split(' ');
  let cur = '';
  for (const word of words) {
    if ((cur + ' ' + word).length > 30 && cur) {
      right.push(cur);
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  right.push(cur);
  const left = [
    `${name},`,
    '                Applicant,',
    '',
    '      vs.',
    '',
    ...captionDefendants(w, ctx),
    '                Defendants.',
  ];
  const n = Math.max(left.length, right.length);
  for (let i = 0; i < n; i++) {
    const l = left[i] ?? '';
    const r = right[i] ?? '';
    w.line(l, i >= titleAt && r ? { right: r, rightBold: true } : { right: r });
  }
  w.line('', { rule: true });
  w.blank();
  return caseIds;
}

/** "Employer: / Insurer: / Administrator:" lines, as forms and reports print them. */
export function partyLines(w: DocWriter, ctx: DocCtx, opts: { upper?: boolean } = {}): void {
  const { p, rng } = ctx;
  const up = (s: string) => (opts.upper ? s.toUpperCase() : s);
  w.line(
    `${rng.pick(['Employer:', 'Employer:', 'EMPLOYER:', 'Employer Name:'])} ${w.defendant(up(p.employer))}`,
  );
  if (p.insurer)
    w.line(
      `${rng.pick(['Insurance Carrier:', 'Insurer:', 'Carrier:', 'INSURANCE CO.:'])} ${w.defendant(up(p.insurer))}`,
    );
  if (p.administrator)
    w.line(
      `${rng.pick(['Claims Administrator:', 'Administrator:', 'TPA:', 'Adjusted by:'])} ${w.defendant(up(p.administrator))}`,
    );
}

/** The subject block of a letter or report: worker, numbers, date of injury. */
export function reBlock(
  w: DocWriter,
  ctx: DocCtx,
  opts: { parties?: boolean; indent?: number } = {},
): void {
  const { p, rng } = ctx;
  const indent = opts.indent ?? rng.pick([0, 36]);
  const nm = w.applicant(nameVariant(rng, p.applicant));
  const style = rng.int(0, 2);
  if (style === 0) w.line(`RE:  ${nm}`, { indent, bold: true });
  else if (style === 1) w.line(`Re: Applicant: ${nm}`, { indent });
  else w.line(`Patient/Employee: ${nm}`, { indent });
  if (p.adj && rng.chance(0.75))
    w.line(`${rng.pick(['WCAB No.:', 'EAMS No.:', 'Case No.:', 'ADJ No.:'])} ${w.adj(p.adj)}`, {
      indent: indent + 24,
    });
  const cl = p.claims[0];
  if (cl)
    w.line(
      `${rng.pick(['Claim No.:', 'Claim Number:', 'Claim #:', 'Your Claim No.'])} ${w.claim(cl)}`,
      { indent: indent + 24 },
    );
  if (p.claims[1] && rng.chance(0.5))
    w.line(`Alt. Claim No.: ${w.claim(p.claims[1])}`, { indent: indent + 24 });
  const doiStr = injuryText(rng, p.doi, ctx.ds);
  w.line(`${doiLabel(rng)} ${w.doi(p.doi, doiStr)}`, { indent: indent + 24 });
  if (opts.parties) {
    w.line(`Employer: ${w.defendant(p.employer)}`, { indent: indent + 24 });
    if (p.insurer) w.line(`Carrier: ${w.defendant(p.insurer)}`, { indent: indent + 24 });
    if (p.administrator && rng.chance(0.6))
      w.line(`Administrator: ${w.defendant(p.administrator)}`, { indent: indent + 24 });
  }
  w.blank();
}

/** A running header for continuation pages: "Re: PEÑA, MARÍA / Claim No. 123 / Page". */
export function continuationHeader(w: DocWriter, ctx: DocCtx): void {
  const { p, rng } = ctx;
  const nm = lastFirst(p.applicant);
  const cl = p.claims[0];
  const variants: Line3[][] = [
    [
      { text: `Re: ${nm}` },
      { text: cl ? `Claim No. ${cl}` : `DOI: ${injuryText(rng, p.doi, ctx.ds)}` },
    ],
    [{ text: `${nm}${cl ? `  /  Claim # ${cl}` : ''}`, size: w.style.size - 1 }],
    [{ text: `Patient: ${nm}    Date of Report: ${dateStr(ctx)}`, size: w.style.size - 1 }],
  ];
  const which = rng.int(0, variants.length - 1);
  const pick = variants[which] ?? [];
  // The header shows only from page 2: record its values only when there is a page 2.
  const doiStr = pick[1]?.text.startsWith('DOI: ') ? pick[1].text.slice(5) : null;
  w.runningHeaderRecord = () => {
    w.applicant(nm);
    if (cl && which < 2) w.claim(cl);
    if (doiStr) w.doi(p.doi, doiStr);
  };
  w.runningHeader = [...pick.map((l) => ({ ...l })), { text: '', rule: true }];
}

export function footer(w: DocWriter, rng: Rng): void {
  w.footerPattern = rng.pick([
    'Page {n} of {N}',
    'Page {n} of {N}',
    '- {n} -',
    '{n}',
    'Page {n}',
    null,
  ]);
}

export function signature(
  w: DocWriter,
  ctx: DocCtx,
  name: string,
  title: string[],
  opts: { dated?: boolean } = {},
): void {
  const { rng } = ctx;
  w.blank();
  if (opts.dated !== false && rng.chance(0.6)) w.line(`Dated: ${dateStr(ctx)}`);
  // Pleadings close "Respectfully submitted"; letters and reports "Sincerely" and the like.
  const pleading = w.style.leading >= 1.35;
  if (rng.chance(0.5))
    w.line(
      pleading
        ? 'Respectfully submitted,'
        : rng.pick(['Sincerely,', 'Very truly yours,', 'Regards,']),
    );
  w.blank();
  w.line(rng.chance(0.5) ? `/s/ ${name}` : '______________________________', {
    indent: 250,
    gapBefore: 1,
  });
  w.line(name, { indent: 250 });
  for (const t of title) w.line(t, { indent: 250 });
}

export function ccList(w: DocWriter, ctx: DocCtx, names: string[]): void {
  w.blank();
  w.line(ctx.rng.pick(['cc:', 'CC:', 'cc via mail:', 'Copies to:']));
  for (const n of names) w.line(n, { indent: 24 });
}

/** The served parties, as a proof of service lists them. Only the case's own parties appear. */
export function serviceList(ctx: DocCtx): string[][] {
  const { p, rng } = ctx;
  const entries: string[][] = [];
  entries.push([p.applicantFirm, ...address(rng)]);
  entries.push([p.defenseFirm, ...address(rng)]);
  if (p.administrator) entries.push([p.administrator, `Attn: ${p.adjuster}`, ...address(rng)]);
  else if (p.insurer) entries.push([p.insurer, `Attn: ${p.adjuster}`, ...address(rng)]);
  if (rng.chance(0.5)) entries.push([`${fullName(p.applicant)}`, ...address(rng)]);
  if (rng.chance(0.6)) entries.push([`${rng.pick(D.CLINICS)} (lien claimant)`, ...address(rng)]);
  if (rng.chance(0.4))
    entries.push(['EDD - Disability Insurance', 'P.O. Box 826880', 'Sacramento, CA 94280']);
  if (rng.chance(0.3)) entries.push(['Medical Legal Copy Service', ...address(rng)]);
  return rng.shuffle(entries);
}

/** A proof of service attached at the end of a document (no caption of its own). */
export function attachedPos(w: DocWriter, ctx: DocCtx, docTitle: string): void {
  const { rng } = ctx;
  w.pageBreak();
  w.line(
    rng.pick(['PROOF OF SERVICE', 'PROOF OF SERVICE BY MAIL', 'PROOF OF SERVICE (C.C.P. 1013a)']),
    { align: 'center', bold: true },
  );
  w.blank();
  const server = `${rng.pick(['Yesenia', 'Gloria', 'Anush', 'Kimberly', 'Tuyet'])} ${rng.pick(['Ochoa', 'Martirosyan', 'Dao', 'Fuller'])}`;
  w.para(
    `I am over the age of 18 and not a party to the within action. My business address is ${address(rng).join(', ')}. On ${dateStr(ctx)}, I served the foregoing ${docTitle} on the interested parties in this action by placing a true copy thereof enclosed in a sealed envelope with postage fully prepaid in the United States mail, addressed as follows:`,
  );
  w.blank();
  for (const e of serviceList(ctx)) {
    for (const l of e) w.line(l, { indent: 36 });
    w.blank();
  }
  w.para(
    'I declare under penalty of perjury under the laws of the State of California that the foregoing is true and correct.',
  );
  w.line(
    `Executed on ${dateStr(ctx)}, at ${rng.pick(['Glendale', 'Los Angeles', 'Irvine', 'Fresno', 'Encino'])}, California.`,
  );
  w.blank();
  w.line('______________________________', { indent: 250, gapBefore: 1 });
  w.line(server, { indent: 250 });
}

export function newCtx(rng: Rng, p: CaseProfile, date: Ymd, consolidated: boolean): DocCtx {
  return { rng, p, date, ds: pickDateStyle(rng), consolidated };
}

export function finish(
  w: DocWriter,
  typeKey: string,
  eamsType: string,
  title: string,
  caseIds?: string[],
): BuiltDoc {
  const out: BuiltDoc = { typeKey, pages: w.pages(), fields: w.fields, eamsType, title };
  if (caseIds && caseIds.length > 1) out.caseIds = caseIds;
  return out;
}
