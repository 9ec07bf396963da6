/**
 * Pieces the physicians' reports share: the doctor's letterhead, the patient and claim block, the
 * history, examination, diagnoses, plan and signature sections, and report sentences.
 */
import { type DocCtx, applicantAs, lastFirst } from '../context';
import { type DocBuilder } from '../doc';
import { caseNumbers, letterhead } from '../blocks';
import { type CaseFacts } from '../cases';
import { type Physician, addressLines, formatDate, randomDate } from '../fakes';
import { MEDICATIONS, REPORT_PHRASES, TREATMENT_REQUESTS } from '../data/medical';

/** Age in whole years on an ISO date. */
export function ageOn(dob: string, iso: string): number {
  const [y1, m1, d1] = dob.split('-').map(Number);
  const [y2, m2, d2] = iso.split('-').map(Number);
  const before = (m2 ?? 0) < (m1 ?? 0) || ((m2 ?? 0) === (m1 ?? 0) && (d2 ?? 0) < (d1 ?? 0));
  return (y2 ?? 0) - (y1 ?? 0) - (before ? 1 : 0);
}

export function caseOf(ctx: DocCtx): CaseFacts {
  const f = ctx.cases[0];
  if (!f) throw new Error('medical documents need a case');
  return f;
}

export function doctorHead(ctx: DocCtx, b: DocBuilder, doc: Physician): void {
  const { rng } = ctx;
  if (rng.chance(0.5)) {
    letterhead(b, doc.clinic, [...addressLines(doc.address), `Tel ${doc.phone}`]);
  } else {
    b.line(`${doc.name}, ${doc.degree}`, { bold: true, size: b.opts.size + 1 });
    b.line(`Diplomate, American Board of ${doc.specialty}`);
    b.lines(addressLines(doc.address));
    b.line(doc.phone);
    b.blank(2);
  }
}

/** Patient/claim block at the top of treating reports. */
export function patientBlock(
  ctx: DocCtx,
  b: DocBuilder,
  f: CaseFacts,
  labels: 'form' | 'prose',
): void {
  const { rng, rec, ds } = ctx;
  const name = rec.applicant(
    rng.chance(0.5) ? lastFirst(f.applicant).toUpperCase() : applicantAs(f, rng, false),
  );
  if (labels === 'form') {
    b.cols(`Patient: ${name}`, `DOB: ${formatDate(f.dateOfBirth, ds)}`);
    b.cols(`Employer: ${rec.defendant(f.employer)}`, `Date of Injury: ${rec.injury(f, ds)}`);
    const claim = f.claimNumber ? rec.claimNo(f.claimNumber) : 'Pending';
    b.cols(`Claims Administrator: ${f.carrier.name}`, `Claim No.: ${claim}`);
    const nums = caseNumbers(ctx, [f]);
    if (nums) b.line(`WCAB/EAMS No.: ${nums}`);
  } else {
    b.line(`${rng.pick(['PATIENT:', 'EXAMINEE:', 'RE:'])} ${name}`);
    if (f.claimNumber && rng.chance(0.8)) b.line(`CLAIM NUMBER: ${rec.claimNo(f.claimNumber)}`);
    b.line(`DATE OF INJURY: ${rec.injury(f, ds)}`);
    if (rng.chance(0.6)) b.line(`EMPLOYER: ${rec.defendant(f.employer.toUpperCase())}`);
    const nums = rng.chance(0.6) ? caseNumbers(ctx, [f]) : '';
    if (nums) b.line(`CASE NO.: ${nums}`);
  }
  b.line(`DATE OF SERVICE: ${formatDate(ctx.date, ds)}`);
  b.blank();
}

export function phrases(ctx: DocCtx, n: number): string {
  return ctx.rng.sample(REPORT_PHRASES, n).join(' ');
}

export function history(ctx: DocCtx, b: DocBuilder, f: CaseFacts): void {
  const him = ctx.rng.pick([
    'the applicant',
    'the patient',
    `${f.applicant.first} ${f.applicant.last}`,
  ]);
  b.heading(ctx.rng.pick(['HISTORY OF INJURY', 'HISTORY OF PRESENT ILLNESS', 'History:']));
  b.para(
    `${him[0]?.toUpperCase()}${him.slice(1)} is a ${ageOn(f.dateOfBirth, ctx.date)}-year-old ${f.jobTitle} employed by ${f.employer} who ${f.mechanism}. ${phrases(ctx, 3)}`,
  );
}

export function exam(ctx: DocCtx, b: DocBuilder, f: CaseFacts): void {
  b.heading(ctx.rng.pick(['PHYSICAL EXAMINATION', 'OBJECTIVE FINDINGS', 'EXAMINATION:']));
  b.para(
    `Height ${ctx.rng.int(60, 75)} inches, weight ${ctx.rng.int(120, 260)} pounds. ${phrases(ctx, 2)}`,
  );
  for (const part of f.bodyParts) {
    b.line(`${part.name[0]?.toUpperCase()}${part.name.slice(1)}:`, { bold: true });
    b.para(part.exam.join(' '));
  }
}

export function diagnoses(ctx: DocCtx, b: DocBuilder, f: CaseFacts): void {
  b.heading(ctx.rng.pick(['DIAGNOSES', 'DIAGNOSIS:', 'ASSESSMENT']));
  f.bodyParts.forEach((p, i) =>
    b.line(`${i + 1}. ${p.diagnosis} (ICD-10 ${p.icd})`, { indent: 2 }),
  );
  b.blank();
}

export function plan(ctx: DocCtx, b: DocBuilder): void {
  b.heading(ctx.rng.pick(['TREATMENT PLAN', 'PLAN:', 'RECOMMENDATIONS']));
  for (const t of ctx.rng.sample(TREATMENT_REQUESTS, ctx.rng.int(1, 3)))
    b.line(`- ${t}`, { indent: 2 });
  b.line(`Medications: ${ctx.rng.sample(MEDICATIONS, 2).join('; ')}.`);
  b.blank();
  b.heading('WORK STATUS');
  b.para(
    ctx.rng.pick([
      'Temporarily totally disabled through the next visit.',
      'Modified duty: no lifting over 15 pounds, no repetitive bending or stooping.',
      'Return to full duty without restrictions.',
      'Modified duty with no overhead reaching with the affected upper extremity.',
    ]),
  );
}

export function sign(ctx: DocCtx, b: DocBuilder, doc: Physician, declaration: boolean): void {
  b.keep(8);
  if (declaration) {
    b.para(
      `I declare under penalty of perjury under the laws of the State of California that the information contained in this report and its attachments, if any, is true and correct to the best of my knowledge and belief, except as to information that I have indicated I received from others. Executed on ${formatDate(ctx.date, ctx.ds)}, in ${doc.address.city}, California.`,
    );
  }
  b.blank(2);
  b.line(ctx.rng.chance(0.5) ? `/s/ ${doc.name}` : '_____________________________');
  b.line(`${doc.name}, ${doc.degree}`);
  b.line(doc.specialty);
}

/** A date of service somewhere after the injury, for bills and reports. */
export function serviceDate(ctx: DocCtx, f: CaseFacts): string {
  return randomDate(ctx.rng, f.injury.end ?? f.injury.start, ctx.date);
}
