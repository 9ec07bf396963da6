/**
 * Settlement documents and the judge's decisions: Compromise and Release (DWC-CA form 10214(c)),
 * Stipulations with Request for Award (DWC-CA form 10214(a)), Findings and Award, and orders
 * (approving a C&R, taking off calendar, appointing a QME, allowing a lien).
 */
import { type DocCtx, makeBuilder } from '../context';
import { type DocBuilder, type Page } from '../doc';
import { caption, caseNumbers } from '../blocks';
import { addDays, addressLines, formatDate, fullName, money } from '../fakes';
import { type CaseFacts } from '../cases';
import { JUDGES } from '../data/legal';
import { HEARING, LEGAL, SETTLEMENT } from '../data/boilerplate';
import { fillTo } from '../filler';

function first(ctx: DocCtx): CaseFacts {
  const f = ctx.cases[0];
  if (!f) throw new Error('settlements need a case');
  return f;
}

/** The numbered paragraphs at the top of the OCR settlement forms. */
function formHead(ctx: DocCtx, b: DocBuilder, f: CaseFacts): void {
  const { rng, rec, ds } = ctx;
  b.line(`Case Number(s): ${caseNumbers(ctx) || '(none)'}`);
  b.line(
    `Applicant: ${rec.applicant(rng.chance(0.6) ? `${f.applicant.last.toUpperCase()}, ${f.applicant.first.toUpperCase()}` : fullName(f.applicant))}`,
  );
  b.lines(addressLines(f.applicantAddress), { indent: 11 });
  b.line(`Employer: ${rec.defendant(f.employer)}`);
  b.line(`Insurance Carrier / Claims Administrator: ${f.carrier.name}`);
  if (f.claimNumber) b.line(`Claim Number: ${rec.claimNo(f.claimNumber)}`);
  b.blank();
  b.para(
    `1. The injured employee claims that while employed as a ${f.jobTitle}, occupational group ${rng.int(110, 590)}, at ${f.employerAddress.city}, California, by ${f.employer}, the employee sustained injury arising out of and in the course of employment to the ${f.bodyParts.map((p) => p.name).join(', ')} on ${rec.injury(f, ds)}.`,
  );
}

export function compromiseAndRelease(ctx: DocCtx): Page[] {
  const { rng } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, {
    family: rng.pick(['sans', 'serif']),
    footer: rng.pick(['page-of', 'bare', 'page']),
    footerText: rng.chance(0.7) ? 'DWC-CA form 10214(c) (Rev. 11/2008)' : undefined,
  });
  const v = rng.int(0, 2);
  if (v === 0) {
    b.line("WORKERS' COMPENSATION APPEALS BOARD", { align: 'center' });
    b.line('STATE OF CALIFORNIA', { align: 'center' });
    b.title('COMPROMISE AND RELEASE');
  } else if (v === 1) {
    b.title('COMPROMISE AND RELEASE', b.opts.size + 4);
    b.line('(Injured Employee)', { align: 'center' });
  } else {
    b.line('DWC-CA form 10214(c)', { align: 'right' });
    b.line("State of California - Division of Workers' Compensation", { align: 'left' });
    b.title('COMPROMISE AND RELEASE AGREEMENT', b.opts.size + 2, 'left');
  }
  b.blank();
  formHead(ctx, b, f);
  b.para(
    '2. The parties hereby agree to settle any and all claims on account of the injury by the payment of the sum set forth below, in full settlement of all claims for compensation, including medical expense, except as otherwise provided.',
  );
  const total = rng.int(8, 240) * 500;
  const fee = Math.round(total * 0.15);
  b.para(
    `3. Upon approval of this compromise agreement by the Workers' Compensation Appeals Board, the parties agree that the applicant shall receive ${money(total)}, less permanent disability advances of ${money(rng.int(0, 30) * 250)}, less attorney fees of ${money(fee)}.`,
  );
  b.para(
    '4. The parties represent that the employee has been advised of the right to future medical treatment, which is released by this agreement unless stated otherwise in paragraph 9.',
  );
  fillTo(b, rng, SETTLEMENT, ctx.targetPages, { numberFrom: 5, reserve: 1, sentences: [1, 2] });
  b.heading('ADDENDUM "A"');
  b.para(
    `Reasons for settlement: disputed issues of ${rng.sample(['injury AOE/COE', 'permanent disability', 'apportionment', 'need for future medical care', 'temporary disability'], 3).join(', ')}.`,
  );
  b.blank();
  b.line(`Dated: ${formatDate(ctx.date, ctx.ds)}`);
  b.cols('______________________________', '______________________________');
  b.cols('Applicant', 'Witness');
  b.cols(
    `${fullName(f.applicantAttorney)}, Attorney for Applicant`,
    `${fullName(f.defenseAttorney)}, Attorney for Defendants`,
  );
  return b.finish();
}

