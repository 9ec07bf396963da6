/**
 * Building blocks many templates share: the WCAB pleading caption (attorney block, court name,
 * "Applicant," / "vs." / "Defendants." and the case numbers), letterheads, "RE:" blocks of
 * letters, signature blocks, service lists and short running headers for later pages.
 */
import { type DocBuilder } from './doc';
import { type DocCtx, applicantAs, lastFirst } from './context';
import { type CaseFacts } from './cases';
import { addressLines, formatDate, fullName } from './fakes';

/** Case numbers for a caption or RE block, recorded; e.g. "ADJ10234567; ADJ10876543". */
export function caseNumbers(ctx: DocCtx, cases: CaseFacts[] = ctx.cases): string {
  const parts: string[] = [];
  for (const f of cases) {
    const adj = ctx.rec.adjNo(f, ctx.rng);
    const wcab = ctx.rec.wcabNo(f, ctx.rng);
    if (adj && wcab) parts.push(`${adj} (${wcab})`);
    else if (adj || wcab) parts.push(adj || wcab);
  }
  return parts.join('; ');
}

export function attorneyBlock(ctx: DocCtx, b: DocBuilder, side: 'applicant' | 'defense'): void {
  const f = ctx.cases[0];
  const useFirm = !f || ctx.firm.side === side;
  const name = useFirm ? ctx.firm.name : side === 'applicant' ? f.applicantFirm : f.defenseFirm;
  const atty = useFirm
    ? ctx.firm.attorney
    : side === 'applicant'
      ? f.applicantAttorney
      : f.defenseAttorney;
  const addr = useFirm
    ? ctx.firm.address
    : side === 'applicant'
      ? f.applicantFirmAddress
      : f.defenseFirmAddress;
  b.line(
    `${fullName(atty)}${ctx.rng.chance(0.5) ? ', Esq.' : ''} (SBN ${ctx.rng.int(150000, 339999)})`,
  );
  b.line(name.toUpperCase());
  b.lines(addressLines(addr));
  b.line(`Telephone: ${ctx.firm.phone}`);
  b.line(side === 'applicant' ? 'Attorneys for Applicant' : 'Attorneys for Defendants');
  b.blank();
}

export interface CaptionOptions {
  /** Title lines placed in the right column or centered below the caption. */
  title: string[];
  withAttorney?: boolean;
  side?: 'applicant' | 'defense';
}

/** The WCAB caption; returns the running header for later pages. */
export function caption(ctx: DocCtx, b: DocBuilder, opts: CaptionOptions): string[] {
  const { rng } = ctx;
  const f = ctx.cases[0];
  if (!f) throw new Error('caption needs a case');
  if (opts.withAttorney ?? rng.chance(0.6)) attorneyBlock(ctx, b, opts.side ?? ctx.firm.side);
  const court = rng.pick([
    ["WORKERS' COMPENSATION APPEALS BOARD", 'STATE OF CALIFORNIA'],
    ['STATE OF CALIFORNIA', "WORKERS' COMPENSATION APPEALS BOARD"],
    ["BEFORE THE WORKERS' COMPENSATION APPEALS BOARD", 'OF THE STATE OF CALIFORNIA'],
  ]);
  for (const c of court) b.line(c, { align: 'center', bold: true });
  b.blank();
  const app = ctx.rec.applicant(applicantAs(f, rng, rng.chance(0.8)));
  const employer = rng.chance(0.7) ? f.employer.toUpperCase() : f.employer;
  const def = ctx.rec.defendant(employer);
  const carrier = rng.chance(0.7) ? f.carrier.name.toUpperCase() : f.carrier.name;
  const nums = caseNumbers(ctx);
  const label =
    ctx.cases.length > 1 ? 'Case Nos.' : rng.pick(['Case No.', 'Case No.:', 'CASE NO.']);
  const numText = nums ? `${label} ${nums}` : `${label} (New Case)`;
  const vs = rng.pick(['vs.', 'v.', 'VS.']);
  const titleRight = rng.chance(0.55);
  const right = titleRight ? [numText, '', ...opts.title] : [numText];
  const left = [
    `${app},`,
    '          Applicant,',
    `     ${vs}`,
    `${def};`,
    `${carrier},`,
    '          Defendants.',
  ];
  const rows = Math.max(left.length, right.length);
  for (let i = 0; i < rows; i++) {
    const l = left[i] ?? '';
    const r = right[i] ?? '';
    if (r) b.cols(l, r, titleRight && i >= 2 ? { rightBold: true } : {});
    else b.line(l);
  }
  b.blank();
  if (!titleRight) {
    for (const t of opts.title) b.line(t, { bold: true, align: 'center' });
    b.blank();
  }
  const short = `${f.applicant.last.toUpperCase()} v. ${f.employer}`;
  return [nums ? `${short}   ${nums}` : short];
}

