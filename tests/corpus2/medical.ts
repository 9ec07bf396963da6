/**
 * Medical and medical-legal paper: the DWC Form PR-2 progress report, diagnostic reports (an MRI
 * or nerve study from an imaging center, often two in a row), the long QME / AME evaluation with a
 * running "Re:" header and its proof of service, the UR determination with the IMR application
 * attached, and the IMR final determination.
 */
import { type Ctx, attachedPos, letterhead, signature, when } from './blocks';
import { BODY_PARTS, CLINICS, DIAGNOSES, DOCTORS, TREATMENTS } from './pools';
import { addDays, printDate } from './print';
import type { Made, Template } from './made';
import { FOOTERS, type Footer, Sheets } from './sheet';

const SENTENCES = [
  'The patient reports constant pain rated 6 to 7 out of 10, worse with prolonged standing, lifting and bending.',
  'Examination shows tenderness to palpation with guarding and a decreased range of motion in all planes.',
  'Sensation is intact to light touch in the dermatomes tested. Deep tendon reflexes are symmetric.',
  'The patient continues home exercises and takes medication as prescribed with partial relief.',
  'Straight leg raise is positive on the right at 45 degrees. Gait is antalgic.',
  'The patient has not reached maximum medical improvement and remains temporarily partially disabled.',
  'Work restrictions: no lifting over 15 pounds, no repetitive bending or stooping, sitting as needed.',
  'Records reviewed include the first report of injury, prior progress notes and the imaging studies.',
];

function prose(s: Sheets, ctx: Ctx, count: number): void {
  for (let i = 0; i < count; i += 1) s.para(ctx.rng.pick(SENTENCES));
}

export const pr2: Template = (ctx) => {
  const { rng, t } = ctx;
  const s = new Sheets(ctx.look, FOOTERS.pageOf as Footer, 'DWC Form PR-2 (Rev. 02/2005)');
  const clinic = rng.pick(CLINICS);
  letterhead(s, rng, clinic, rng.chance(0.5));
  s.line('State of California  Division of Workers\u2019 Compensation', { align: 'center' });
  s.title("PRIMARY TREATING PHYSICIAN'S PROGRESS REPORT (PR-2)");
  s.line('Check the box(es) which indicate why you are submitting a report at this time:');
  s.line('[X] Periodic Report (required 45 days after last report)  [ ] Change in treatment plan');
  s.blank();
  const boxed = rng.chance(0.5);
  s.box('Patient (Last, First, M.I.):', t.applicant('lastFirst'), boxed);
  s.box('Date of Injury:', t.injury(), boxed);
  s.box(
    'Occupation:',
    rng.pick(['Warehouse associate', 'Caregiver', 'Line cook', 'Driver']),
    boxed,
  );
  s.box('Claims Administrator:', t.carrier(9), boxed);
  s.box('Claim Number:', t.claims(1).join(''), boxed);
  s.box('Employer:', t.employer(), boxed);
  s.header = [
    `PR-2  ${ctx.f.last}, ${ctx.f.first}   DOI ${printDate(ctx.f.injury.start, 'slash')}`,
  ];
  s.line('Subjective complaints:', { bold: true });
  prose(s, ctx, rng.int(2, 5));
  s.line('Objective findings:', { bold: true });
  prose(s, ctx, rng.int(3, 8));
  s.line('Diagnoses:', { bold: true });
  s.line(`1. ${rng.pick(DIAGNOSES)} of the ${rng.pick(BODY_PARTS)}`);
  s.line('Treatment plan:', { bold: true });
  s.para(`Request authorization for ${rng.pick(TREATMENTS)}. Follow up in four to six weeks.`);
  prose(s, ctx, rng.int(2, 9));
  const doctor = rng.pick(DOCTORS);
  s.line(
    'I declare under penalty of perjury that this report is true and correct to the best of my knowledge.',
  );
  signature(s, ctx, doctor, 'Primary Treating Physician');
  return {
    typeKey: 'pr2',
    pages: s.finish(),
    title: 'PR-2 PROGRESS REPORT',
    unit: 'MEDICAL',
    docType: 'MEDICAL REPORTS',
    author: doctor,
  };
};