export function stipulationsWithAward(ctx: DocCtx): Page[] {
  const { rng } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, {
    family: rng.pick(['sans', 'serif']),
    footerText: rng.chance(0.7) ? 'DWC-CA form 10214(a) (Rev. 11/2008)' : undefined,
  });
  const titles = [
    'STIPULATIONS WITH REQUEST FOR AWARD',
    'STIPULATIONS WITH REQUEST FOR AWARD (INJURED EMPLOYEE)',
    'STIPULATIONS WITH REQUEST FOR AWARD AND AWARD',
  ];
  if (rng.chance(0.6)) {
    b.line("WORKERS' COMPENSATION APPEALS BOARD", { align: 'center' });
    b.line('STATE OF CALIFORNIA', { align: 'center' });
  }
  b.title(rng.pick(titles));
  b.blank();
  formHead(ctx, b, f);
  const tdStart = addDays(f.injury.end ?? f.injury.start, rng.int(1, 10));
  const tdEnd = addDays(tdStart, rng.int(30, 400));
  b.para(
    `2. The injury caused temporary disability for the period ${formatDate(tdStart, ctx.ds)} through ${formatDate(tdEnd, ctx.ds)}, payable at $${rng.int(300, 1400)}.00 per week.`,
  );
  b.para(
    `3. The injury caused permanent disability of ${rng.int(4, 68)}%, payable at $${rng.int(160, 290)}.00 per week beginning ${formatDate(addDays(tdEnd, 1), ctx.ds)}, in the total sum of ${money(rng.int(6, 90) * 1000)}, less credit for such payments previously made.`,
  );
  b.para(
    '4. There is need for medical treatment to cure or relieve from the effects of the injury.',
  );
  b.para(`5. Applicant's attorney requests a fee of 15% of the permanent disability award.`);
  fillTo(b, rng, SETTLEMENT, ctx.targetPages, { numberFrom: 6, sentences: [1, 2] });
  b.line(`Dated: ${formatDate(ctx.date, ctx.ds)}`);
  b.cols('______________________________', '______________________________');
  b.cols('Applicant', 'Defendant / Claims Administrator');
  b.heading('AWARD');
  b.para(
    `AWARD IS MADE in favor of ${fullName(f.applicant).toUpperCase()} against ${f.carrier.name.toUpperCase()} of the stipulated amounts above.`,
  );
  b.line(`Dated: __________     WORKERS' COMPENSATION JUDGE`);
  return b.finish();
}