export function letterhead(b: DocBuilder, name: string, lines: string[], bold = true): void {
  b.line(name.toUpperCase(), { align: 'center', bold, size: b.opts.size + 2 });
  for (const l of lines) b.line(l, { align: 'center', size: b.opts.size - 1 });
  b.blank(2);
}

/** A letter's "RE:" block; which labels appear varies. Returns the running header. */
export function reBlock(
  ctx: DocCtx,
  b: DocBuilder,
  opts: { claim?: boolean; doi?: boolean; adj?: boolean; employer?: boolean } = {},
): string[] {
  const { rng } = ctx;
  const f = ctx.cases[0];
  if (!f) return [];
  const upper = rng.chance(0.3);
  const app = ctx.rec.applicant(applicantAs(f, rng, upper));
  const reLabel = rng.pick(['RE:', 'Re:', 'RE:', 'Subject:']);
  const pad = ' '.repeat(reLabel.length + 2);
  const rows: string[] = [];
  rows.push(`${rng.pick(['Applicant', 'Claimant', 'Employee', 'Injured Worker'])}: ${app}`);
  if (opts.employer ?? rng.chance(0.7)) rows.push(`Employer: ${ctx.rec.defendant(f.employer)}`);
  if ((opts.claim ?? rng.chance(0.85)) && f.claimNumber) {
    const label = rng.pick(['Claim No.:', 'Claim Number:', 'Claim #:', 'Your Claim No.:']);
    rows.push(`${label} ${ctx.rec.claimNo(f.claimNumber)}`);
  }
  if ((opts.adj ?? rng.chance(0.7)) && (f.adj || f.wcab)) {
    rows.push(
      `${rng.pick(['WCAB No.:', 'EAMS No.:', 'Case No.:', 'ADJ No.:'])} ${caseNumbers(ctx)}`,
    );
  }
  if (opts.doi ?? rng.chance(0.8)) {
    rows.push(`${rng.pick(['DOI:', 'Date of Injury:', 'D/I:'])} ${ctx.rec.injury(f, ctx.ds)}`);
  }
  if (f.dateOfIncident && rng.chance(0.15)) {
    rows.push(`Date of Incident: ${ctx.rec.incidentDate(f.dateOfIncident, ctx.ds)}`);
  }
  if (rng.chance(0.4)) rows.push(`Our File No.: ${f.firmFileNo}`);
  const bold = rng.chance(0.4);
  rows.forEach((r, i) => b.line(`${i === 0 ? `${reLabel}  ` : pad}${r}`, { bold, indent: 0 }));
  b.blank();
  return [`Re: ${app}`, `${f.claimNumber ? `Claim No. ${f.claimNumber}` : ''}`];
}

export function dateLine(ctx: DocCtx, b: DocBuilder, align: 'left' | 'right' = 'left'): void {
  b.line(formatDate(ctx.date, ctx.rng.chance(0.7) ? 'long' : ctx.ds), { align });
  b.blank();
}

export function signature(ctx: DocCtx, b: DocBuilder, name: string, title: string[]): void {
  b.keep(6);
  b.blank();
  b.line(ctx.rng.pick(['Very truly yours,', 'Sincerely,', 'Respectfully submitted,', '']));
  b.blank(2);
  b.line(ctx.rng.chance(0.5) ? `/s/ ${name}` : '______________________________');
  b.line(name);
  b.lines(title);
}

export function addressee(b: DocBuilder, name: string, lines: string[]): void {
  b.line(name);
  b.lines(lines);
  b.blank();
}

/** The parties a paper is served on, one block each. */
export function serviceList(ctx: DocCtx, b: DocBuilder): void {
  const f = ctx.cases[0];
  if (!f) return;
  const entries: Array<[string, string[]]> = [
    [f.applicantFirm, addressLines(f.applicantFirmAddress)],
    [f.defenseFirm, addressLines(f.defenseFirmAddress)],
    [`${f.carrier.name}, Attn: ${lastFirst(f.adjuster)}`, addressLines(f.carrierAddress)],
  ];
  if (ctx.rng.chance(0.5)) entries.push([f.employer, addressLines(f.employerAddress)]);
  for (const [name, lines] of entries) {
    b.keep(4);
    b.line(name);
    b.lines(lines, { indent: 0 });
    b.blank();
  }
}
