/**
 * Liens and bills and the utilization review that decides treatment requests: WCAB Form 6 "Notice
 * and Request for Allowance of Lien", CMS-1500-like medical bills, UR decision letters, and
 * Independent Medical Review final determinations from Maximus Federal Services.
 */
import { type DocCtx, applicantAs, makeBuilder } from '../context';
import { type Page } from '../doc';
import { caseNumbers, dateLine, letterhead, reBlock, signature } from '../blocks';
import {
  addDays,
  addressLines,
  fakePerson,
  formatDate,
  fullName,
  money,
  randomDate,
} from '../fakes';
import { BILL_CODES, TREATMENT_REQUESTS } from '../data/medical';
import { type CaseFacts } from '../cases';
import { UR } from '../data/boilerplate';
import { fillTo } from '../filler';
import { ageOn } from './medicalParts';

function first(ctx: DocCtx): CaseFacts {
  const f = ctx.cases[0];
  if (!f) throw new Error('billing documents need a case');
  return f;
}

function billLines(ctx: DocCtx, f: CaseFacts, n: number): Array<[string, string, number]> {
  const out: Array<[string, string, number]> = [];
  for (let i = 0; i < n; i++) {
    const [code, desc, fee] = ctx.rng.pick(BILL_CODES);
    const d = randomDate(ctx.rng, f.injury.end ?? f.injury.start, ctx.date);
    out.push([d, `${code}  ${desc}`, fee]);
  }
  return out
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([d, text, fee]) => [formatDate(d, 'us'), text, fee]);
}

export function lien(ctx: DocCtx): Page[] {
  const { rng, rec, ds } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, {
    family: 'sans',
    footerText: rng.chance(0.7) ? 'WCAB Form 6 (Rev. 11/2008)' : undefined,
  });
  const claimant = rng.pick([
    f.ptp.clinic,
    'Golden State Interpreting Services',
    'Precision Copy Service',
    'Coast Pharmacy Solutions',
    'Employment Development Department',
  ]);
  const v = rng.int(0, 2);
  b.line("WORKERS' COMPENSATION APPEALS BOARD", { align: 'center' });
  b.line('STATE OF CALIFORNIA', { align: 'center' });
  b.blank();
  b.title(
    v === 2
      ? 'NOTICE AND REQUEST FOR ALLOWANCE OF LIEN (Labor Code section 4903)'
      : 'NOTICE AND REQUEST FOR ALLOWANCE OF LIEN',
  );
  if (v === 1) b.line('[ ] Amended lien   [X] Original lien', { align: 'center' });
  b.blank();
  b.line(`Case No.: ${caseNumbers(ctx)}`);
  b.line(`Injured worker: ${rec.applicant(fullName(f.applicant).toUpperCase())}`);
  b.line(`Employer: ${rec.defendant(f.employer)}`);
  b.line(`Insurance carrier: ${f.carrier.name}`);
  if (f.claimNumber) b.line(`Claim No.: ${rec.claimNo(f.claimNumber)}`);
  b.line(`Date of injury: ${rec.injury(f, ds)}`);
  b.blank();
  b.para(
    `The undersigned hereby requests the Workers' Compensation Appeals Board to determine and allow as a lien the sum of ${money(rng.int(800, 42000))} against any amount now due or which may hereafter become payable as compensation to the above-named injured worker on account of the injury, for:`,
  );
  b.line(
    `[X] ${rng.pick(['Reasonable medical expense incurred (Labor Code 4903(b))', 'Medical-legal expense (Labor Code 4622)', 'Interpreter services (Labor Code 4600(f))', 'Unemployment compensation disability benefits (Labor Code 4903(f))'])}`,
    { indent: 2 },
  );
  b.blank();
  for (const [a, d, fee] of billLines(ctx, f, rng.int(3, 10))) b.cols(`${a}  ${d}`, money(fee));
  while (b.pageCount < ctx.targetPages)
    for (const [a, d, fee] of billLines(ctx, f, 6)) b.cols(`${a}  ${d}`, money(fee));
  b.blank();
  b.line(`Lien claimant: ${claimant}`);
  b.line(`Lien claimant's representative: ${fullName(fakePerson(rng))}`);
  b.para(
    'I declare under penalty of perjury that a copy of this lien has been served on the parties shown on the attached proof of service, and that the charges are true and correct.',
  );
  b.line(`Dated: ${formatDate(ctx.date, ds)}`);
  return b.finish();
}

