/**
 * Treating physicians' reports: consultations and follow-ups (including the Doctor's First Report),
 * PR-2 progress reports and PR-4 permanent and stationary reports.
 */
import { type DocCtx, lastFirst, makeBuilder } from '../context';
import { type Page } from '../doc';
import { addDays, formatDate } from '../fakes';
import { MEDICATIONS, REPORT_PHRASES, TREATMENT_REQUESTS } from '../data/medical';
import { fillTo } from '../filler';
import {
  caseOf,
  diagnoses,
  doctorHead,
  exam,
  history,
  patientBlock,
  phrases,
  plan,
  sign,
} from './medicalParts';

const CONSULT_TITLES = [
  "DOCTOR'S FIRST REPORT OF OCCUPATIONAL INJURY OR ILLNESS",
  'INITIAL ORTHOPAEDIC CONSULTATION',
  'COMPREHENSIVE INITIAL EVALUATION',
  'TREATING PHYSICIAN FOLLOW-UP REPORT',
  'PAIN MANAGEMENT CONSULTATION',
  'NEUROLOGICAL CONSULTATION REPORT',
];

export function medicalReport(ctx: DocCtx): Page[] {
  if (ctx.rng.chance(0.2)) return imagingReport(ctx);
  const f = caseOf(ctx);
  const doc = ctx.rng.chance(0.6) ? f.ptp : f.qme;
  const b = makeBuilder(ctx, {
    header: [`${lastFirst(f.applicant)}  DOS ${formatDate(ctx.date, 'us')}`],
  });
  doctorHead(ctx, b, doc);
  const title = ctx.rng.pick(CONSULT_TITLES);
  const titleFirst = ctx.rng.chance(0.6);
  if (titleFirst) b.title(title);
  patientBlock(ctx, b, f, ctx.rng.chance(0.5) ? 'form' : 'prose');
  if (!titleFirst) b.title(title, b.opts.size + 1, 'left');
  history(ctx, b, f);
  fillTo(b, ctx.rng, REPORT_PHRASES, ctx.targetPages, {
    reserve: 1,
    headings: [
      'INTERVAL HISTORY',
      'CURRENT COMPLAINTS',
      'PAST MEDICAL HISTORY',
      'REVIEW OF SYSTEMS',
      'SOCIAL HISTORY',
      'MEDICATIONS',
    ],
    sentences: [3, 5],
  });
  exam(ctx, b, f);
  diagnoses(ctx, b, f);
  plan(ctx, b);
  sign(ctx, b, doc, ctx.rng.chance(0.6));
  return b.finish();
}

export function pr2(ctx: DocCtx): Page[] {
  const { rng } = ctx;
  const f = caseOf(ctx);
  const b = makeBuilder(ctx, {
    family: rng.pick(['sans', 'serif']),
    footerText: rng.chance(0.6) ? 'DWC Form PR-2 (Rev. 02-2005)' : undefined,
  });
  const variant = rng.int(0, 2);
  if (variant === 0) {
    b.line('State of California', { align: 'center' });
    b.line("Division of Workers' Compensation", { align: 'center' });
    b.title("PRIMARY TREATING PHYSICIAN'S PROGRESS REPORT (PR-2)");
  } else if (variant === 1) {
    doctorHead(ctx, b, f.ptp);
    b.title('PR-2 PROGRESS REPORT');
    b.line("Primary Treating Physician's Progress Report", { align: 'center' });
  } else {
    doctorHead(ctx, b, f.ptp);
    patientBlock(ctx, b, f, 'prose');
    b.title("PRIMARY TREATING PHYSICIAN'S PERIODIC REPORT - PR-2", b.opts.size + 1, 'left');
  }
  b.blank();
  b.line('Check the box(es) which indicate why you are submitting a report at this time:');
  b.line(
    `[${rng.chance(0.6) ? 'X' : ' '}] Periodic report (required 45 days after last report)   [ ] Change in treatment plan`,
  );
  b.line(
    `[ ] Released from care   [${rng.chance(0.3) ? 'X' : ' '}] Change in work status   [ ] Need for referral or consultation`,
  );
  b.blank();
  if (variant !== 2) patientBlock(ctx, b, f, 'form');
  b.heading('Subjective complaints:');
  b.para(phrases(ctx, 3));
  b.heading('Objective findings:');
  b.para(f.bodyParts.flatMap((p) => p.exam.slice(0, 2)).join(' '));
  diagnoses(ctx, b, f);
  b.heading('Treatment Plan:');
  b.para(`${rng.pick(TREATMENT_REQUESTS)}. Continue ${rng.pick(MEDICATIONS)}. ${phrases(ctx, 1)}`);
  fillTo(b, rng, REPORT_PHRASES, ctx.targetPages, {
    headings: ['Interval history:', 'Medications:', 'Response to treatment:', 'Discussion:'],
  });
  plan(ctx, b);
  sign(ctx, b, f.ptp, true);
  return b.finish();
}

