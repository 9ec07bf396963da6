/**
 * Discovery and service papers: the Subpoena Duces Tecum for records, notices of the applicant's
 * deposition, and proofs of service (usually a single page, with or without the caption; one
 * with neither a caption nor a case line belongs to the pleading or report it follows, bundle.ts).
 */
import { type DocCtx, makeBuilder } from '../context';
import { type Page } from '../doc';
import { caption, caseNumbers, serviceList } from '../blocks';
import {
  addDays,
  addressLines,
  fakeAddress,
  fakePerson,
  formatDate,
  fullName,
  weekday,
} from '../fakes';
import { CLINIC_NAMES } from '../data/people';
import { LEGAL } from '../data/boilerplate';
import { fillTo } from '../filler';

export function subpoena(ctx: DocCtx): Page[] {
  const { rng, rec, ds } = ctx;
  const f = ctx.cases[0];
  if (!f) throw new Error('subpoena needs a case');
  const b = makeBuilder(ctx, {
    family: rng.pick(['sans', 'serif']),
    footerText: rng.chance(0.5) ? 'WCAB Form 32 (Rev. 11/2008)' : undefined,
  });
  const custodian = rng.pick([
    f.employer,
    f.ptp.clinic,
    rng.pick(CLINIC_NAMES),
    'Employment Development Department',
  ]);
  const v = rng.int(0, 2);
  if (v === 0) {
    b.line('STATE OF CALIFORNIA', { align: 'center' });
    b.line("WORKERS' COMPENSATION APPEALS BOARD", { align: 'center' });
    b.title('SUBPOENA DUCES TECUM');
    b.blank();
    b.line(`Case No.: ${caseNumbers(ctx)}`);
    b.line(`${rec.applicant(fullName(f.applicant).toUpperCase())}, Applicant`);
    b.line(`vs. ${rec.defendant(f.employer.toUpperCase())}, Defendant(s)`);
  } else {
    b.opts.header = caption(ctx, b, {
      title:
        v === 1
          ? ['SUBPOENA DUCES TECUM']
          : ['SUBPOENA DUCES TECUM', '(Records Only - WCAB Rule 10635)'],
    });
  }
  if (f.claimNumber && rng.chance(0.6)) b.line(`Claim No.: ${rec.claimNo(f.claimNumber)}`);
  b.blank();
  b.line('THE PEOPLE OF THE STATE OF CALIFORNIA SEND GREETINGS TO:', { bold: true });
  b.line(`Custodian of Records, ${custodian}`);
  b.lines(addressLines(fakeAddress(rng)));
  b.blank();
  b.para(
    `YOU ARE ORDERED to produce the books, papers, documents and records described below, pertaining to ${fullName(f.applicant)}, date of birth ${formatDate(f.dateOfBirth, ds)}, date of injury ${rec.injury(f, ds)}, on ${formatDate(weekday(addDays(ctx.date, rng.int(15, 30))), ds)} at 10:00 a.m.`,
  );
  b.heading('RECORDS TO BE PRODUCED:');
  for (const r of rng.sample(
    [
      'All medical records, charts, notes and reports',
      'All billing records and ledgers',
      'Complete personnel file, including job descriptions and evaluations',
      'Payroll and wage records for the period of employment',
      'All films, MRI and diagnostic imaging studies',
      'Any and all claim files',
    ],
    3,
  ))
    b.line(`- ${r}`, { indent: 2 });
  b.blank();
  b.para(
    "Disobedience of this subpoena may be punished as contempt by the Workers' Compensation Appeals Board. In lieu of appearance you may comply by delivering true, legible and durable copies of the records with the affidavit required by Evidence Code section 1561.",
  );
  fillTo(
    b,
    rng,
    [
      ...LEGAL.slice(0, 6),
      'The records are material to the issues of injury, disability and need for treatment.',
      'Good cause exists for the production of the records described in this subpoena.',
      'The custodian may comply by mailing certified copies with the affidavit required by Evidence Code section 1561.',
    ],
    ctx.targetPages,
    { headings: ['DECLARATION FOR SUBPOENA DUCES TECUM', 'AFFIDAVIT OF CUSTODIAN OF RECORDS'] },
  );
  b.line(`Dated: ${formatDate(ctx.date, ds)}`);
  b.line(`${fullName(ctx.firm.attorney)}, ${ctx.firm.name}`);
  return b.finish();
}