export function medicalBill(ctx: DocCtx): Page[] {
  const { rng, rec, ds } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, {
    family: rng.pick(['mono', 'sans']),
    footer: rng.pick(['none', 'page-of']),
  });
  const v = rng.int(0, 2);
  const provider = rng.chance(0.5) ? f.ptp.clinic : f.qme.clinic;
  if (v === 0) {
    b.line('HEALTH INSURANCE CLAIM FORM', { bold: true, align: 'center' });
    b.line('APPROVED BY NATIONAL UNIFORM CLAIM COMMITTEE (NUCC) 02/12', {
      size: b.opts.size - 2,
      align: 'center',
    });
    b.line('CMS-1500', { align: 'right' });
  } else if (v === 1) {
    letterhead(b, provider, ['ITEMIZED STATEMENT OF SERVICES']);
  } else {
    b.line(provider.toUpperCase(), { bold: true });
    b.line(
      rng.pick([
        'BILLING STATEMENT',
        'SECOND REQUEST FOR PAYMENT',
        'REQUEST FOR SECOND BILL REVIEW',
      ]),
      { bold: true },
    );
    b.blank();
  }
  b.cols(
    `1. INSURED: ${f.carrier.name}`,
    `1a. CLAIM NO.: ${f.claimNumber ? rec.claimNo(f.claimNumber) : ''}`,
  );
  b.cols(
    `2. PATIENT'S NAME: ${rec.applicant(`${f.applicant.last.toUpperCase()}, ${f.applicant.first.toUpperCase()}`)}`,
    `3. DOB: ${formatDate(f.dateOfBirth, 'us')}`,
  );
  b.cols(
    `4. EMPLOYER: ${rec.defendant(f.employer)}`,
    `14. DATE OF CURRENT INJURY: ${rec.injury(f, ds)}`,
  );
  if (rng.chance(0.5)) {
    const nums = caseNumbers(ctx);
    if (nums) b.line(`11b. OTHER CLAIM ID: ${nums}`);
  }
  b.line(`21. DIAGNOSIS: ${f.bodyParts.map((p) => p.icd).join('  ')}`);
  b.blank();
  b.cols('24. DATE OF SERVICE  CPT  DESCRIPTION', 'CHARGES', { bold: true });
  let total = 0;
  const rows = billLines(ctx, f, rng.int(3, 14));
  while (rows.length < ctx.targetPages * 30 - 20) rows.push(...billLines(ctx, f, 10));
  for (const [a, d, fee] of rows) {
    total += fee;
    b.cols(`${a}  ${d}`, money(fee));
  }
  b.blank();
  b.cols('28. TOTAL CHARGE', money(total), { bold: true });
  b.line(
    `31. SIGNATURE OF PHYSICIAN: ${f.ptp.name}, ${f.ptp.degree}      DATE: ${formatDate(ctx.date, 'us')}`,
  );
  b.line(`33. BILLING PROVIDER: ${provider}, ${addressLines(f.ptp.address).join(', ')}`);
  return b.finish();
}

