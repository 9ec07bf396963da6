/**
 * Claims and office paper: letters, e-mails, fax cover sheets, the DWC-1 claim form, benefit
 * notices from the claims administrator, and caseless mail that belongs to no case.
 */
import {
  addDays,
  fmtDate,
  fullName,
  injuryPhrase,
  injuryText,
  lastFirst,
  moneyOf,
  nameVariant,
} from './formats';
import {
  address,
  authorRng,
  ccList,
  continuationHeader,
  dateStr,
  finish,
  footer,
  letterhead,
  makeWriter,
  phone,
  reBlock,
  signature,
  stamp,
  type BuiltDoc,
  type DocCtx,
} from './parts';
import type { Rng } from './rng';

const LETTER_BODIES = [
  'Enclosed please find the panel list issued by the DWC Medical Unit in the specialty of orthopedic surgery. Pursuant to Labor Code section 4062.2, please advise of the panelist you wish to strike within ten days.',
  'We are in receipt of the report of the primary treating physician. Please authorize the treatment requested and provide us with the status of temporary disability payments.',
  'This will confirm that the applicant\u2019s deposition has been rescheduled at the request of applicant\u2019s counsel. A new notice will follow.',
  'Please provide a complete benefit printout, the employer\u2019s wage statement for the 52 weeks prior to the injury, and copies of all medical reports in your file.',
  'We have reviewed the QME report and believe the matter is ready for settlement discussions. Please let us know whether you have authority to resolve the case by way of Compromise and Release.',
  'Our client reports that she has not received a temporary disability check in over three weeks. Please issue payment immediately, including the self-imposed penalty under Labor Code section 4650(d).',
  'Please be advised that the applicant has moved. Kindly update your records with the new address and direct all future benefit checks there.',
];

/** A letter from an attorney or adjuster about the case. */
export function letter(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const ar = authorRng(ctx);
  const w = makeWriter(ar, 'letter');
  const from = ar.pick([
    p.applicantFirm,
    p.defenseFirm,
    p.administrator ?? p.insurer ?? p.defenseFirm,
  ]);
  letterhead(w, ar, from);
  if (rng.chance(0.35)) stamp(w, ctx);
  w.line(dateStr(ctx));
  w.blank();
  if (rng.chance(0.3))
    w.line(rng.pick(['VIA FACSIMILE AND U.S. MAIL', 'VIA EMAIL ONLY', 'SENT VIA CERTIFIED MAIL']), {
      bold: true,
    });
  const claimsOffice = p.administrator ?? p.insurer ?? p.defenseFirm;
  const fromClaims = from === claimsOffice && from !== p.defenseFirm;
  const to = from === p.applicantFirm ? claimsOffice : p.applicantFirm;
  w.line(to);
  if (to === claimsOffice && rng.chance(0.6)) w.line(`Attn: ${p.adjuster}`);
  for (const l of address(rng)) w.line(l);
  w.blank();
  reBlock(w, ctx, { parties: rng.chance(0.4) });
  const greet = to === claimsOffice ? ['Claims Examiner', 'Sir or Madam', p.adjuster] : ['Counsel'];
  w.line(`Dear ${rng.pick(greet)}:`);
  for (const b of rng.shuffle(LETTER_BODIES).slice(0, rng.int(1, 4))) w.para(b, { gapBefore: 1 });
  if (rng.chance(0.5))
    w.para(
      'Thank you for your courtesy and cooperation in this matter. Please do not hesitate to contact the undersigned should you have any questions.',
      { gapBefore: 1 },
    );
  signature(
    w,
    ctx,
    // The same office signs every letter it sends: the pinned stream picks the signer.
    fromClaims
      ? p.adjuster
      : ar.pick(['Arsen Torosian, Esq.', 'Vanessa Lau, Esq.', 'Hector Medina, Esq.']),
    fromClaims ? ['Senior Claims Examiner', from] : [from],
    { dated: false },
  );
  if (rng.chance(0.6))
    ccList(
      w,
      ctx,
      rng
        .shuffle([fullName(p.applicant), p.ptp.name, p.defenseFirm, p.applicantFirm, 'File'])
        .filter((n) => n !== from && n !== to)
        .slice(0, rng.int(1, 3)),
    );
  continuationHeader(w, ctx);
  footer(w, rng);
  return finish(w, 'correspondence', 'CORRESPONDENCE', 'Correspondence');
}

