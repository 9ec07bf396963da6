/**
 * Claims administration and mail: the DWC-1 employee's claim form, benefit notices from the claims
 * administrator (temporary disability, delay and denial letters), and correspondence, including
 * letters that mention no case number at all and mail that concerns no case.
 */
import { type DocCtx, applicantAs, makeBuilder } from '../context';
import { type Page } from '../doc';
import { addressee, dateLine, letterhead, reBlock, signature } from '../blocks';
import {
  addDays,
  addressLines,
  fakeAddress,
  fakePerson,
  fakePhone,
  formatDate,
  fullName,
  money,
} from '../fakes';
import { type CaseFacts } from '../cases';
import { CLINIC_NAMES } from '../data/people';
import { LETTER, NOTICE } from '../data/boilerplate';
import { fillTo } from '../filler';

export function claimForm(ctx: DocCtx): Page[] {
  const { rng, rec } = ctx;
  const f = ctx.cases[0];
  if (!f) throw new Error('claim form needs a case');
  const b = makeBuilder(ctx, {
    family: 'sans',
    size: 9,
    footer: rng.pick(['none', 'page-of']),
    footerText: rng.pick(['DWC 1 (Rev. 01/2016)', 'DWC-1 (REV. 1/2016)', 'Form DWC 1']),
  });
  const v = rng.int(0, 2);
  if (v === 0) {
    b.line('State of California', { align: 'center' });
    b.line("Department of Industrial Relations - DIVISION OF WORKERS' COMPENSATION", {
      align: 'center',
    });
    b.title("WORKERS' COMPENSATION CLAIM FORM (DWC 1)");
  } else if (v === 1) {
    b.title("EMPLOYEE'S CLAIM FOR WORKERS' COMPENSATION BENEFITS");
    b.line('DWC-1', { align: 'right', bold: true });
  } else {
    b.line('Estado de California - Formulario de Reclamo de Compensacion de Trabajadores (DWC 1)', {
      align: 'center',
      size: 8,
    });
    b.title("WORKERS' COMPENSATION CLAIM FORM (DWC 1) & NOTICE OF POTENTIAL ELIGIBILITY");
  }
  b.para(
    "If you are injured or become ill, either physically or mentally, because of your job, you may be entitled to workers' compensation benefits. Use the attached form to file a workers' compensation claim with your employer.",
  );
  b.heading('Employee: complete this section and see note above.');
  b.line(
    `1. Name: ${rec.applicant(fullName(f.applicant))}      Today's Date: ${formatDate(ctx.date, 'us')}`,
  );
  b.line(`2. Home Address: ${addressLines(f.applicantAddress).join(', ')}`);
  b.line(
    `3. Date of Injury: ${rec.injury(f, 'us')}      Time of Injury: ${rng.int(6, 11)}:${rng.pick(['00', '15', '30', '45'])} a.m.`,
  );
  if (f.dateOfIncident && rng.chance(0.6))
    b.line(`   Date of Incident: ${rec.incidentDate(f.dateOfIncident, 'us')}`);
  b.line(
    `4. Address and description of where injury happened: ${f.employerAddress.street}, ${f.employerAddress.city}`,
  );
  b.line(
    `5. Describe injury and part of body affected: ${f.bodyParts.map((p) => p.name).join(', ')}; employee ${f.mechanism}.`,
  );
  b.line('6. Social Security Number: XXX-XX-' + rng.digits(4));
  b.line(`7. Signature of employee: ______________________`);
  b.heading('Employer: complete this section and see note below.');
  b.line(`8. Name of employer: ${rec.defendant(f.employer)}`);
  b.line(`9. Address: ${addressLines(f.employerAddress).join(', ')}`);
  b.line(
    `10. Date employer first knew of injury: ${formatDate(addDays(f.injury.end ?? f.injury.start, rng.int(0, 20)), 'us')}`,
  );
  b.line(
    `11. Date claim form was provided to employee: ${formatDate(addDays(f.injury.end ?? f.injury.start, rng.int(1, 25)), 'us')}`,
  );
  b.line(`12. Date employer received claim form: ${formatDate(ctx.date, 'us')}`);
  b.line(
    `13. Name and address of insurance carrier or adjusting agency: ${f.carrier.name}, ${addressLines(f.carrierAddress).join(', ')}`,
  );
  b.line(`14. Insurance Policy Number: WC ${rng.digits(3)}-${rng.digits(6)}`);
  if (f.claimNumber && rng.chance(0.5)) b.line(`    Claim Number: ${rec.claimNo(f.claimNumber)}`);
  b.line('15. Signature of employer representative: ______________________');
  b.line(
    `16. Title: ${rng.pick(['HR Manager', 'Office Manager', 'Risk Manager', 'Supervisor'])}      17. Telephone: ${fakePhone(rng)}`,
  );
  b.blank();
  b.para(
    'Employer: You are required to date this form and provide copies to your insurer or claims administrator and to the employee, dependent or representative who filed the claim within one working day of receipt of the form from the employee.',
  );
  b.para('SIGNING THIS FORM IS NOT AN ADMISSION OF LIABILITY');
  fillTo(b, rng, NOTICE, ctx.targetPages);
  return b.finish();
}