export function pr4(ctx: DocCtx): Page[] {
  const { rng } = ctx;
  const f = caseOf(ctx);
  const b = makeBuilder(ctx, {
    footerText: rng.chance(0.5) ? 'DWC Form PR-4 (Rev. 08-2014)' : undefined,
  });
  const titles = [
    "PRIMARY TREATING PHYSICIAN'S PERMANENT AND STATIONARY REPORT (PR-4)",
    'PERMANENT AND STATIONARY REPORT - DWC FORM PR-4',
    "TREATING PHYSICIAN'S FINAL REPORT: PERMANENT AND STATIONARY (MMI)",
  ];
  if (rng.chance(0.5)) doctorHead(ctx, b, f.ptp);
  b.title(rng.pick(titles));
  b.blank();
  patientBlock(ctx, b, f, rng.chance(0.5) ? 'form' : 'prose');
  history(ctx, b, f);
  exam(ctx, b, f);
  diagnoses(ctx, b, f);
  b.heading('PERMANENT AND STATIONARY STATUS');
  b.para(
    `The patient reached maximum medical improvement on ${formatDate(addDays(ctx.date, -rng.int(3, 40)), ctx.ds)}.`,
  );
  b.heading('IMPAIRMENT RATING (AMA Guides, 5th Edition)');
  for (const p of f.bodyParts)
    b.line(`${p.name}: ${rng.int(3, 18)}% whole person impairment`, { indent: 2 });
  b.heading('APPORTIONMENT');
  b.para(
    `${rng.int(70, 100)}% of the permanent disability is caused by the industrial injury; the remainder is apportioned to non-industrial factors under Labor Code section 4663.`,
  );
  b.heading('FUTURE MEDICAL CARE');
  b.para(
    `Future medical should include ${rng.sample(TREATMENT_REQUESTS, 2).join(' and ').toLowerCase()}.`,
  );
  fillTo(b, rng, REPORT_PHRASES, ctx.targetPages, {
    sentences: [3, 5],
    headings: ['DISCUSSION', 'VOCATIONAL STATUS'],
  });
  sign(ctx, b, f.ptp, true);
  return b.finish();
}

/** A radiology report: short, with findings and an impression instead of history and plan. */
function imagingReport(ctx: DocCtx): Page[] {
  const { rng, rec, ds } = ctx;
  const f = caseOf(ctx);
  const part = rng.pick(f.bodyParts);
  const b = makeBuilder(ctx, { family: rng.pick(['sans', 'mono']), footers: ['none', 'page-of'] });
  b.line(
    rng.pick(['SIERRA DIAGNOSTIC IMAGING', 'PACIFIC OPEN MRI', 'VALLEY RADIOLOGY MEDICAL GROUP']),
    {
      bold: true,
      align: 'center',
    },
  );
  b.line(`Fax ${rng.int(200, 989)}-555-${rng.int(1000, 9999)}`, { align: 'center' });
  b.blank();
  b.cols(
    `PATIENT: ${rec.applicant(lastFirst(f.applicant).toUpperCase())}`,
    `DOB: ${formatDate(f.dateOfBirth, 'us')}`,
  );
  b.cols(`REFERRING: ${f.ptp.name}, ${f.ptp.degree}`, `EXAM DATE: ${formatDate(ctx.date, ds)}`);
  if (f.claimNumber) b.cols(`CARRIER: ${f.carrier.name}`, `CLAIM #: ${rec.claimNo(f.claimNumber)}`);
  b.line(`DOI: ${rec.injury(f, ds)}`);
  b.blank();
  b.title(
    rng.pick([
      `MRI ${part.name.toUpperCase()} WITHOUT CONTRAST`,
      'DIAGNOSTIC IMAGING REPORT',
      `RADIOLOGY REPORT - ${part.name.toUpperCase()}`,
    ]),
    b.opts.size + 1,
    'left',
  );
  b.heading('CLINICAL HISTORY:');
  b.para(`Industrial injury. ${part.diagnosis}.`);
  b.heading('TECHNIQUE:');
  b.para(
    'Multiplanar, multisequence imaging was performed on a 1.5 Tesla magnet without intravenous contrast.',
  );
  b.heading('FINDINGS:');
  b.para(`${part.imaging} ${phrases(ctx, 1)}`);
  fillTo(
    b,
    rng,
    [
      part.imaging,
      'Alignment is maintained.',
      'No fracture or bone marrow edema is seen.',
      'The visualized soft tissues are unremarkable.',
      'There is mild degenerative signal change.',
      'No mass lesion is identified.',
      'Small joint effusion is present.',
    ],
    ctx.targetPages,
    { reserve: 1 },
  );
  b.heading('IMPRESSION:');
  b.line(`1. ${part.imaging}`, { indent: 2 });
  b.line('2. Clinical correlation is recommended.', { indent: 2 });
  b.blank();
  b.line(
    `Electronically signed by ${rng.pick(['Alan Brooks', 'Mira Patel', 'Jonathan Cole'])}, M.D., Radiologist`,
  );
  return b.finish();
}
