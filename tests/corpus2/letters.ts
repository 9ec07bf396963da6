/**
 * Correspondence: letters between counsel and claims administrators, a letter with exhibit
 * covers and copies of earlier letters behind them (each copy with its own letterhead), benefit
 * notices, fax cover sheets, and mail that concerns no case at all.
 */
import { type Ctx, exhibitCover, letterhead, signature, when } from './blocks';
import { LAWYER_NAMES } from './pools';
import { addDays } from './print';
import type { Made, Template } from './made';
import { Rng2, labelHash } from './rng';
import { FOOTERS, type SheetPage, Sheets } from './sheet';

const BODY = [
  'We write to follow up on our earlier correspondence regarding the above-referenced claim.',
  'Please provide copies of all medical reports, benefit printouts and the utilization review file within fifteen days.',
  'Our records show that temporary disability payments stopped without a notice explaining why.',
  'Kindly confirm whether the employer has offered modified or alternative work consistent with the restrictions.',
  'Enclosed please find the reports referenced in our letter. Thank you for your prompt attention to this matter.',
  'We object to the proposed panel and request a replacement panel under 8 CCR 31.5.',
];

/** A letter in one author's house style; `from` fixes the author so two in a row look alike. */
export function letter(ctx: Ctx, from: 'applicant' | 'defense' | 'carrier', pages?: number): Made {
  const { rng, t } = ctx;
  const author =
    from === 'applicant'
      ? ctx.f.applicantFirm
      : from === 'defense'
        ? ctx.f.defenseFirm
        : (ctx.f.carriers[ctx.f.carriers.length - 1] ?? '');
  const s = new Sheets(ctx.look, FOOTERS.none);
  letterhead(s, new Rng2(labelHash(author)), author);
  s.line(when(ctx));
  s.blank();
  s.line(
    from === 'carrier'
      ? ctx.f.applicantFirm
      : author === ctx.f.applicantFirm
        ? ctx.f.defenseFirm
        : ctx.f.applicantFirm,
  );
  s.blank();
  s.line(
    `Re:   ${rng.pick(['Employee', 'Applicant', 'Our client', 'Claimant'])}: ${t.applicant(rng.pick(['plain', 'upper', 'lastFirst'] as const))}`,
  );
  if (rng.chance(0.5)) s.line(`      Employer: ${t.employer()}`);
  s.line(`      Claim No.: ${t.claims().join(' / ')}`);
  if (rng.chance(0.5)) s.line(`      DOI: ${t.injury()}`);
  const adj = rng.chance(0.5) ? t.adj() : null;
  if (adj) s.line(`      WCAB: ${adj}`);
  s.blank();
  s.line(rng.pick(['Dear Counsel:', 'Dear Adjuster:', 'To Whom It May Concern:']));
  s.blank();
  const want = pages ?? rng.int(1, 2);
  for (let i = 0; i < (want === 1 ? rng.int(2, 4) : rng.int(9, 14)); i += 1) s.para(rng.pick(BODY));
  s.blank();
  s.line('Very truly yours,');
  const signer = rng.pick(LAWYER_NAMES);
  s.blank();
  s.line(signer);
  s.line(author);
  return {
    typeKey: 'correspondence',
    pages: s.finish(),
    title: 'CORRESPONDENCE',
    unit: 'LEGAL',
    docType: 'CORRESPONDENCE',
    author,
  };
}

export const plainLetter: Template = (ctx) =>
  letter(ctx, ctx.rng.pick(['applicant', 'defense', 'carrier'] as const));

/** A letter with exhibits: each exhibit cover and the copied letter behind it stay with it. */
export const letterWithExhibits: Template = (ctx) => {
  const made = letter(ctx, 'applicant', 1);
  const labels = ['A', 'B', 'C'].slice(0, ctx.rng.int(1, 3));
  for (const label of labels) {
    made.pages.push(...exhibitCover(ctx, label, 'Copy of prior correspondence'));
    const old = letter({ ...ctx, date: addDays(ctx.date, -ctx.rng.int(20, 200)) }, 'carrier', 1);
    made.pages.push(...old.pages);
  }
  return made;
};

export const benefitNotice: Template = (ctx) => {
  const { rng, t } = ctx;
  const carrier = ctx.f.carriers[ctx.f.carriers.length - 1] ?? '';
  const s = new Sheets({ ...ctx.look, family: 'sans' }, FOOTERS.none);
  letterhead(s, new Rng2(labelHash(carrier)), carrier, false);
  s.line(when(ctx));
  s.line(t.applicant('upper'));
  s.blank();
  s.line(`Claim Number: ${t.claims(1).join('')}`);
  s.line(`Employer: ${t.employer()}`);
  s.line(`Date of Injury: ${t.injury()}`);
  s.blank();
  s.title(
    rng.pick([
      'NOTICE REGARDING TEMPORARY DISABILITY BENEFITS',
      'NOTICE OF BENEFIT PAYMENT',
      'NOTICE REGARDING PERMANENT DISABILITY ADVANCES',
    ]),
  );
  s.para(
    `We are ${rng.pick(['starting', 'continuing', 'ending'])} payment of temporary disability benefits at the rate of $${rng.int(300, 1500)}.${rng.digits(2)} per week. Payments are made every two weeks.`,
  );
  s.para(
    'If you disagree with this decision you may contact the DWC Information & Assistance Unit or consult an attorney. You have a right to disagree with decisions affecting your claim.',
  );
  s.line(`Claims Examiner, ${t.carrier(9)}`);
  return {
    typeKey: 'benefit_notice',
    pages: s.finish(),
    title: 'BENEFIT NOTICE',
    unit: 'CLAIMS',
    docType: 'BENEFIT NOTICE',
    author: carrier,
  };
};

/** Mail that names no case: a seminar flyer or a vendor notice. Prints no case fields. */
export function caselessMail(ctx: Ctx): SheetPage[] {
  const { rng } = ctx;
  const s = new Sheets(ctx.look, FOOTERS.none);
  letterhead(
    s,
    rng,
    rng.pick([
      'Golden State Court Reporters',
      'Westside Interpreting Services',
      'CA Applicants\u2019 Bar Seminar Committee',
    ]),
  );
  s.line(when(ctx));
  s.blank();
  s.line('Dear Colleague:');
  s.para(
    rng.pick([
      'Our rates for deposition transcripts change on the first of next month. A new schedule is enclosed.',
      'Registration is open for the spring seminar on apportionment and the new PD rating schedule.',
      'Please update our remittance address for all future payments. Our tax identification number is unchanged.',
    ]),
  );
  signature(s, ctx, rng.pick(LAWYER_NAMES), 'Office Manager');
  return s.finish();
}

/** A fax cover sheet (its own one-page document) for a transmission of `total` pages. */
export function faxCover(ctx: Ctx, from: string, to: string, total: number): SheetPage[] {
  const s = new Sheets({ ...ctx.look, family: 'sans' }, FOOTERS.none);
  s.title('FAX TRANSMITTAL', 18);
  s.blank();
  s.line(`To: ${to}`);
  s.line(`From: ${from}`);
  s.line(`Date: ${when(ctx)}`);
  s.line(`Pages (including cover): ${total}`);
  s.line(`Re: ${ctx.t.applicant('upper')}`);
  s.blank();
  s.para(
    'CONFIDENTIALITY NOTICE: This facsimile contains confidential information intended only for the recipient named above. If you received it in error, notify the sender and destroy it.',
  );
  return s.finish();
}
