/**
 * Form-like documents: the application for adjudication, the declaration of readiness (with its
 * proof of service), the DWC Form RFA, the DWC-1 claim form, the compromise and release, the
 * stipulations with request for award, and a lien with its itemized attachment. Labels and form
 * boxes differ from the pleadings: "Employee (LAST, FIRST M.)", "[ claim no. ]", "Claim No." lines.
 */
import { type Ctx, attachedPos, address, signature, when } from './blocks';
import { BODY_PARTS, CLINICS, DIAGNOSES, DOCTORS, TREATMENTS } from './pools';
import { addDays, printDate } from './print';
import { type Made, RFA_KEY, type Template } from './made';
import { FOOTERS, type Footer, Sheets } from './sheet';

/** Employee, employer, carriers, claim and date of injury as labelled form rows. */
function partiesBox(s: Sheets, ctx: Ctx, boxed: boolean, withAdj = true): void {
  const { t, rng } = ctx;
  const adj = withAdj ? t.adj() : null;
  if (adj) s.box('Case Number:', adj, boxed);
  s.box(
    rng.pick(['Employee (Last, First, M.I.):', 'Applicant:', 'Injured Worker:']),
    t.applicant(rng.pick(['lastFirstUpper', 'lastFirst'] as const)),
    boxed,
  );
  s.box('Employer:', t.employer(rng.chance(0.5)), boxed);
  const carriers = t.carriers();
  carriers.forEach((c, i) =>
    s.box(i === 0 ? 'Insurance Carrier:' : 'Claims Administrator:', c, boxed),
  );
  s.box(
    rng.pick(['Claim No.:', 'Claim Number:', 'Carrier Claim #:']),
    t.claims().join(', '),
    boxed,
  );
  s.box('Date(s) of Injury:', t.injury(), boxed);
}

export const application: Template = (ctx) => {
  const s = new Sheets(ctx.look, FOOTERS.pageOf as Footer, 'WCAB Form 1 (Rev. 06/2019)');
  s.line('WORKERS\u2019 COMPENSATION APPEALS BOARD', { align: 'center', bold: true });
  s.title('APPLICATION FOR ADJUDICATION OF CLAIM');
  s.blank();
  partiesBox(s, ctx, ctx.rng.chance(0.6), false);
  s.blank();
  s.box(
    'Parts of body injured:',
    `${ctx.rng.pick(BODY_PARTS)}, ${ctx.rng.pick(BODY_PARTS)}`,
    false,
  );
  s.para(
    'The injury caused temporary disability and need for medical treatment. Compensation was paid at a rate the applicant disputes. Applicant requests a hearing and an award of all benefits due.',
  );
  s.para(
    'Issues in dispute: temporary disability, permanent disability, self-procured medical treatment, reimbursement for mileage, and attorney fees.',
  );
  signature(s, ctx, ctx.rng.pick(['Simone Achebe', 'Malcolm Oduya']), 'Attorney for Applicant');
  const pages = s.finish();
  if (ctx.rng.chance(0.5)) pages.push(...attachedPos(ctx, 'Application for Adjudication of Claim'));
  return {
    typeKey: 'application_for_adjudication',
    pages,
    title: 'APPLICATION FOR ADJUDICATION',
    unit: 'LEGAL',
    docType: 'APPLICATION',
    author: ctx.f.applicantFirm,
  };
};

export const dor: Template = (ctx) => {
  const s = new Sheets(ctx.look, FOOTERS.pageOf as Footer, 'DWC-CA form 10250.1 (Rev. 11/2008)');
  s.title('DECLARATION OF READINESS TO PROCEED');
  s.line(
    ctx.rng.pick([
      '[X] Mandatory Settlement Conference',
      '[X] Status Conference',
      '[X] Expedited Hearing',
    ]),
  );
  s.blank();
  partiesBox(s, ctx, ctx.rng.chance(0.5));
  s.blank();
  s.para(
    'I declare under penalty of perjury that I have made a good faith effort to resolve the issues listed below, that the matter is ready for hearing, and that discovery is complete on those issues.',
  );
  s.para(
    `Issues: ${ctx.rng.pick(['temporary disability', 'permanent disability', 'medical treatment'])}; ${ctx.rng.pick(['penalties', 'attorney fees', 'self-procured treatment'])}.`,
  );
  signature(s, ctx, ctx.rng.pick(['Katrin Halvorsen', 'Jerome P. Castaneda']), 'Declarant');
  const pages = s.finish();
  pages.push(...attachedPos(ctx, 'Declaration of Readiness to Proceed'));
  return {
    typeKey: 'declaration_of_readiness',
    pages,
    title: 'DECLARATION OF READINESS TO PROCEED',
    unit: 'LEGAL',
    docType: 'DECLARATION OF READINESS',
    author: ctx.f.applicantFirm,
  };
};