/** A printed e-mail thread. */
export function email(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'report');
  w.line(
    'From: ' + p.adjuster + ` <${p.adjuster.toLowerCase().replace(/\W+/g, '.')}@claims-mail.com>`,
  );
  w.line(
    `Sent: ${fmtDate(ctx.date, 'long')} ${rng.int(7, 17)}:${String(rng.int(0, 59)).padStart(2, '0')} ${rng.pick(['AM', 'PM'])}`,
  );
  w.line(`To: intake@${p.applicantFirm.split(/\W/)[0]?.toLowerCase() || 'firm'}law.com`);
  const nm = nameVariant(rng, p.applicant);
  w.line(`Subject: RE: ${w.applicant(nm)} - Claim # ${w.claim(p.claims[0] ?? '')}`, {
    bold: true,
    rule: true,
  });
  w.blank();
  w.para(rng.pick(LETTER_BODIES));
  w.para(rng.pick(LETTER_BODIES), { gapBefore: 1 });
  w.line(p.adjuster, { gapBefore: 1 });
  w.line(`Senior Claims Examiner | ${p.administrator ?? p.insurer ?? 'Claims'}`);
  w.line(`Direct ${phone(rng)}`);
  w.blank();
  w.line('-----Original Message-----');
  w.line(`Sent: ${fmtDate(addDays(ctx.date, -rng.int(1, 9)), 'long')}`);
  w.para(rng.pick(LETTER_BODIES));
  w.para(
    'CONFIDENTIALITY NOTICE: This e-mail and any attachments are intended only for the addressee and may contain privileged information.',
    { size: w.style.size - 2, gapBefore: 1 },
  );
  return finish(w, 'correspondence', 'CORRESPONDENCE', 'E-mail');
}

/** A fax cover sheet: always its own one-page document. */
export function faxCover(
  rng: Rng,
  sender: string,
  senderFax: string,
  toName: string,
  pages: number,
  date: string,
  subject: string | null,
): BuiltDoc {
  const w = makeWriter(rng, rng.chance(0.5) ? 'letter' : 'form');
  w.line(sender.toUpperCase(), { bold: true, size: w.style.size + 3 });
  w.line(address(rng).join(' - '));
  w.line(
    rng.pick(['FACSIMILE TRANSMITTAL SHEET', 'FAX COVER SHEET', 'F A X', 'TELECOPY COVER PAGE']),
    { bold: true, align: 'center', size: w.style.size + 6, gapBefore: 2 },
  );
  w.blank(2);
  w.line(`TO: ${toName}`, { box: true });
  w.line(`FROM: ${sender}`, { box: true });
  w.line(`FAX: ${senderFax}`, { box: true });
  w.line(`DATE: ${date}`, { box: true });
  w.line(`PAGES (including cover): ${pages}`, { box: true });
  if (subject) w.line(`RE: ${w.applicant(subject)}`, { box: true });
  w.blank();
  w.line(`${'[ ] Urgent  [X] For Review  [ ] Please Comment  [ ] Please Reply'}`);
  w.para(
    rng.pick([
      'Please see attached.',
      'Documents attached for your file. Please call if any pages are missing or illegible.',
      'Attached per your request.',
    ]),
    { gapBefore: 2 },
  );
  w.para(
    'CONFIDENTIALITY NOTICE: The documents accompanying this facsimile contain confidential information which is legally privileged. If you have received this fax in error, please notify us by telephone immediately and destroy the documents.',
    { size: w.style.size - 2, gapBefore: 6 },
  );
  return finish(w, 'correspondence', 'CORRESPONDENCE', 'Fax Cover Sheet');
}