/** A diagnostic report; `study` lets a bundle put two of the same center's reports in a row. */
export function diagnosticReport(ctx: Ctx, center: string, study: string): Made {
  const { rng, t } = ctx;
  const s = new Sheets({ ...ctx.look, family: 'sans' }, FOOTERS.none);
  letterhead(s, rng, center);
  s.title(study);
  s.blank();
  s.line(
    `PATIENT: ${t.applicant('lastFirstUpper', false)}        DOB: ${printDate(addDays(ctx.f.injury.start, -rng.int(9000, 20000)), 'slash')}`,
  );
  s.line(`DATE OF SERVICE: ${when(ctx)}        REFERRING: ${rng.pick(DOCTORS)}`);
  if (rng.chance(0.6)) s.line(`CLAIM #: ${t.claims(1).join('')}    DOI: ${t.injury()}`);
  s.blank();
  s.line('TECHNIQUE:', { bold: true });
  s.para(
    'Multiplanar multisequence images were obtained without intravenous contrast on a 1.5 Tesla magnet.',
  );
  s.line('FINDINGS:', { bold: true });
  for (let i = 0; i < rng.int(3, 12); i += 1)
    s.para(
      rng.pick([
        'At L4-L5 there is a 3 mm broad-based disc protrusion abutting the thecal sac.',
        'There is mild facet hypertrophy without foraminal stenosis.',
        'Marrow signal is normal. No fracture or subluxation.',
        'Tendinosis of the supraspinatus without a full-thickness tear.',
        'Nerve conduction velocities are within normal limits except the median sensory latency.',
      ]),
    );
  s.line('IMPRESSION:', { bold: true });
  s.para(`${rng.pick(DIAGNOSES)}. Clinical correlation recommended.`);
  const doctor = rng.pick(DOCTORS);
  s.line(`Electronically signed by ${doctor} on ${when(ctx)}`);
  return {
    typeKey: 'medical_report',
    pages: s.finish(),
    title: study,
    unit: 'MEDICAL',
    docType: 'MEDICAL REPORTS',
    author: center,
  };
}

export const STUDIES = [
  'MRI OF THE LUMBAR SPINE WITHOUT CONTRAST',
  'MRI RIGHT SHOULDER',
  'ELECTRODIAGNOSTIC STUDY (EMG/NCV)',
  'X-RAY CERVICAL SPINE, 3 VIEWS',
] as const;

export const diagnostic: Template = (ctx) =>
  diagnosticReport(ctx, 'Pacific Imaging Diagnostic Center', ctx.rng.pick(STUDIES));

function evaluation(ctx: Ctx, agreed: boolean): Made {
  const { rng, t } = ctx;
  const s = new Sheets({ ...ctx.look, family: 'serif' }, FOOTERS.bare as Footer);
  const doctor = rng.pick(DOCTORS);
  letterhead(s, rng, `${doctor}`, true);
  s.line(`${when(ctx)}`);
  s.blank();
  s.line(
    agreed ? `${ctx.f.applicantFirm}` : 'Division of Workers\u2019 Compensation, Medical Unit',
  );
  s.line(ctx.f.defenseFirm);
  s.blank();
  const title = agreed
    ? 'AGREED MEDICAL EVALUATION'
    : 'PANEL QUALIFIED MEDICAL EVALUATION \u2014 COMPREHENSIVE MEDICAL-LEGAL REPORT';
  s.line(`RE:  Examinee: ${t.applicant(rng.pick(['plain', 'lastFirst'] as const))}`, {
    bold: true,
  });
  s.line(`     Employer: ${t.employer()}`);
  s.line(`     Carrier: ${t.carriers().join(' / ')}`);
  s.line(`     Claim No.: ${t.claims().join(', ')}`);
  const adj = t.adj();
  if (adj) s.line(`     WCAB No.: ${adj}`);
  s.line(`     DOI: ${t.injury()}`);
  s.blank();
  s.title(title, ctx.look.size + 1);
  s.header = [
    `Re: ${ctx.f.last}, ${ctx.f.first}`,
    `${agreed ? 'AME' : 'QME'} report of ${when(ctx)}`,
  ];
  const heads = [
    'HISTORY OF INJURY',
    'PRESENT COMPLAINTS',
    'PAST MEDICAL HISTORY',
    'PHYSICAL EXAMINATION',
    'REVIEW OF RECORDS',
    'DIAGNOSES',
    'CAUSATION',
    'PERMANENT AND STATIONARY STATUS',
    'APPORTIONMENT',
    'FUTURE MEDICAL CARE',
  ];
  for (const h of heads) {
    s.line(h, { bold: true });
    if (h === 'REVIEW OF RECORDS')
      for (let i = 0; i < rng.int(8, 40); i += 1)
        s.para(
          `${printDate(addDays(ctx.date, -rng.int(30, 900)), 'slash')} \u2014 ${rng.pick(['PR-2', 'MRI report', 'Physical therapy note', 'Orthopedic consult', 'Utilization review letter'])}, ${rng.pick(DOCTORS)}. ${rng.pick(SENTENCES)}`,
          4,
        );
    else prose(s, ctx, rng.int(2, 7));
  }
  s.para(
    'I declare under penalty of perjury that the information in this report is true and correct to the best of my knowledge and that I have not violated Labor Code section 139.3.',
  );
  signature(s, ctx, doctor, agreed ? 'Agreed Medical Evaluator' : 'Qualified Medical Evaluator');
  const pages = s.finish();
  if (rng.chance(0.8)) pages.push(...attachedPos(ctx, title));
  return {
    typeKey: agreed ? 'ame_report' : 'qme_report',
    pages,
    title,
    unit: 'MEDICAL',
    docType: 'MEDICAL-LEGAL REPORT',
    author: doctor,
  };
}