export const rfa: Template = (ctx) => {
  const { rng, t } = ctx;
  const s = new Sheets(
    { ...ctx.look, family: 'sans' },
    FOOTERS.none,
    'DWC Form RFA (Effective 02/2014)',
  );
  s.title('REQUEST FOR AUTHORIZATION', 13);
  s.line('DWC Form RFA', { align: 'center' });
  s.line(
    'Attach the Doctor\u2019s First Report of Occupational Injury or Treating Physician\u2019s Progress Report (PR-2).',
    { size: ctx.look.size - 2 },
  );
  s.blank();
  s.line('[X] New Request   [ ] Resubmission - Change in Material Facts   [ ] Expedited Review');
  s.line('Employee Information', { bold: true });
  s.box('Name (Last, First, Middle):', t.applicant('lastFirst'), true);
  s.box('Date of Injury (MM/DD/YYYY):', t.injury(), true);
  s.box('Employer:', t.employer(), true);
  s.box('Claim Number:', t.claims(1).join(''), true);
  s.line('Requesting Physician Information', { bold: true });
  const doctor = rng.pick(DOCTORS);
  s.box('Name:', doctor, true);
  s.box('Practice Name:', rng.pick(CLINICS), true);
  s.line('Claims Administrator Information', { bold: true });
  s.box('Company Name:', t.carrier(9), true);
  s.line('Requested Treatment', { bold: true });
  s.line('Diagnosis (Required)      ICD-Code (Required)      Service/Good Requested');
  for (let i = 0; i < rng.int(1, 3); i += 1)
    s.line(
      `${rng.pick(DIAGNOSES)}      M${rng.int(10, 99)}.${rng.int(1, 9)}      ${rng.pick(TREATMENTS)}`,
    );
  s.blank();
  s.line(`Requesting Physician Signature: ______________   Date: ${when(ctx)}`);
  s.line('Claims Administrator/Utilization Review Organization (URO) Response', { bold: true });
  s.line('[ ] Approved   [ ] Denied or Modified (See separate decision letter)   [ ] Delay');
  return {
    typeKey: RFA_KEY,
    pages: s.finish(),
    title: 'REQUEST FOR AUTHORIZATION',
    unit: 'MEDICAL',
    docType: 'RFA',
    author: doctor,
  };
};

export const claimForm: Template = (ctx) => {
  const { t, rng } = ctx;
  const s = new Sheets({ ...ctx.look, family: 'sans' }, FOOTERS.none, 'DWC 1 (Rev. 1/2016)');
  s.title("WORKERS' COMPENSATION CLAIM FORM (DWC 1)");
  s.line('Employee: complete the "Employee" section and give the form to your employer.', {
    size: ctx.look.size - 1,
  });
  s.blank();
  s.box('1. Name:', t.applicant(rng.pick(['plain', 'upper'] as const)), true);
  s.box('2. Home Address:', address(rng).join(', '), true);
  s.box('3. Date of Injury:', t.injury(), true);
  s.box('4. Describe injury and part of body affected:', rng.pick(BODY_PARTS), true);
  s.line('Employer: complete this section and see note below.', { bold: true });
  s.box('9. Name of employer:', t.employer(), true);
  s.box(
    '11. Date employer first knew of injury:',
    printDate(addDays(ctx.date, -20), 'slash'),
    true,
  );
  s.box('13. Insurance carrier or self-insured administrator:', t.carrier(0), true);
  if (rng.chance(0.6)) s.box('Claim No.:', t.claims(1).join(''), true);
  signature(s, ctx, t.applicant('plain'), 'Employee');
  return {
    typeKey: 'claim_form',
    pages: s.finish(),
    title: 'DWC-1 CLAIM FORM',
    unit: 'CLAIMS',
    docType: 'CLAIM FORM',
    author: 'EMPLOYEE',
  };
};