export function urDecision(ctx: DocCtx): Page[] {
  const { rng, ds } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, { family: rng.pick(['sans', 'serif']) });
  const org = rng.pick([
    'CompPartners Utilization Review',
    'EK Health Services',
    'Genex Services UR',
    'MedEx UR Services',
    f.carrier.name,
  ]);
  letterhead(b, org, [
    'Utilization Review Department',
    `Fax (${rng.int(800, 888)}) 555-${rng.digits(4)}`,
  ]);
  dateLine(ctx, b);
  b.line(`${f.ptp.name}, ${f.ptp.degree}`);
  b.lines(addressLines(f.ptp.address));
  b.blank();
  reBlock(ctx, b, { claim: true, doi: true });
  const decision = rng.pick(['CERTIFIED', 'NON-CERTIFIED', 'MODIFIED']);
  b.title(
    rng.pick([
      `UTILIZATION REVIEW DETERMINATION - ${decision}`,
      'NOTICE OF UTILIZATION REVIEW DECISION',
      'UR DECISION LETTER',
    ]),
    b.opts.size + 1,
    'left',
  );
  const req = rng.pick(TREATMENT_REQUESTS);
  b.para(
    `A Request for Authorization (DWC Form RFA) dated ${formatDate(addDays(ctx.date, -rng.int(2, 5)), ds)} was received for: ${req}. After review of the submitted medical records by ${fullName(fakePerson(rng))}, M.D., the request is ${decision}.`,
  );
  b.heading('Clinical rationale:');
  b.para(
    `The MTUS/ACOEM guidelines ${decision === 'CERTIFIED' ? 'support' : 'do not support'} the requested treatment at this time. ${rng.pick(['There is no documentation of functional improvement from prior sessions.', 'The records document failure of conservative care for more than six weeks.', 'Objective findings of radiculopathy are not documented.'])}`,
  );
  fillTo(b, rng, UR, ctx.targetPages, {
    headings: ['Guideline criteria:', 'Records reviewed:', 'Additional comments:'],
  });
  b.heading('YOUR RIGHT TO INDEPENDENT MEDICAL REVIEW');
  b.para(
    'If you disagree with this decision, you may request an Independent Medical Review (IMR) by completing the enclosed Application for Independent Medical Review (DWC Form IMR) and mailing it within 30 days to DWC-IMR, c/o Maximus Federal Services.',
  );
  signature(ctx, b, fullName(fakePerson(rng)), ['UR Coordinator']);
  return b.finish();
}

export function imrDecision(ctx: DocCtx): Page[] {
  const { rng, rec, ds } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, { family: rng.pick(['sans', 'serif']), footer: 'page-of' });
  const imrNo = `CM${String(Number(ctx.date.slice(2, 4)))}-${rng.digits(7)}`;
  b.line('MAXIMUS FEDERAL SERVICES', { bold: true, size: b.opts.size + 2 });
  b.line('California Independent Medical Review');
  b.line('P.O. Box 138009, Sacramento, CA 95813-8009');
  b.blank();
  dateLine(ctx, b);
  const app = rec.applicant(applicantAs(f, rng, false));
  b.line(app);
  b.lines(addressLines(f.applicantAddress));
  b.blank();
  b.line(`IMR Case Number: ${rec.caseNo(imrNo)}`);
  if (f.claimNumber) b.line(`Claim Number: ${rec.claimNo(f.claimNumber)}`);
  b.line(`Date of Injury: ${rec.injury(f, ds)}`);
  b.line(`Employer: ${rec.defendant(f.employer)}`);
  b.line(`Claims Administrator: ${f.carrier.name}`);
  b.blank();
  b.title(
    rng.pick([
      'Independent Medical Review Final Determination Letter',
      'INDEPENDENT MEDICAL REVIEW FINAL DETERMINATION',
      'Final Determination - Independent Medical Review',
    ]),
    b.opts.size + 1,
    'left',
  );
  const upheld = rng.chance(0.8);
  b.para(
    `Dear ${app}: Maximus Federal Services has completed the Independent Medical Review of the treatment request that was denied or modified by utilization review. The disputed item is: ${rng.pick(TREATMENT_REQUESTS)}.`,
  );
  b.para(
    `The physician reviewer ${upheld ? 'found that the requested treatment is not medically necessary and appropriate' : 'found that the requested treatment is medically necessary and appropriate'}. The utilization review decision is ${upheld ? 'UPHELD' : 'OVERTURNED'}.`,
  );
  b.heading('Summary of the case and analysis:');
  fillTo(
    b,
    rng,
    [
      ...UR,
      `The injured worker is a ${ageOn(f.dateOfBirth, ctx.date)}-year-old ${f.jobTitle} with a date of injury of ${formatDate(f.injury.start, 'us')}.`,
      `The reviewer is board certified in ${f.qme.specialty} and is licensed in California.`,
    ],
    ctx.targetPages,
    { headings: ['Documents reviewed:', 'Clinical summary:', 'Relevant guidelines:'] },
  );
  b.para(
    'This determination is final and binding unless an appeal is filed with the WCAB within 30 days of the mailing date, on the grounds set out in Labor Code section 4610.6(h).',
  );
  b.line('cc: Claims Administrator, Requesting Physician, Attorney of Record');
  return b.finish();
}