const BENEFIT_TITLES = [
  'NOTICE REGARDING TEMPORARY DISABILITY BENEFITS',
  'NOTICE OF DELAY IN DECISION',
  'NOTICE OF DENIAL OF CLAIM',
  'NOTICE OF OFFER OF REGULAR, MODIFIED, OR ALTERNATIVE WORK',
  'NOTICE OF PERMANENT DISABILITY ADVANCE PAYMENTS',
  'NOTICE REGARDING SUPPLEMENTAL JOB DISPLACEMENT BENEFIT',
  'BENEFIT NOTICE - TERMINATION OF TEMPORARY DISABILITY',
];

export function benefitNotice(ctx: DocCtx): Page[] {
  const { rng, ds } = ctx;
  const f = ctx.cases[0];
  if (!f) throw new Error('benefit notice needs a case');
  const b = makeBuilder(ctx, { family: rng.pick(['sans', 'serif']) });
  letterhead(b, f.carrier.name, [
    ...addressLines(f.carrierAddress),
    `Adjuster: ${fullName(f.adjuster)}  ${f.adjusterPhone}`,
  ]);
  dateLine(ctx, b);
  const title = rng.pick(BENEFIT_TITLES);
  const titleOnTop = rng.chance(0.5);
  if (titleOnTop) b.title(title, b.opts.size + 1, 'left');
  addressee(b, applicantAs(f, rng, rng.chance(0.5)), addressLines(f.applicantAddress));
  reBlock(ctx, b, { claim: true, employer: true });
  if (!titleOnTop) b.title(title, b.opts.size + 1, 'left');
  b.para(`Dear ${f.applicant.first} ${f.applicant.last}:`);
  b.para(
    rng.pick([
      `We have received medical reports indicating that you are temporarily unable to work. Your temporary disability benefits of ${money(rng.int(300, 1500))} per week will be paid every two weeks beginning ${formatDate(addDays(ctx.date, rng.int(1, 10)), ds)}.`,
      'We have not yet made a decision about your claim because we need more information. We will make a decision no later than 90 days after the date your claim form was filed.',
      'After investigation, we have decided to deny your claim because the evidence does not show that your injury arose out of and occurred in the course of employment.',
      `Your temporary disability payments will end on ${formatDate(addDays(ctx.date, 14), ds)} because your treating physician reported that you can return to modified work.`,
    ]),
  );
  b.para(
    "If you disagree with this decision, you may contact your claims administrator, consult an attorney, or contact an Information and Assistance Officer of the Division of Workers' Compensation at 1-800-736-7401.",
  );
  fillTo(b, rng, NOTICE, ctx.targetPages, { sentences: [2, 3] });
  signature(ctx, b, fullName(f.adjuster), ['Claims Examiner', f.carrier.name]);
  b.line(`cc: ${f.employer}; ${f.applicantFirm}`);
  return b.finish();
}

