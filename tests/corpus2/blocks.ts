/**
 * Pieces many documents share: letterheads, the two-column pleading caption, signature blocks,
 * and the attachments that belong to the document they follow (a proof of service without its own
 * caption, a verification, exhibit cover pages), plus the EAMS document separator sheet that is
 * the cover of the document filed behind it.
 */
import type { CaseFacts2 } from './cases';
import { CITIES, LAWYER_NAMES, STREETS } from './pools';
import { type DateForm, type Truth, printDate } from './print';
import type { Rng2 } from './rng';
import { FOOTERS, type Look, type SheetPage, Sheets } from './sheet';

export interface Ctx {
  rng: Rng2;
  t: Truth;
  f: CaseFacts2;
  /** The document's date, ISO. */
  date: string;
  look: Look;
  dateForm: DateForm;
}

export const when = (ctx: Ctx, iso = ctx.date) => printDate(iso, ctx.dateForm);

export function address(rng: Rng2): string[] {
  return [
    `${rng.int(100, 9899)} ${rng.pick(STREETS)}, Suite ${rng.int(100, 950)}`,
    rng.pick(CITIES),
  ];
}

export const phone = (rng: Rng2) => `(${rng.int(209, 951)}) ${rng.int(200, 989)}-${rng.digits(4)}`;

export function letterhead(s: Sheets, rng: Rng2, name: string, centered = true): void {
  s.line(name, { bold: true, size: s.look.size + 3, align: centered ? 'center' : 'left' });
  for (const l of address(rng)) s.line(l, { align: centered ? 'center' : 'left' });
  s.line(`Tel ${phone(rng)}  |  Fax ${phone(rng)}`, {
    align: centered ? 'center' : 'left',
    size: s.look.size - 1,
  });
  s.blank();
}

export function attorneyBlock(s: Sheets, ctx: Ctx, forApplicant: boolean): string {
  const lawyer = ctx.rng.pick(LAWYER_NAMES);
  s.line(`${lawyer}, SBN ${ctx.rng.int(120000, 339999)}`);
  s.line(forApplicant ? ctx.f.applicantFirm : ctx.f.defenseFirm);
  for (const l of address(ctx.rng)) s.line(l);
  s.line(`Telephone: ${phone(ctx.rng)}`);
  s.line(forApplicant ? 'Attorneys for Applicant' : 'Attorneys for Defendants');
  s.blank();
  return lawyer;
}