export const qme: Template = (ctx) => evaluation(ctx, false);
export const ame: Template = (ctx) => evaluation(ctx, true);

export const urDecision: Template = (ctx) => {
  const { rng, t } = ctx;
  const s = new Sheets(ctx.look, FOOTERS.pageOf as Footer);
  const uro = rng.pick([
    'Clearpath Review Services',
    'Summit Utilization Partners',
    'MedEval UR, Inc.',
  ]);
  letterhead(s, rng, uro, false);
  s.title('NOTICE OF UTILIZATION REVIEW DETERMINATION');
  s.line(`Date: ${when(ctx)}`);
  s.box('Injured Employee:', t.applicant('upper'), false);
  s.box('Claim #:', t.claims(1).join(''), false);
  s.box('Date of Injury:', t.injury(), false);
  s.box('Employer:', t.employer(), false);
  s.box('Claims Administrator:', t.carrier(9), false);
  const treatment = rng.pick(TREATMENTS);
  s.box('Request:', treatment, false);
  s.line('DETERMINATION: NON-CERTIFIED', { bold: true });
  s.para(
    'The request is not medically necessary under the Medical Treatment Utilization Schedule. The records do not document failure of conservative care or objective functional improvement.',
  );
  prose(s, ctx, rng.int(2, 6));
  s.para(
    'If you disagree with this decision you may request Independent Medical Review by completing and mailing the enclosed application within 30 days.',
  );
  signature(s, ctx, rng.pick(DOCTORS), 'Physician Reviewer');
  const pages = s.finish();
  const imr = new Sheets(
    { ...ctx.look, family: 'sans' },
    FOOTERS.pageOf as Footer,
    'DWC Form IMR (Effective 01/2013)',
  );
  imr.title('APPLICATION FOR INDEPENDENT MEDICAL REVIEW');
  imr.line('DWC Form IMR', { align: 'center' });
  imr.para(
    'Attach a copy of the written determination being disputed. Do not send other medical records.',
  );
  imr.box('Employee Name:', t.applicant('lastFirst'), true);
  imr.box('Claim Number:', t.claims(1).join(''), true);
  imr.box('Date of Injury:', t.injury(), true);
  imr.box('Disputed Treatment:', treatment, true);
  imr.blank(3);
  imr.line('Signature of Employee or Representative: ____________________');
  pages.push(...imr.finish());
  return {
    typeKey: 'ur_decision',
    pages,
    title: 'UTILIZATION REVIEW DETERMINATION',
    unit: 'MEDICAL',
    docType: 'UTILIZATION REVIEW',
    author: uro,
  };
};

export const imrDecision: Template = (ctx) => {
  const { rng, t } = ctx;
  const s = new Sheets(ctx.look, FOOTERS.pageOf as Footer);
  letterhead(s, rng, 'Independent Review Services \u2014 IMR Contractor for the DWC');
  const cm = t.caseNumber(`CM${rng.int(19, 25)}-${rng.digits(7)}`);
  s.title('FINAL DETERMINATION LETTER');
  s.line(`IMR Case Number: ${cm}`);
  s.line(`Employee: ${t.applicant('plain')}`);
  s.line(`Claim Number: ${t.claims(1).join('')}`);
  s.line(`Date of Injury: ${t.injury()}`);
  s.line(`Claims Administrator: ${t.carrier(9)}`);
  s.blank();
  s.para(
    'The independent medical reviewer upholds the utilization review decision. The requested treatment is not medically necessary and appropriate. This determination is final and binding unless appealed to the WCAB within 30 days.',
  );
  prose(s, ctx, rng.int(3, 12));
  return {
    typeKey: 'imr_decision',
    pages: s.finish(),
    title: 'IMR FINAL DETERMINATION',
    unit: 'MEDICAL',
    docType: 'IMR',
    author: 'IMR',
  };
};