/** DWC-1, sometimes behind its instruction page. */
export function claimForm(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'form');
  const withInstructions = rng.chance(0.4);
  if (withInstructions) {
    w.line(
      'State of California, Department of Industrial Relations, DIVISION OF WORKERS\u2019 COMPENSATION',
      { size: w.style.size - 1 },
    );
    w.line('WORKERS\u2019 COMPENSATION CLAIM FORM (DWC 1) & NOTICE OF POTENTIAL ELIGIBILITY', {
      bold: true,
      gapBefore: 1,
    });
    w.line('PETICI\u00d3N DEL EMPLEADO PARA COMPENSACI\u00d3N DEL TRABAJADOR (DWC 1)', {
      bold: true,
    });
    w.para(
      'If you are injured or become ill, either physically or mentally, because of your job, including injuries resulting from a workplace crime, you may be entitled to workers\u2019 compensation benefits. Use the attached form to file a workers\u2019 compensation claim with your employer. You should read all of the information below. Keep this sheet and all other papers for your records.',
      { gapBefore: 1 },
    );
    w.para(
      'Prompt Medical Treatment: Your employer must authorize up to $10,000 in treatment within one working day after you file a claim form. Temporary Disability: if you cannot work because of the injury, you may receive up to two-thirds of your wages. Permanent Disability, Supplemental Job Displacement Benefit, and Death Benefits may also be available.',
      { gapBefore: 1 },
    );
    w.pageBreak();
  }
  w.line('WORKERS\u2019 COMPENSATION CLAIM FORM (DWC 1)', {
    bold: true,
    align: 'center',
    size: w.style.size + 3,
  });
  w.line(
    'Employee: complete the \u201cEmployee\u201d section and give the form to your employer. Keep a copy.',
    { size: w.style.size - 1, align: 'center' },
  );
  w.line('Employee - complete this section and see note above / Empleado', {
    bold: true,
    gapBefore: 1,
  });
  w.line(`1. Name. Nombre. ${w.applicant(fullName(p.applicant))}`, { box: true });
  w.line(`2. Home Address. Direcci\u00f3n Residencial. ${address(rng).join(', ')}`, { box: true });
  w.line(
    `3. Date of Injury. Fecha de la lesi\u00f3n. ${w.doi(p.doi, injuryText(rng, p.doi, 'mdy'))}`,
    { box: true },
  );
  w.line(
    `4. Location of injury: ${rng.pick(['Warehouse, dock 4', 'Main kitchen', 'Route 12', 'Patient room 214', 'Jobsite'])}`,
    { box: true },
  );
  w.line(
    `5. Describe injury and part of body affected: ${p.bodyParts.join(', ')} - ${rng.pick(['lifting boxes', 'slipped on wet floor', 'repetitive work', 'fell from ladder', 'stress at work'])}`,
    { box: true },
  );
  w.line('6. Social Security Number: XXX-XX-' + rng.digits(4), { box: true });
  w.line(`7. Signature of employee: ____________________   Date: ${dateStr(ctx)}`, { box: true });
  w.line('Employer - complete this section / Empleador', { bold: true, gapBefore: 1 });
  w.line(`8. Name of employer: ${w.defendant(p.employer)}`, { box: true });
  w.line(`9. Address: ${address(rng).join(', ')}`, { box: true });
  w.line(
    `10. Date employer first knew of injury: ${dateStr(ctx, addDays(ctx.date, -rng.int(0, 5)))}`,
    { box: true },
  );
  w.line(
    `11. Date claim form was provided to employee: ${dateStr(ctx, addDays(ctx.date, -rng.int(0, 3)))}`,
    { box: true },
  );
  w.line(`12. Date employer received claim form: ${dateStr(ctx)}`, { box: true });
  w.line(
    `13. Name and address of insurance carrier or adjusting agency: ${w.defendant(p.insurer ?? p.administrator ?? '')}`,
    { box: true },
  );
  if (rng.chance(0.5) && p.insurer && p.administrator)
    w.line(`    Adjusting agency: ${w.defendant(p.administrator)}`);
  w.line(`14. Insurance policy number: WC${rng.digits(7)}-${rng.int(2019, 2024)}`, { box: true });
  w.line('15. Signature of employer representative: ____________________', { box: true });
  if (rng.chance(0.4) && p.claims[0])
    w.line(`Claim # ${w.claim(p.claims[0])}`, { stamp: true, align: 'right', gapBefore: 1 });
  w.footerPattern = withInstructions ? 'Rev. 1/2024   Page {n} of {N}' : 'DWC 1 (Rev. 1/2024)';
  return finish(w, 'claim_form', 'CLAIM FORMS', 'DWC-1 Claim Form');
}