function settlement(ctx: Ctx, cr: boolean): Made {
  const { rng } = ctx;
  const title = cr ? 'COMPROMISE AND RELEASE' : 'STIPULATIONS WITH REQUEST FOR AWARD';
  const s = new Sheets(
    ctx.look,
    FOOTERS.pageOf as Footer,
    cr ? 'DWC-CA form 10214(c) (Rev. 11/2008)' : 'DWC-CA form 10214(a) (Rev. 11/2008)',
  );
  s.title(title);
  s.blank();
  partiesBox(s, ctx, rng.chance(0.5));
  s.header = [
    `${title} \u2014 ${ctx.f.last.toUpperCase()}`,
    `Claim No. ${ctx.f.claimNumbers[0] ?? ''}`,
  ];
  const sections = rng.int(6, 14);
  for (let i = 1; i <= sections; i += 1) {
    s.line(
      `${i}. ${rng.pick(['Temporary disability', 'Permanent disability', 'Medical treatment', 'Liens', 'Attorney fees', 'Apportionment'])}`,
      { bold: true },
    );
    s.para(
      `The parties agree that the sum of $${rng.int(2, 95) * 1000} represents a fair settlement of this item after considering the medical reports of record, the cost of further litigation and the risk to both sides. ${cr ? 'Upon approval, applicant releases all claims for the injury described.' : 'The parties request that an award issue accordingly.'}`,
    );
  }
  signature(s, ctx, ctx.t.applicant('plain'), 'Applicant');
  return {
    typeKey: cr ? 'compromise_and_release' : 'stipulations_with_award',
    pages: s.finish(),
    title,
    unit: 'LEGAL',
    docType: 'SETTLEMENT',
    author: ctx.f.defenseFirm,
  };
}

export const compromise: Template = (ctx) => settlement(ctx, true);
export const stipulations: Template = (ctx) => settlement(ctx, false);

export const lien: Template = (ctx) => {
  const { rng } = ctx;
  const clinic = rng.pick(CLINICS);
  const s = new Sheets(ctx.look, FOOTERS.none, 'DWC-CA form 10770.5 (Rev. 11/2008)');
  s.title('NOTICE AND REQUEST FOR ALLOWANCE OF LIEN');
  s.blank();
  partiesBox(s, ctx, true);
  s.box('Lien Claimant:', clinic, true);
  s.box('Amount of lien:', `$${rng.int(900, 48000)}.${rng.digits(2)}`, true);
  s.para(
    'The lien claimant requests allowance of this lien for the reasonable value of medical treatment provided to the injured worker, itemized in the attached statement.',
  );
  signature(s, ctx, rng.pick(['Beatriz Lumen', 'Howard Quist']), 'Lien Representative');
  const pages = s.finish();
  const it = new Sheets({ ...ctx.look, family: 'mono', size: 9 }, FOOTERS.pg as Footer);
  it.line(clinic.toUpperCase(), { bold: true });
  it.line('ITEMIZED STATEMENT OF SERVICES', { bold: true });
  it.line(`Patient: ${ctx.f.last.toUpperCase()}, ${ctx.f.first.toUpperCase()}`);
  it.line('DOS         CPT    DESCRIPTION                       CHARGE');
  let d = addDays(ctx.date, -rng.int(90, 400));
  for (let i = 0; i < rng.int(20, 110); i += 1) {
    d = addDays(d, rng.int(1, 6));
    it.line(
      `${printDate(d, 'slash')}  ${rng.pick(['97110', '97140', '99213', '97014', '98941', '72148'])}  ${rng.pick(['THERAPEUTIC EXERCISE', 'MANUAL THERAPY', 'OFFICE VISIT EST', 'ELEC STIM UNATTEND', 'CMT SPINAL 3-4', 'MRI LUMBAR W/O'])}`.padEnd(
        60,
      ) + `$${rng.int(40, 1900)}.00`,
    );
  }
  pages.push(...it.finish());
  pages.push(...attachedPos(ctx, 'Notice and Request for Allowance of Lien'));
  return {
    typeKey: 'lien',
    pages,
    title: 'NOTICE AND REQUEST FOR ALLOWANCE OF LIEN',
    unit: 'LEGAL',
    docType: 'LIEN',
    author: clinic,
  };
};