const LETTER_SUBJECTS = [
  'Please find enclosed the medical reports received in this matter for your review.',
  'This letter confirms our telephone conversation regarding the status of the above case.',
  'We are in receipt of the panel QME report and request your position on settlement.',
  'Enclosed please find our settlement demand together with the supporting rating.',
  'Please advise whether your client will agree to an AME in the specialty of orthopaedics.',
  'We write to object to the utilization review denial and request reconsideration.',
  'Kindly provide the benefit printout and all medical reports in your file.',
  'Please be advised that this office represents the applicant in the above matter.',
];

/** A letter about a case: sometimes with no numbers at all, only the name and the date of injury. */
export function correspondence(ctx: DocCtx): Page[] {
  const { rng } = ctx;
  const f = ctx.cases[0];
  if (!f) return unrelatedLetter(ctx);
  const b = makeBuilder(ctx, {
    family: rng.pick(['serif', 'sans']),
    footers: ['none', 'none', 'page'],
  });
  const fromFirm = rng.chance(0.5);
  const fromName = fromFirm ? f.applicantFirm : f.carrier.name;
  letterhead(
    b,
    fromName,
    [...addressLines(fromFirm ? f.applicantFirmAddress : f.carrierAddress), fakePhone(rng)],
    rng.chance(0.7),
  );
  dateLine(ctx, b, rng.pick(['left', 'right']));
  if (rng.chance(0.5))
    b.line(rng.pick(['VIA EMAIL AND U.S. MAIL', 'VIA FACSIMILE', 'SENT VIA EAMS']), { bold: true });
  addressee(b, fullName(ctx.firm.attorney), [ctx.firm.name, ...addressLines(ctx.firm.address)]);
  const noNumbers = rng.chance(0.25);
  reBlock(ctx, b, noNumbers ? { claim: false, adj: false, doi: true } : {});
  b.para(
    `Dear ${rng.pick(['Counsel', `Mr. ${ctx.firm.attorney.last}`, `Ms. ${ctx.firm.attorney.last}`, 'Sir or Madam'])}:`,
  );
  b.para(rng.pick(LETTER_SUBJECTS));
  for (let i = 0; i < rng.int(1, 3); i++)
    b.para(
      rng.pick(
        LETTER_SUBJECTS.concat([
          'Should you have any questions, please do not hesitate to contact the undersigned.',
        ]),
      ),
    );
  fillTo(b, rng, LETTER, ctx.targetPages, { sentences: [2, 3] });
  signature(ctx, b, fromFirm ? fullName(f.applicantAttorney) : fullName(f.adjuster), [
    fromFirm ? 'Attorney at Law' : 'Senior Claims Examiner',
  ]);
  if (rng.chance(0.5)) b.line('Enclosures');
  return b.finish();
}

/** Mail that belongs to no case: vendor notices, address changes, seminar invitations. */
export function unrelatedLetter(ctx: DocCtx): Page[] {
  const { rng } = ctx;
  const b = makeBuilder(ctx, { family: rng.pick(['serif', 'sans']), footer: 'none' });
  const sender = rng.pick([
    ...CLINIC_NAMES,
    "California Applicants' Attorneys Association",
    'Western Court Reporters',
    'Bay Legal Copy Service',
  ]);
  letterhead(b, sender, [...addressLines(fakeAddress(rng)), fakePhone(rng)]);
  dateLine(ctx, b);
  addressee(b, fullName(ctx.firm.attorney), [ctx.firm.name, ...addressLines(ctx.firm.address)]);
  b.line(
    `RE: ${rng.pick(['Notice of Change of Address', 'Updated Fee Schedule', 'Holiday Office Closure', "Invitation: Annual Workers' Compensation Seminar", 'New Billing Contact'])}`,
    { bold: true },
  );
  b.blank();
  b.para('Dear Colleague:');
  b.para(
    rng.pick([
      `Please be advised that effective ${formatDate(addDays(ctx.date, 30), 'long')}, our office will relocate to the address below. Please update your records accordingly.`,
      'We are pleased to announce updates to our services and fee schedule for the coming year. No action is required on your part.',
      'Our offices will be closed for the holidays. Urgent matters may be directed to our after-hours line.',
    ]),
  );
  b.para(`New address: ${addressLines(fakeAddress(rng)).join(', ')}.`);
  signature(ctx, b, fullName(fakePerson(rng)), ['Office Manager']);
  return b.finish();
}

export type { CaseFacts };