/** Splits a long party list into column-wide pieces, as a caption's left column wraps it. */
function wrapColumn(text: string, width: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const w of text.split(' ')) {
    if (cur && cur.length + 1 + w.length > width) {
      out.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * The WCAB caption: parties in the left column, case number and title in the right, on shared
 * baselines. Returns the running header later pages repeat.
 */
export function caption(s: Sheets, ctx: Ctx, title: string[]): string[] {
  const { rng, t } = ctx;
  s.line('WORKERS\u2019 COMPENSATION APPEALS BOARD', { bold: true, align: 'center' });
  s.line('STATE OF CALIFORNIA', { bold: true, align: 'center' });
  s.blank();
  const upper = rng.chance(0.7);
  const app = t.applicant(upper ? 'upper' : 'plain');
  const defs = t.defendants(upper).join('; ');
  const left = [
    `${app},`,
    '            Applicant,',
    '      vs.',
    ...wrapColumn(`${defs},`, 40),
    '            Defendants.',
  ];
  const adj = t.adj();
  const right = [adj ? `Case No. ${adj}` : 'Case No.: (new case)', '', ...title];
  if (rng.chance(0.4)) right.splice(1, 0, `Claim No. ${t.claims(1).join(', ')}`);
  const rows = Math.max(left.length, right.length);
  for (let i = 0; i < rows; i += 1) s.pair(left[i] ?? '', right[i] ?? '', i >= 2);
  s.blank();
  const short = `${ctx.f.last.toUpperCase()} v. ${ctx.f.employer.toUpperCase()}, et al.`;
  return rng.chance(0.5)
    ? [`${short}  ${adj ?? ''}`.trim(), title.join(' ')]
    : [`${title.join(' ')} \u2014 ${short}`];
}

export function signature(s: Sheets, ctx: Ctx, name: string, role: string): void {
  s.blank();
  s.line(`Dated: ${when(ctx)}`);
  s.blank();
  s.line('____________________________', { indent: 40 });
  s.line(name, { indent: 40 });
  s.line(role, { indent: 40 });
}

/** A proof of service attached to the document it serves: no caption of its own. */
export function attachedPos(ctx: Ctx, docTitle: string): SheetPage[] {
  const { rng } = ctx;
  const s = new Sheets(ctx.look);
  s.title(rng.pick(['PROOF OF SERVICE', 'PROOF OF SERVICE BY MAIL', 'DECLARATION OF SERVICE']));
  s.blank();
  s.para(
    `I am over the age of eighteen years and not a party to this action. My business address is ${address(rng).join(', ')}. On ${when(ctx)} I served the foregoing ${docTitle.toLowerCase()} on the persons below by placing a true copy in a sealed envelope with postage fully prepaid in the United States mail:`,
  );
  s.blank();
  for (const party of [...ctx.f.carriers, ctx.f.defenseFirm, ctx.f.applicantFirm].slice(0, 4)) {
    s.line(party, { indent: 6 });
    for (const l of address(rng)) s.line(l, { indent: 6 });
  }
  s.blank();
  s.para(
    'I declare under penalty of perjury under the laws of the State of California that the foregoing is true and correct.',
  );
  signature(s, ctx, rng.pick(['Maribel Ochoa', 'Terrence Vail', 'Dana Kirschner']), 'Declarant');
  return s.finish();
}

export function verification(ctx: Ctx, docTitle: string, signer: string): SheetPage[] {
  const s = new Sheets(ctx.look);
  s.title('VERIFICATION');
  s.blank();
  s.para(
    `I, ${signer}, declare that I have read the foregoing ${docTitle} and know its contents. The matters stated in it are true of my own knowledge, except those stated on information and belief, and as to those I believe them to be true. I declare under penalty of perjury under the laws of the State of California that the foregoing is true and correct.`,
  );
  signature(s, ctx, signer, 'Declarant');
  return s.finish();
}

export function exhibitCover(ctx: Ctx, label: string, about: string): SheetPage[] {
  const s = new Sheets(ctx.look);
  s.blank(14);
  s.line(`EXHIBIT ${label}`, { bold: true, align: 'center', size: ctx.look.size + 10 });
  s.blank();
  s.line(about, { align: 'center' });
  return s.finish();
}

/**
 * The DWC's document separator sheet: the cover of the document behind it (it belongs to that
 * document). It prints the ADJ number, so the truth records it.
 */
export function separatorSheet(
  ctx: Ctx,
  unit: string,
  docType: string,
  title: string,
  author: string,
): SheetPage[] {
  const s = new Sheets(
    { family: 'sans', size: 11, margin: 54 },
    FOOTERS.none,
    'DWC-CA form 10232.2 (Rev. 11/2008)',
  );
  s.blank(2);
  s.title('DOCUMENT SEPARATOR SHEET', 16);
  s.blank(3);
  s.line(`Case Number:        ${ctx.t.adj() ?? ''}`);
  s.blank();
  s.line(`Document Unit:      ${unit}`);
  s.line(`Document Type:      ${docType}`);
  s.line(`Document Title:     ${title.toUpperCase()}`);
  s.line(`Document Date:      ${printDate(ctx.date, 'slash')}`);
  s.line(`Author:             ${author.toUpperCase()}`);
  s.blank(6);
  s.line('|| ||| | |||| || | ||| || |||| | || |||', { align: 'center', size: 18 });
  return s.finish();
}