/** TD/PD notices, delay and denial letters from the claims administrator. */
export function benefitNotice(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'letter');
  const from = p.administrator ?? p.insurer ?? p.employer;
  letterhead(w, rng, from, 'Workers\u2019 Compensation Claims');
  w.line(dateStr(ctx));
  w.blank();
  w.line(rng.chance(0.5) ? fullName(p.applicant) : lastFirst(p.applicant));
  for (const l of address(rng)) w.line(l);
  w.blank();
  w.line(`Employee: ${w.applicant(fullName(p.applicant))}`, { indent: 36 });
  w.line(`Employer: ${w.defendant(p.employer)}`, { indent: 36 });
  if (p.insurer && p.administrator) w.line(`Insurer: ${w.defendant(p.insurer)}`, { indent: 36 });
  w.line(`${rng.pick(['Claim Number:', 'Claim No.:', 'Claim #'])} ${w.claim(p.claims[0] ?? '')}`, {
    indent: 36,
  });
  w.line(`Date of Injury: ${w.doi(p.doi, injuryText(rng, p.doi, ctx.ds))}`, { indent: 36 });
  const kind = rng.int(0, 4);
  const titles = [
    'NOTICE REGARDING TEMPORARY DISABILITY BENEFITS',
    'NOTICE OF DELAY IN DECISION',
    'NOTICE REGARDING DENIAL OF CLAIM',
    'NOTICE OF PERMANENT DISABILITY ADVANCE PAYMENTS',
    'NOTICE OF BENEFITS ENDING - TEMPORARY DISABILITY',
  ];
  const title = titles[kind] ?? 'NOTICE';
  w.line(title, { bold: true, align: 'center', gapBefore: 1 });
  const rate = moneyOf(rng.int(24000, 158000));
  const bodies = [
    `Your temporary disability benefits will be paid at the rate of $${rate} per week, every two weeks, beginning ${dateStr(ctx, addDays(ctx.date, -14))}. The rate is two-thirds of your average weekly earnings of $${moneyOf(rng.int(40000, 240000))}.`,
    `We have not yet decided whether to accept or deny your claim for an injury ${injuryPhrase(rng, p.doi)}. We need more information: the medical reports of your treating physician and a recorded statement. We will make a decision by ${dateStr(ctx, addDays(ctx.date, 90))}.`,
    'After investigation we have determined that your claim is denied because the medical evidence does not support an injury arising out of and in the course of employment. If you disagree, you may file an Application for Adjudication of Claim with the Workers\u2019 Compensation Appeals Board.',
    `Based on the medical reports, we estimate your permanent disability at ${rng.int(3, 30)}%. Advance payments of $${rate} per week will begin on ${dateStr(ctx, addDays(ctx.date, 14))}.`,
    `Your temporary disability benefits ended on ${dateStr(ctx, addDays(ctx.date, -3))} because your doctor released you to return to work. The total paid is $${moneyOf(rng.int(500000, 4000000))}.`,
  ];
  w.para(bodies[kind] ?? '', { gapBefore: 1 });
  w.para(
    'If you have questions about this notice, please call your claims examiner. You may also contact an Information and Assistance officer of the State of California Division of Workers\u2019 Compensation, or consult an attorney of your choice. Attorney fees are subject to approval by the Workers\u2019 Compensation Appeals Board.',
    { gapBefore: 1 },
  );
  w.para(
    'Usted puede obtener esta informaci\u00f3n en espa\u00f1ol llamando a su examinador de reclamos.',
    { italic: true, gapBefore: 1 },
  );
  signature(w, ctx, p.adjuster, ['Claims Examiner', `Phone ${phone(rng)}`], { dated: false });
  ccList(w, ctx, [p.applicantFirm, p.employer]);
  continuationHeader(w, ctx);
  footer(w, rng);
  return finish(w, 'benefit_notice', 'BENEFITS', title);
}

/** Mail that belongs to no case: notices from courts' vendors, bar and seminar mail. */
export function caselessMail(rng: Rng, date: string): BuiltDoc {
  const w = makeWriter(rng, 'letter');
  const kind = rng.int(0, 2);
  if (kind === 0) {
    letterhead(
      w,
      rng,
      'California Applicants\u2019 Attorneys Association',
      'Continuing Legal Education',
    );
    w.line(date);
    w.line('ANNUAL WINTER CONVENTION - REGISTRATION NOW OPEN', {
      bold: true,
      align: 'center',
      gapBefore: 1,
    });
    w.para(
      'Join hundreds of workers\u2019 compensation practitioners for three days of education on the latest developments in permanent disability rating, apportionment, and the medical-legal fee schedule. Earn up to 12 hours of MCLE credit, including legal specialization credit.',
      { gapBefore: 1 },
    );
    w.para(
      'Early registration ends soon. Hotel block rates are available until the block sells out.',
    );
  } else if (kind === 1) {
    letterhead(w, rng, rng.pick(['Compex Legal Services', 'Record Retrieval Services, Inc.']));
    w.line(date);
    w.line('NOTICE OF CHANGE OF ADDRESS', { bold: true, align: 'center', gapBefore: 1 });
    w.para(
      `Please be advised that effective ${date}, our office has moved. Please update your records and direct all correspondence and subpoenaed records to our new address: ${address(rng).join(', ')}. Our telephone and fax numbers remain unchanged.`,
      { gapBefore: 1 },
    );
  } else {
    w.line('Department of Industrial Relations', { bold: true });
    w.line('Division of Workers\u2019 Compensation - Newsline', { rule: true });
    w.line(date, { gapBefore: 1 });
    w.line(`DWC POSTS PROPOSED UPDATES TO THE OFFICIAL MEDICAL FEE SCHEDULE`, {
      bold: true,
      gapBefore: 1,
    });
    w.para(
      'The Division of Workers\u2019 Compensation has posted proposed revisions to the physician and non-physician practitioner fee schedule. Public comments may be submitted on the DWC Forums until the close of the comment period.',
      { gapBefore: 1 },
    );
  }
  w.blank();
  w.line(`Questions? Call ${phone(rng)}.`);
  return finish(w, 'correspondence', 'CORRESPONDENCE', 'Correspondence');
}
