/**
 * Pleadings and hearing papers filed at the WCAB: the Application for Adjudication of Claim, the
 * Declaration of Readiness to Proceed (DWC-CA form 10250.1), petitions, answers, notices of
 * hearing and Minutes of Hearing (DWC-CA form 10245), each under a WCAB caption.
 */
import { type DocCtx, makeBuilder } from '../context';
import { type Page } from '../doc';
import { caption, caseNumbers, serviceList, signature } from '../blocks';
import { addDays, formatDate, fullName } from '../fakes';
import { LEGAL } from '../data/boilerplate';
import { fillTo } from '../filler';

function first(ctx: DocCtx) {
  const f = ctx.cases[0];
  if (!f) throw new Error('pleadings need a case');
  return f;
}

function bodyParts(ctx: DocCtx): string {
  return first(ctx)
    .bodyParts.map((p) => p.name)
    .join(', ');
}

export function application(ctx: DocCtx): Page[] {
  const { rng, rec, ds } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, {
    family: 'sans',
    footerText:
      rng.pick(['WCAB Form 1 (Rev. 07/2011)', 'WCAB Form 1 (REV. 11/2008)', '']) || undefined,
  });
  const v = rng.int(0, 2);
  if (v === 0) {
    b.line('STATE OF CALIFORNIA', { align: 'center' });
    b.line("Division of Workers' Compensation", { align: 'center' });
    b.line("Workers' Compensation Appeals Board", { align: 'center' });
    b.blank();
    b.title('APPLICATION FOR ADJUDICATION OF CLAIM');
    b.blank();
    const nums = caseNumbers(ctx);
    b.line(`Case Number: ${nums || '(to be assigned)'}`);
    b.line(`Applicant (Injured Worker): ${rec.applicant(fullName(f.applicant).toUpperCase())}`);
    b.line(`Employer: ${rec.defendant(f.employer.toUpperCase())}`);
    b.line(`Insurance Carrier or Claims Administrator: ${f.carrier.name}`);
    b.line(`Claim Number: ${f.claimNumber ? rec.claimNo(f.claimNumber) : 'unknown'}`);
  } else {
    const header = caption(ctx, b, {
      title:
        v === 1
          ? ['APPLICATION FOR ADJUDICATION', 'OF CLAIM']
          : ['AMENDED APPLICATION FOR', 'ADJUDICATION OF CLAIM'],
      withAttorney: true,
      side: 'applicant',
    });
    b.opts.header = header;
  }
  b.blank();
  b.para(
    `The injured employee, born ${formatDate(f.dateOfBirth, ds)}, while employed as a ${f.jobTitle} at ${f.employer.replace(/,? Inc\.?$/, '')}, ${f.employerAddress.city}, California, sustained injury arising out of and in the course of employment.`,
  );
  b.line(
    `${f.injury.cumulativeTrauma ? '[ ] Specific injury   [X] Cumulative injury' : '[X] Specific injury   [ ] Cumulative injury'}`,
  );
  b.line(`Date(s) of injury: ${rec.injury(f, ds)}`);
  b.line(`Parts of body injured: ${bodyParts(ctx)}`);
  b.para(`The injury occurred as follows: the employee ${f.mechanism}.`);
  b.line(`Actual earnings at time of injury: $${rng.int(520, 1900)}.00 per week`);
  b.line(
    'Compensation was paid: [X] Yes  [ ] No      Unemployment insurance received: [ ] Yes [X] No',
  );
  b.line(`Last payment made on: ${formatDate(addDays(ctx.date, -rng.int(10, 200)), ds)}`);
  b.heading('Issues in dispute:');
  for (const i of rng.sample(
    [
      'Temporary disability',
      'Permanent disability',
      'Reimbursement for medical expense',
      'Medical treatment',
      'Compensation at proper rate',
      'Supplemental job displacement benefits',
      'Penalties under Labor Code section 5814',
    ],
    4,
  ))
    b.line(`[X] ${i}`, { indent: 2 });
  fillTo(b, rng, LEGAL, ctx.targetPages, {
    headings: [
      'Other information:',
      'Addendum:',
      'Declaration pursuant to Labor Code section 4906(g):',
    ],
  });
  signature(ctx, b, fullName(f.applicantAttorney), ['Attorney for Applicant']);
  return b.finish();
}

export function declarationOfReadiness(ctx: DocCtx): Page[] {
  const { rng, ds } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, {
    family: rng.pick(['sans', 'serif']),
    footerText: rng.chance(0.6) ? 'DWC-CA form 10250.1 (Rev. 11/2008)' : undefined,
  });
  const titles = [
    ['DECLARATION OF READINESS TO PROCEED'],
    ['DECLARATION OF READINESS', 'TO PROCEED'],
    ['DECLARATION OF READINESS TO PROCEED', 'TO EXPEDITED HEARING'],
  ];
  if (rng.chance(0.7)) {
    b.opts.header = caption(ctx, b, { title: rng.pick(titles) });
  } else {
    b.line('DWC-CA form 10250.1', { align: 'right', size: b.opts.size - 1 });
    b.title('DECLARATION OF READINESS TO PROCEED');
    b.blank();
    b.line(`Case Number: ${caseNumbers(ctx)}`);
    b.line(`Applicant: ${ctx.rec.applicant(fullName(f.applicant))}`);
    b.line(`Employer: ${ctx.rec.defendant(f.employer)}`);
    b.line(`Date of injury: ${ctx.rec.injury(f, ds)}`);
  }
  b.line('Request is hereby made that this case be set for:');
  const kind = rng.pick([
    'Mandatory Settlement Conference',
    'Status Conference',
    'Priority Conference',
    'Rating MSC',
    'Lien Conference',
  ]);
  b.line(`[X] ${kind}`, { indent: 4 });
  b.line(`Location: ${f.office.city} District Office`, { indent: 4 });
  b.heading('Issues:');
  b.line(
    rng
      .sample(
        [
          'Permanent disability',
          'Temporary disability',
          'Need for further medical treatment',
          'Attorney fees',
          'Apportionment',
          'Liens',
        ],
        3,
      )
      .join(', '),
  );
  b.heading('Declarant states under penalty of perjury that:');
  b.para(
    `Declarant has completed discovery on the issues listed above and is ready to proceed. Declarant has made the following efforts to resolve the issues: ${rng.pick(['settlement negotiations with opposing counsel on several occasions', 'a demand letter and follow-up telephone calls', 'exchange of rating information and offers'])}, without success.`,
  );
  fillTo(b, rng, LEGAL, ctx.targetPages, { sentences: [1, 3] });
  serviceList(ctx, b);
  signature(ctx, b, fullName(ctx.firm.attorney), [ctx.firm.name]);
  b.line(`Dated: ${formatDate(ctx.date, ds)}`);
  return b.finish();
}