export function findingsAndAward(ctx: DocCtx): Page[] {
  const { rng, ds } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, { family: rng.pick(['serif', 'sans']) });
  const title = rng.pick([
    ['FINDINGS AND AWARD'],
    ['FINDINGS, AWARD AND ORDER'],
    ['FINDINGS OF FACT AND AWARD', 'AND OPINION ON DECISION'],
  ]);
  b.opts.header = caption(ctx, b, { title, withAttorney: false });
  b.para(
    `The above-entitled matter having been heard and submitted, the honorable ${rng.pick(JUDGES)}, Workers' Compensation Judge, now decides as follows:`,
  );
  b.heading('FINDINGS OF FACT');
  b.para(
    `1. ${fullName(f.applicant)}, born ${formatDate(f.dateOfBirth, ds)}, while employed on ${ctx.rec.injury(f, ds)} as a ${f.jobTitle} at ${f.employerAddress.city}, California, by ${f.employer}, sustained injury arising out of and in the course of employment to the ${f.bodyParts.map((p) => p.name).join(', ')}.`,
  );
  b.para(
    `2. At the time of injury the employer's workers' compensation carrier was ${f.carrier.name}.`,
  );
  b.para(`3. The injury caused permanent disability of ${rng.int(5, 70)}%.`);
  b.para(
    '4. The applicant will need further medical treatment to cure or relieve from the effects of the injury.',
  );
  b.heading('AWARD');
  b.para(
    `AWARD IS MADE in favor of ${fullName(f.applicant).toUpperCase()} against ${f.carrier.name.toUpperCase()} of permanent disability indemnity of ${money(rng.int(8, 120) * 1000)}, less attorney fees, and further medical treatment.`,
  );
  b.heading('OPINION ON DECISION');
  fillTo(
    b,
    rng,
    [
      ...HEARING,
      `The Panel QME, Dr. ${f.qme.name}, found the applicant permanent and stationary.`,
      'The report is substantial medical evidence.',
      'Defendant offered no rebuttal evidence on apportionment.',
    ],
    ctx.targetPages,
  );
  b.line(`DATE: ${formatDate(ctx.date, ds)}`);
  b.line(`${rng.pick(JUDGES).toUpperCase()}`);
  b.line("WORKERS' COMPENSATION JUDGE");
  b.line(`SERVED ON PARTIES ON THE OFFICIAL ADDRESS RECORD ON ${formatDate(ctx.date, 'us')}`, {
    size: b.opts.size - 1,
  });
  return b.finish();
}

const ORDERS = [
  ['ORDER APPROVING COMPROMISE AND RELEASE'],
  ['ORDER TAKING OFF CALENDAR'],
  ['ORDER APPOINTING', 'QUALIFIED MEDICAL EVALUATOR'],
  ['ORDER ALLOWING LIEN'],
  ['ORDER DISMISSING LIEN CLAIMANT'],
  ['ORDER CONSOLIDATING CASES'],
  ['ORDER COMPELLING ATTENDANCE', 'AT DEPOSITION'],
];

export function order(ctx: DocCtx): Page[] {
  const { rng, ds } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, {
    family: rng.pick(['serif', 'sans', 'mono']),
    footer: rng.pick(['none', 'page-of']),
  });
  const title = rng.pick(ORDERS);
  b.opts.header = caption(ctx, b, { title, withAttorney: rng.chance(0.3) });
  b.para(
    rng.pick([
      'Good cause appearing, and the Compromise and Release filed herein being found adequate,',
      'Good cause appearing therefor,',
      "The parties having stipulated, and the Workers' Compensation Judge having reviewed the record,",
    ]),
  );
  b.para(
    `IT IS ORDERED that ${rng.pick([
      `the Compromise and Release filed ${formatDate(addDays(ctx.date, -rng.int(5, 40)), ds)} is approved and that defendant pay to applicant the sum set forth therein, less attorney fees of ${money(rng.int(2, 30) * 500)}`,
      'the matter be taken off calendar',
      `the applicant be examined by a Qualified Medical Evaluator in the specialty of ${f.qme.specialty}`,
      'the lien claimant be allowed the amount stipulated by the parties, in full satisfaction of the lien',
      'the above cases be consolidated for all purposes, the lead case being the first listed',
    ])}.`,
  );
  fillTo(b, rng, LEGAL, ctx.targetPages, { sentences: [1, 2] });
  b.blank();
  b.line(`DATE: ${formatDate(ctx.date, ds)}`);
  b.line('______________________________', { align: 'right' });
  b.line("WORKERS' COMPENSATION JUDGE", { align: 'right' });
  b.line(
    `Served by mail on ${formatDate(ctx.date, 'us')} on the parties shown on the Official Address Record.`,
    { size: b.opts.size - 1 },
  );
  return b.finish();
}