export function depositionNotice(ctx: DocCtx): Page[] {
  const { rng, ds } = ctx;
  const f = ctx.cases[0];
  if (!f) throw new Error('deposition notice needs a case');
  const b = makeBuilder(ctx, { family: rng.pick(['serif', 'mono']) });
  const title = rng.pick([
    ['NOTICE OF DEPOSITION OF APPLICANT'],
    ['NOTICE OF TAKING DEPOSITION'],
    ['NOTICE OF DEPOSITION', 'AND REQUEST FOR PRODUCTION OF DOCUMENTS'],
    ['AMENDED NOTICE OF DEPOSITION'],
  ]);
  b.opts.header = caption(ctx, b, { title, withAttorney: true, side: 'defense' });
  const when = weekday(addDays(ctx.date, rng.int(14, 45)));
  const who = rng.chance(0.8) ? fullName(f.applicant) : fullName(fakePerson(rng));
  b.para(
    `TO ALL PARTIES AND THEIR ATTORNEYS OF RECORD: PLEASE TAKE NOTICE that defendants will take the deposition of ${who}, on ${formatDate(when, ds)} at ${rng.pick(['10:00 a.m.', '9:30 a.m.', '1:30 p.m.'])}, at the offices of ${f.defenseFirm}, ${addressLines(f.defenseFirmAddress).join(', ')}, before a certified shorthand reporter.`,
  );
  b.para(
    `${rng.pick(['A Spanish', 'A Vietnamese', 'An'])} interpreter ${rng.chance(0.5) ? 'has been' : 'has not been'} requested. The deposition may be videotaped. If the deponent fails to appear, defendants will seek costs and sanctions under Labor Code section 5710.`,
  );
  b.para(
    'The deponent is requested to bring all documents relating to the claimed injury, including medical bills, prescriptions and wage records.',
  );
  fillTo(
    b,
    rng,
    [
      ...LEGAL.slice(5, 12),
      'Applicant is entitled to attorney fees for attendance at the deposition pursuant to Labor Code section 5710.',
      'The deposition will continue from day to day until completed.',
      'Any objection to this notice must be served at least three days before the deposition.',
    ],
    ctx.targetPages,
  );
  b.line(`Dated: ${formatDate(ctx.date, ds)}`);
  b.line(`${fullName(f.defenseAttorney)}`);
  b.line(`${f.defenseFirm}, Attorneys for Defendants`);
  return b.finish();
}

export function proofOfService(ctx: DocCtx): Page[] {
  const { rng, ds } = ctx;
  const f = ctx.cases[0];
  const b = makeBuilder(ctx, {
    family: rng.pick(['serif', 'sans', 'mono']),
    footer: rng.pick(['none', 'none', 'bare']),
  });
  const title = rng.pick([
    'PROOF OF SERVICE',
    'PROOF OF SERVICE BY MAIL',
    'PROOF OF ELECTRONIC SERVICE',
    'DECLARATION OF SERVICE',
  ]);
  if (f && rng.chance(0.4)) {
    b.opts.header = caption(ctx, b, { title: [title], withAttorney: false });
  } else {
    b.title(title);
    b.blank();
    if (f && rng.chance(0.7)) {
      b.line(
        `Case: ${ctx.rec.applicant(fullName(f.applicant))} v. ${ctx.rec.defendant(f.employer)}`,
      );
      const nums = caseNumbers(ctx);
      if (nums) b.line(`Case No.: ${nums}`);
    } else ctx.uncaptioned = true;
    b.line(
      rng.pick([
        'STATE OF CALIFORNIA, COUNTY OF LOS ANGELES',
        'STATE OF CALIFORNIA',
        'I, the undersigned, declare:',
      ]),
    );
  }
  b.blank();
  b.para(
    `I am employed in the County of ${ctx.firm.address.city}, State of California. I am over the age of 18 and not a party to the within action; my business address is ${addressLines(ctx.firm.address).join(', ')}.`,
  );
  b.para(
    `On ${formatDate(ctx.date, ds)}, I served the foregoing document(s) described as ${rng.pick(['DECLARATION OF READINESS TO PROCEED', 'PETITION FOR PENALTIES', 'NOTICE OF DEPOSITION', 'MEDICAL REPORTS', 'SUBPOENA DUCES TECUM', 'LETTER DATED ' + formatDate(ctx.date, 'us')])} on the interested parties in this action by placing a true copy thereof enclosed in a sealed envelope addressed as follows:`,
  );
  if (f) serviceList(ctx, b);
  else b.line('SEE ATTACHED SERVICE LIST');
  b.para(
    `[X] BY MAIL: I am readily familiar with the firm's practice of collection and processing of correspondence for mailing; it is deposited with the U.S. Postal Service on that same day with postage fully prepaid.`,
  );
  b.para(
    'I declare under penalty of perjury under the laws of the State of California that the foregoing is true and correct.',
  );
  b.cols(`Executed on ${formatDate(ctx.date, 'us')}`, fullName(fakePerson(rng)));
  return b.finish();
}