const PETITIONS = [
  ['PETITION FOR RECONSIDERATION'],
  ['PETITION TO COMPEL ATTENDANCE AT', 'MEDICAL-LEGAL EVALUATION'],
  ['PETITION FOR PENALTIES AND ATTORNEY FEES', '(LABOR CODE SECTION 5814)'],
  ['PETITION FOR CHANGE OF TREATING PHYSICIAN'],
  ['PETITION TO TERMINATE LIABILITY FOR', 'TEMPORARY DISABILITY'],
  ['VERIFIED PETITION FOR REMOVAL'],
  ['PETITION FOR COSTS'],
];

export function petition(ctx: DocCtx): Page[] {
  const { rng, ds } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, { family: rng.pick(['serif', 'mono']) });
  const title = rng.pick(PETITIONS);
  b.opts.header = caption(ctx, b, { title, withAttorney: true });
  b.para(
    `TO THE HONORABLE WORKERS' COMPENSATION JUDGE AND/OR THE WORKERS' COMPENSATION APPEALS BOARD:`,
  );
  b.para(
    `${ctx.firm.side === 'applicant' ? 'Applicant' : 'Defendants'}, by and through ${ctx.firm.side === 'applicant' ? 'his or her' : 'their'} attorneys of record, ${ctx.firm.name}, hereby petition${ctx.firm.side === 'applicant' ? 's' : ''} ${title
      .join(' ')
      .replace(/^(VERIFIED )?PETITION /, '')
      .replace(/\s*\(.*\)$/, '')
      .toLowerCase()} and in support thereof allege as follows:`,
  );
  b.para(
    `1. The applicant, while employed as a ${f.jobTitle} on ${ctx.rec.injury(f, ds)}, claims to have sustained injury to the ${bodyParts(ctx)}.`,
  );
  fillTo(b, rng, LEGAL, ctx.targetPages, { numberFrom: 2, sentences: [1, 3] });
  b.para(
    'WHEREFORE, petitioner prays that the relief requested herein be granted and for such other relief as the Appeals Board deems just.',
  );
  b.line(`Dated: ${formatDate(ctx.date, ds)}`);
  signature(ctx, b, fullName(ctx.firm.attorney), [ctx.firm.name]);
  if (rng.chance(0.5)) {
    b.heading('VERIFICATION');
    b.para(
      'I am an attorney for the petitioner. I have read the foregoing petition and know its contents; the matters stated are true of my own knowledge. I declare under penalty of perjury that the foregoing is true and correct.',
    );
  }
  return b.finish();
}

export function answer(ctx: DocCtx): Page[] {
  const { rng, ds } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, { family: rng.pick(['serif', 'mono']) });
  const title = rng.pick([
    ['ANSWER TO APPLICATION FOR', 'ADJUDICATION OF CLAIM'],
    ["DEFENDANTS' ANSWER TO APPLICATION"],
    ['ANSWER TO APPLICATION'],
  ]);
  b.opts.header = caption(ctx, b, { title, withAttorney: true, side: 'defense' });
  b.para(
    `Defendants ${f.employer}, and ${f.carrier.name}, answer the Application for Adjudication of Claim on file herein and admit, deny and allege as follows:`,
  );
  const items = [
    `Admit that the applicant was employed as a ${f.jobTitle} on the date(s) alleged.`,
    `Deny that the applicant sustained injury arising out of and in the course of employment on ${ctx.rec.injury(f, ds)}.`,
    'Deny that the applicant is entitled to temporary disability indemnity as claimed.',
    'Deny the nature and extent of permanent disability claimed.',
    'Allege that the claim is barred by the post-termination defense of Labor Code section 3600(a)(10).',
    'Allege apportionment pursuant to Labor Code sections 4663 and 4664.',
    'Allege that the claim is barred by the statute of limitations.',
    'Allege credit for all benefits paid, including any overpayment of temporary disability.',
  ];
  items.forEach((t, i) => b.para(`${i + 1}. ${t}`));
  fillTo(b, rng, LEGAL, ctx.targetPages, { sentences: [1, 2] });
  b.para(
    'WHEREFORE, defendants pray that applicant take nothing by the Application and that defendants be awarded such other relief as may be proper.',
  );
  signature(ctx, b, fullName(f.defenseAttorney), [f.defenseFirm, 'Attorneys for Defendants']);
  return b.finish();
}
