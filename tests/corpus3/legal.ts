/**
 * Pleadings and board paper: application, answer, DOR, petitions, substitution, notices, minutes,
 * settlements, awards, orders, subpoenas, deposition notices, liens and standalone proofs of service.
 */
import * as D from './data';
import {
  addDays,
  fmtDate,
  fullName,
  injuryPhrase,
  injuryText,
  lastFirst,
  moneyOf,
  parseIso,
} from './formats';
import * as N from './narrative';
import {
  address,
  attachedPos,
  attorneyBlock,
  caption,
  continuationHeader,
  dateStr,
  finish,
  footer,
  letterhead,
  makeWriter,
  phone,
  serviceList,
  signature,
  stamp,
  type BuiltDoc,
  type DocCtx,
} from './parts';
import type { DocWriter } from './layout';

const cb = (on: boolean) => (on ? '[X]' : '[ ]');

/** The board's own form header (DWC-CA forms), with the case number box. */
function boardFormHeader(w: DocWriter, ctx: DocCtx, title: string, form: string): void {
  const { p, rng } = ctx;
  w.line('STATE OF CALIFORNIA', { bold: true });
  w.line('DIVISION OF WORKERS\u2019 COMPENSATION', { bold: true });
  w.line('WORKERS\u2019 COMPENSATION APPEALS BOARD', { bold: true, rule: true });
  if (rng.chance(0.4)) stamp(w, ctx, rng.pick(['FILED', 'RECEIVED', 'EAMS RECEIVED']));
  w.line(title, { align: 'center', bold: true, size: w.style.size + 3, gapBefore: 1 });
  w.blank();
  if (p.adj) w.line(`Case Number: ${w.adj(p.adj)}`, { box: true });
  if (ctx.consolidated && p.sibling?.adj)
    w.line(`Case Number: ${w.adj(p.sibling.adj)}`, { box: true });
  w.line(
    `${rng.pick(['Applicant (Injured Worker):', 'Injured Employee:', 'Applicant:'])} ${w.applicant(rng.chance(0.5) ? fullName(p.applicant) : lastFirst(p.applicant))}`,
    { box: true },
  );
  w.line(`Employer: ${w.defendant(p.employer)}`, { box: true });
  if (p.insurer) w.line(`Insurance Carrier: ${w.defendant(p.insurer)}`, { box: true });
  if (p.administrator)
    w.line(`Claims Administrator: ${w.defendant(p.administrator)}`, { box: true });
  if (rng.chance(0.6)) w.line(`Claim Number: ${w.claim(p.claims[0] ?? '')}`, { box: true });
  w.line(`Date of Injury: ${w.doi(p.doi, injuryText(rng, p.doi, 'mdy'))}`, { box: true });
  w.footerPattern = `${form} ${rng.pick(['(Rev. 11/2008)', '(Rev. 6/2016)', '(Rev. 12/2019)'])}      Page {n} of {N}`;
}

function ids(ctx: DocCtx): string[] {
  const out: string[] = [];
  if (ctx.p.caseId) out.push(ctx.p.caseId);
  if (ctx.consolidated && ctx.p.sibling?.caseId) out.push(ctx.p.sibling.caseId);
  return out;
}

export function application(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'form');
  boardFormHeader(w, ctx, 'APPLICATION FOR ADJUDICATION OF CLAIM', 'DWC-CA form 10232.1');
  w.line(
    `${cb(!p.doi.cumulativeTrauma)} Specific injury   ${cb(p.doi.cumulativeTrauma)} Cumulative injury`,
    { gapBefore: 1 },
  );
  w.para(
    `1. The injured employee, born ${fmtDate({ y: rng.int(1960, 1998), m: rng.int(1, 12), d: rng.int(1, 28) }, 'mdy')}, while employed as a ${p.occupation}, sustained injury arising out of and in the course of employment ${injuryPhrase(rng, p.doi)} at ${address(rng)[1]}, to the following parts of the body: ${N.bodyPartsText(p)}.`,
    { gapBefore: 1 },
  );
  w.para(
    '2. The injury occurred as follows: repetitive and heavy job duties; lifting, carrying, bending and stooping.',
  );
  w.para(`3. Actual earnings at time of injury: $${moneyOf(rng.int(60000, 180000))} per week.`);
  w.para(
    '4. The injury caused disability as follows: temporary total disability from the date of injury and continuing.',
  );
  w.para(
    '5. Compensation was paid: [ ] Yes [X] No.  6. Unemployment insurance received: [ ] Yes [X] No.',
  );
  w.para(
    '7. Medical treatment was received; the employer/insurer has not furnished all treatment.',
  );
  w.para(
    '8. Other cases have been filed for industrial injuries by this employee: as listed on the case record.',
  );
  w.para(
    '9. This application is filed because of a disagreement regarding liability for temporary disability, permanent disability, reimbursement for medical expense, medical treatment, compensation at the proper rate, and a rehabilitation/supplemental job displacement benefit.',
  );
  w.blank();
  w.line(`Applicant\u2019s attorney: ${p.applicantFirm}`);
  w.line(`Dated: ${dateStr(ctx)}      Signature: ______________________`);
  attachedPos(w, ctx, 'Application for Adjudication of Claim');
  return finish(
    w,
    'application_for_adjudication',
    'LEGAL DOCS',
    'Application for Adjudication of Claim',
    ids(ctx),
  );
}

export function dor(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'form');
  boardFormHeader(
    w,
    ctx,
    rng.pick([
      'DECLARATION OF READINESS TO PROCEED',
      'DECLARATION OF READINESS TO PROCEED TO EXPEDITED TRIAL',
    ]),
    'DWC-CA form 10250.1',
  );
  w.line('Requested hearing:', { bold: true, gapBefore: 1 });
  w.line(
    `${cb(true)} Mandatory Settlement Conference  ${cb(false)} Rating MSC  ${cb(false)} Status Conference  ${cb(false)} Priority Conference`,
  );
  w.line('Issues:', { bold: true, gapBefore: 1 });
  for (const i of [
    'Temporary disability',
    'Permanent disability',
    'Medical treatment',
    'Self-procured treatment',
    'Penalties',
    'Attorney fees',
  ])
    w.line(`${cb(rng.chance(0.5))} ${i}`, { indent: 18 });
  w.para(
    `The undersigned declares that he or she is presently ready to proceed to hearing on the issues above and has made the following efforts to resolve the issues: letters to ${rng.pick(['defense counsel', 'the claims examiner', 'applicant\u2019s counsel'])} dated ${dateStr(ctx, addDays(ctx.date, -rng.int(20, 60)))} and a telephone conference which did not resolve the dispute.`,
    { gapBefore: 1 },
  );
  w.para(
    'Medical reports: the reports of the treating physician and the QME are attached or have been previously served. Discovery is closed on the issues raised.',
  );
  w.line(`Declarant: ${p.applicantFirm}, attorneys for applicant      Date: ${dateStr(ctx)}`, {
    gapBefore: 1,
  });
  attachedPos(w, ctx, 'Declaration of Readiness to Proceed');
  return finish(
    w,
    'declaration_of_readiness',
    'LEGAL DOCS',
    'Declaration of Readiness to Proceed',
    ids(ctx),
  );
}

const PETITIONS = [
  'PETITION FOR CHANGE OF PRIMARY TREATING PHYSICIAN',
  'PETITION FOR PENALTIES AND SANCTIONS PURSUANT TO LABOR CODE SECTION 5814',
  'PETITION TO COMPEL APPLICANT\u2019S ATTENDANCE AT PANEL QME EVALUATION',
  'PETITION FOR COSTS PURSUANT TO LABOR CODE SECTION 5811',
  'PETITION FOR RECONSIDERATION',
  'PETITION TO STRIKE PANEL QME REPORT',
  'PETITION FOR ATTORNEY FEES PURSUANT TO LABOR CODE SECTION 5710',
];

/** A petition, with optional exhibits (cover pages and copied letters), verification and POS. */
export function petition(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'pleading');
  const side = rng.chance(0.5) ? 'applicant' : 'defendants';
  attorneyBlock(w, ctx, side);
  const title = rng.pick(PETITIONS);
  const caseIds = caption(w, ctx, title);
  w.para(
    `${side === 'applicant' ? 'Applicant' : 'Defendants'}, by and through ${side === 'applicant' ? 'her/his' : 'their'} attorneys of record, hereby petition${side === 'applicant' ? 's' : ''} the Workers\u2019 Compensation Appeals Board as follows:`,
  );
  const allegations = [
    `Applicant, while employed as a ${p.occupation}, sustained an industrial injury ${injuryPhrase(rng, p.doi)} to the ${N.bodyPartsText(p)}.`,
    'On the date stated, a written request was sent to the claims administrator. No response has been received to date.',
    'The conduct described above constitutes an unreasonable delay in the provision of benefits within the meaning of Labor Code section 5814.',
    'Petitioner has attempted in good faith to resolve this dispute without the intervention of the Board, as set forth in the attached correspondence.',
    'The requested relief is necessary to avoid further prejudice to petitioner and to permit the timely resolution of this claim.',
    `The Panel QME evaluation was scheduled for ${dateStr(ctx, addDays(ctx.date, rng.int(10, 40)))}, and notice was served on all parties.`,
    'The claims administrator has not responded to the treating physician\u2019s requests for authorization within the time required by Labor Code section 4610.',
  ];
  // The injury paragraph first, the rest in any order.
  const [injury, ...rest] = allegations;
  const chosen = [injury ?? '', ...rng.shuffle(rest).slice(0, rng.int(2, 5))];
  chosen.forEach((t, i) => w.para(`${i + 1}. ${t}`, { gapBefore: 1 }));
  w.para(
    'WHEREFORE, petitioner prays that the Board grant the relief requested herein, and for such other relief as the Board deems just.',
    { gapBefore: 1 },
  );
  signature(w, ctx, `${side === 'applicant' ? p.applicantFirm : p.defenseFirm}`, [
    `Attorneys for ${side === 'applicant' ? 'Applicant' : 'Defendants'}`,
  ]);
  const exhibits = rng.int(0, 3);
  for (let e = 0; e < exhibits; e++) {
    w.pageBreak();
    w.line(`EXHIBIT "${String.fromCharCode(65 + e)}"`, {
      align: 'center',
      bold: true,
      size: 28,
      gapBefore: 8,
    });
    w.pageBreak();
    letterhead(w, rng, e % 2 ? (p.administrator ?? p.insurer ?? p.defenseFirm) : p.applicantFirm);
    w.line(dateStr(ctx, addDays(ctx.date, -rng.int(15, 90))));
    w.line(`Re: ${fullName(p.applicant)}`, { gapBefore: 1 });
    w.para(
      rng.pick([
        'Please be advised that we have not received a response to our prior request for authorization of treatment. Kindly advise of your position within ten days.',
        'Enclosed please find the panel list issued by the Medical Unit. Please strike one name within ten days of this letter.',
        'This letter confirms our telephone conversation of today regarding the outstanding temporary disability payments.',
      ]),
      { gapBefore: 1 },
    );
    w.line('Very truly yours,', { gapBefore: 1 });
    w.line(rng.pick(D.ADJUSTERS), { gapBefore: 1 });
  }
  if (rng.chance(0.6)) {
    w.pageBreak();
    w.line('VERIFICATION', { align: 'center', bold: true });
    w.para(
      `I, the undersigned, am an attorney for the ${side === 'applicant' ? 'applicant' : 'defendants'} in this matter. I have read the foregoing petition and know its contents. The matters stated therein are true of my own knowledge, except as to matters stated on information and belief, and as to those matters I believe them to be true. I declare under penalty of perjury under the laws of the State of California that the foregoing is true and correct. Executed on ${dateStr(ctx)}.`,
      { gapBefore: 1 },
    );
    w.line('______________________________', { indent: 250, gapBefore: 2 });
  }
  attachedPos(w, ctx, title.toLowerCase());
  footer(w, rng);
  return finish(w, 'petition', 'LEGAL DOCS', title, caseIds);
}

export function answer(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'pleading');
  attorneyBlock(w, ctx, 'defendants');
  const title = 'ANSWER TO APPLICATION FOR ADJUDICATION OF CLAIM';
  const caseIds = caption(w, ctx, title);
  w.para(
    `Defendants hereby answer the Application for Adjudication of Claim filed herein, admit the following: that applicant was employed as a ${p.occupation}; and deny each and every other allegation. Defendants specifically deny that applicant sustained injury arising out of and in the course of employment ${injuryPhrase(rng, p.doi)}.`,
  );
  w.line('AFFIRMATIVE DEFENSES', { bold: true, align: 'center', gapBefore: 1 });
  const defenses = [
    'The claim is barred by the statute of limitations (Labor Code sections 5405 and 5412).',
    'The claim is a post-termination claim barred by Labor Code section 3600(a)(10).',
    'Any permanent disability is subject to apportionment under Labor Code sections 4663 and 4664.',
    'Defendants claim credit for all benefits previously paid, including any overpayment of temporary disability.',
    'The psychiatric claim is barred by Labor Code section 3208.3 (six month employment rule).',
    'Defendants object to all self-procured medical treatment.',
  ];
  rng
    .shuffle(defenses)
    .slice(0, rng.int(3, 6))
    .forEach((d, i) => w.para(`${i + 1}. ${d}`, { gapBefore: 0.5 }));
  signature(w, ctx, p.defenseFirm, ['Attorneys for Defendants']);
  attachedPos(w, ctx, 'Answer to Application for Adjudication of Claim');
  footer(w, rng);
  return finish(w, 'answer', 'LEGAL DOCS', 'Answer to Application', caseIds);
}

export function substitution(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const notice = rng.chance(0.4);
  const w = makeWriter(rng, notice ? 'letter' : 'form');
  let title: string;
  let caseIds: string[] = [];
  if (notice) {
    letterhead(w, rng, p.applicantFirm, 'Attorneys at Law');
    w.line(dateStr(ctx));
    w.blank();
    w.line(p.administrator ?? p.insurer ?? p.employer);
    w.line(`Attn: ${p.adjuster}`);
    for (const l of address(rng)) w.line(l);
    w.blank();
    title = 'NOTICE OF REPRESENTATION';
    w.line(title, { bold: true, align: 'center' });
    w.line(`Employee: ${w.applicant(fullName(p.applicant))}`);
    w.line(`Employer: ${w.defendant(p.employer)}`);
    w.line(`Claim No.: ${w.claim(p.claims[0] ?? '')}`);
    w.line(`DOI: ${w.doi(p.doi, injuryText(rng, p.doi, ctx.ds))}`);
    w.para(
      'Please be advised that this office now represents the above-named injured worker in connection with the claim for workers\u2019 compensation benefits. All further communications regarding this matter should be directed to this office. Please do not contact our client directly. Kindly forward copies of all medical reports, benefit printouts, and the wage statement.',
      { gapBefore: 1 },
    );
    w.para(
      'Enclosed is a copy of the signed Substitution of Attorneys / fee disclosure statement.',
    );
    signature(w, ctx, p.applicantFirm, []);
  } else {
    boardFormHeader(w, ctx, 'SUBSTITUTION OF ATTORNEYS', 'DWC-CA form 10284');
    caseIds = ids(ctx);
    title = 'Substitution of Attorneys';
    w.para(
      `The ${cb(true)} Applicant ${cb(false)} Defendant ${cb(false)} Lien Claimant hereby substitutes ${p.applicantFirm}, ${address(rng).join(', ')}, telephone ${phone(rng)}, as attorney of record in place and stead of ${rng.pick(['the applicant in pro per', D.APPLICANT_FIRMS[0] ?? 'prior counsel'])}.`,
      { gapBefore: 1 },
    );
    w.line('I consent to the above substitution:', { gapBefore: 1 });
    w.line(`Dated: ${dateStr(ctx)}    ______________________ (Party)`, { gapBefore: 1 });
    w.line('I consent to the above substitution:', { gapBefore: 1 });
    w.line(`Dated: ${dateStr(ctx)}    ______________________ (Former attorney)`, { gapBefore: 1 });
    w.line('I accept the above substitution:', { gapBefore: 1 });
    w.line(`Dated: ${dateStr(ctx)}    ______________________ (New attorney)`, { gapBefore: 1 });
    attachedPos(w, ctx, 'Substitution of Attorneys');
  }
  return finish(w, 'substitution_of_attorney', 'LEGAL DOCS', title, caseIds);
}

function boardHeading(w: DocWriter, ctx: DocCtx): void {
  w.line('STATE OF CALIFORNIA', { align: 'center', bold: true });
  w.line('WORKERS\u2019 COMPENSATION APPEALS BOARD', { align: 'center', bold: true });
  w.line(`${ctx.p.office.city.toUpperCase()} DISTRICT OFFICE`, { align: 'center' });
  w.line(ctx.p.office.street, { align: 'center', rule: true });
  w.blank();
}

/** "APPLICANT vs. EMPLOYER; INSURER" on one block, as board notices and minutes print it. */
function vsBlock(w: DocWriter, ctx: DocCtx): string[] {
  const { p, rng } = ctx;
  const caseIds = ids(ctx);
  if (p.adj)
    w.line(
      `CASE NO. ${w.adj(p.adj)}${ctx.consolidated && p.sibling?.adj ? `, ${w.adj(p.sibling.adj)}` : ''}`,
      { bold: true },
    );
  w.line(`${w.applicant(lastFirst(p.applicant))}`, { gapBefore: 0.5 });
  w.line('vs.', { indent: 36 });
  w.line(w.defendant(p.employer.toUpperCase()));
  if (p.insurer) w.line(w.defendant(p.insurer.toUpperCase()));
  if (p.administrator)
    w.line(`${rng.pick(['', 'ADJUSTED BY '])}${w.defendant(p.administrator.toUpperCase())}`);
  if (rng.chance(0.6)) w.line(`DATE OF INJURY: ${w.doi(p.doi, injuryText(rng, p.doi, 'mdy'))}`);
  w.line('', { rule: true });
  return caseIds;
}

export function noticeOfHearing(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'form');
  boardHeading(w, ctx);
  const caseIds = vsBlock(w, ctx);
  w.line('NOTICE OF HEARING', {
    align: 'center',
    bold: true,
    size: w.style.size + 4,
    gapBefore: 1,
  });
  const hearing = addDays(ctx.date, rng.int(30, 75));
  const kind = rng.pick([
    'MANDATORY SETTLEMENT CONFERENCE',
    'STATUS CONFERENCE',
    'TRIAL',
    'LIEN CONFERENCE',
    'PRIORITY CONFERENCE',
  ]);
  w.para(
    `YOU ARE HEREBY NOTIFIED THAT THE ABOVE-ENTITLED MATTER HAS BEEN SET FOR ${kind} ON ${fmtDate(hearing, 'long').toUpperCase()} AT ${rng.pick(['8:30 AM', '1:30 PM', '10:30 AM'])} BEFORE JUDGE ${p.judge}, AT THE ${p.office.city.toUpperCase()} DISTRICT OFFICE.`,
    { gapBefore: 1 },
  );
  w.para(
    'ALL PARTIES ARE REQUIRED TO APPEAR. If the matter is settled, the settlement documents must be filed before the hearing. Failure to appear may result in dismissal, the imposition of sanctions, or the matter being taken off calendar.',
    { gapBefore: 1 },
  );
  w.para(
    'Interpreters: If an interpreter is needed, the party who requires one must arrange for a certified interpreter.',
  );
  w.line(`Served by mail on ${dateStr(ctx)} on the parties listed below:`, { gapBefore: 1 });
  for (const e of serviceList(ctx)) w.line(e.join(', '), { size: w.style.size - 1 });
  return finish(w, 'notice_of_hearing', 'LEGAL DOCS', 'Notice of Hearing', caseIds);
}

export function minutes(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'form');
  boardHeading(w, ctx);
  const title = rng.pick([
    'MINUTES OF HEARING',
    'MINUTES OF HEARING AND SUMMARY OF EVIDENCE',
    'MINUTES OF HEARING / ORDER',
  ]);
  w.line(title, { align: 'center', bold: true, size: w.style.size + 3 });
  w.line(
    `Hearing date: ${dateStr(ctx)}   Judge: ${p.judge}   Reporter: ${rng.pick(['None', 'K. Lindqvist, CSR', 'Digital'])}`,
    { gapBefore: 1 },
  );
  const caseIds = vsBlock(w, ctx);
  w.line('APPEARANCES:', { bold: true, gapBefore: 1 });
  w.line(
    `Applicant: ${rng.pick(['Present', 'Not present', 'Present with interpreter (Spanish)'])}`,
    { indent: 18 },
  );
  w.line(`Applicant\u2019s attorney: ${p.applicantFirm}`, { indent: 18 });
  w.line(`Defense attorney: ${p.defenseFirm}`, { indent: 18 });
  w.line('DISPOSITION:', { bold: true, gapBefore: 1 });
  w.line(
    `${cb(false)} Off calendar  ${cb(rng.chance(0.5))} Continued to ${dateStr(ctx, addDays(ctx.date, 45))}  ${cb(rng.chance(0.5))} Trial set  ${cb(false)} Order approving C&R`,
  );
  w.line('ISSUES / COMMENTS:', { bold: true, gapBefore: 1 });
  w.para(
    'Parties request a continuance to obtain a supplemental report from the panel QME. Defendant to provide the sub rosa film to applicant\u2019s attorney within 20 days. Applicant\u2019s attorney to serve updated lien information.',
  );
  if (title.includes('EVIDENCE')) {
    w.line('SUMMARY OF EVIDENCE', { bold: true, gapBefore: 1 });
    w.para(
      'The applicant testified that she worked for the employer for approximately six years. She lifted boxes weighing up to fifty pounds. Her pain began gradually and worsened over time. On cross-examination she testified that she did not report the pain to her supervisor until after her termination.',
    );
  }
  w.line(`WORKERS\u2019 COMPENSATION ADMINISTRATIVE LAW JUDGE ${p.judge}`, { gapBefore: 2 });
  return finish(w, 'minutes_of_hearing', 'LEGAL DOCS', title, caseIds);
}

/** Compromise and Release or Stipulations with Request for Award (the DWC settlement forms). */
export function settlement(
  ctx: DocCtx,
  kind: 'compromise_and_release' | 'stipulations_with_award',
): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'form');
  const cr = kind === 'compromise_and_release';
  const title = cr ? 'COMPROMISE AND RELEASE' : 'STIPULATIONS WITH REQUEST FOR AWARD';
  boardFormHeader(w, ctx, title, cr ? 'DWC-CA form 10214(c)' : 'DWC-CA form 10214(a)');
  w.line(`Employee\u2019s Social Security Number: XXX-XX-${rng.digits(4)}`, { box: true });
  const amount = rng.int(15000, 150000) * 100;
  const paras = cr
    ? [
        `1. The injured employee claims that while employed as a ${p.occupation} by the employer, he/she sustained injury arising out of and in the course of employment to ${N.bodyPartsText(p)}.`,
        '2. Upon approval of this compromise agreement by the Workers\u2019 Compensation Appeals Board or a workers\u2019 compensation administrative law judge and payment in accordance with the provisions hereof, the employee releases and forever discharges the employer and insurance carrier from all claims and causes of action, whether now known or ascertained or which may hereafter arise or develop, as a result of the above-referenced injury.',
        '3. This agreement is limited to settlement of the body parts, conditions or systems and for the dates of injury set forth above.',
        '4. Unless otherwise expressly provided herein, approval of this agreement does not release any claim the injured employee now has or may hereafter have for injury other than that set forth above.',
        `5. The parties agree to settle the above claim(s) on account of the injury(ies) by the payment of the sum of $${moneyOf(amount)} in addition to any sums previously paid.`,
        `6. The following amounts are to be deducted: Permanent disability advances $${moneyOf(rng.int(0, 900000))}; Attorney fee $${moneyOf(Math.round(amount * 0.15))}; EDD lien as agreed.`,
        '7. The parties represent that the employee is not a Medicare beneficiary and does not expect to become one within 30 months.',
        '8. Liens not expressly mentioned herein are to be resolved by the parties or by the Board.',
        '9. Reason for settlement: serious dispute regarding AOE/COE, the extent of permanent disability and the need for future medical treatment.',
      ]
    : [
        `1. ${fullName(p.applicant)}, born on or about ${rng.int(1960, 1995)}, while employed ${injuryPhrase(rng, p.doi)} as a ${p.occupation}, sustained injury arising out of and in the course of employment to ${N.bodyPartsText(p)}.`,
        `2. The injury caused temporary disability for the period ${dateStr(ctx, addDays(parseIso(p.doi.start), 10))} through ${dateStr(ctx, addDays(ctx.date, -200))}, payable at $${moneyOf(rng.int(40000, 160000))} per week.`,
        `3. The injury caused permanent disability of ${rng.int(6, 48)}%, payable at $290.00 per week, for a total of $${moneyOf(amount)}, less credit for sums previously paid.`,
        '4. There is need for future medical treatment to cure or relieve from the effects of the injury.',
        `5. Applicant\u2019s attorney requests a fee of $${moneyOf(Math.round(amount * 0.15))}, to be commuted from the far end of the award.`,
        '6. Liens: to be adjusted by defendant, with WCAB to retain jurisdiction in the event of a dispute.',
        '7. Other stipulations: the parties stipulate to the reports of the panel QME for rating purposes.',
      ];
  for (const t of paras) w.para(t, { gapBefore: 1 });
  w.pageBreak();
  w.line('SIGNATURES', { bold: true, align: 'center' });
  for (const who of [
    'Applicant (Injured Employee)',
    'Witness',
    'Applicant\u2019s Attorney',
    'Defendant / Insurance Carrier Representative',
    'Defense Attorney',
  ]) {
    w.line(`Dated: ____________    ______________________________  ${who}`, { gapBefore: 1.5 });
  }
  if (cr && rng.chance(0.5)) {
    w.pageBreak();
    w.line('ADDENDUM "A" - ADDITIONAL TERMS', { bold: true, align: 'center' });
    w.para(
      'The parties agree that this settlement includes all claims for penalties, interest and costs through the date of approval. Applicant waives any claim for vocational rehabilitation and the supplemental job displacement benefit in exchange for additional consideration. The parties request approval of this agreement without a hearing.',
      { gapBefore: 1 },
    );
  }
  return finish(w, kind, 'LEGAL DOCS', title, ids(ctx));
}

/** A judge's order: F&A gets its Opinion on Decision behind it. */
export function decision(ctx: DocCtx, kind: 'findings_and_award' | 'order'): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'pleading');
  boardHeading(w, ctx);
  const caseIds = vsBlock(w, ctx);
  const title =
    kind === 'findings_and_award'
      ? rng.pick(['FINDINGS AND AWARD', 'FINDINGS, AWARD AND ORDER', 'FINDINGS OF FACT AND AWARD'])
      : rng.pick([
          'ORDER APPROVING COMPROMISE AND RELEASE',
          'ORDER TAKING MATTER OFF CALENDAR',
          'ORDER GRANTING PETITION FOR CHANGE OF PRIMARY TREATING PHYSICIAN',
          'ORDER FOR REPLACEMENT PANEL',
          'ORDER ALLOWING ATTORNEY FEE',
          'JOINT ORDER RE: CONSOLIDATION OF CASES',
        ]);
  w.line(title, { align: 'center', bold: true, gapBefore: 1 });
  if (kind === 'findings_and_award') {
    w.para(
      `The above-entitled matter having been heard and regularly submitted, the Honorable ${p.judge}, Workers\u2019 Compensation Administrative Law Judge, now decides as follows:`,
      { gapBefore: 1 },
    );
    w.line('FINDINGS OF FACT', { bold: true, align: 'center', gapBefore: 1 });
    const facts = [
      `1. ${fullName(p.applicant)}, while employed as a ${p.occupation} by ${p.employer}, sustained injury arising out of and in the course of employment to the ${N.bodyPartsText(p)}.`,
      '2. The injury caused temporary disability for the period claimed, and the employer has paid all temporary disability due.',
      `3. The injury caused permanent disability of ${rng.int(5, 60)}%, after apportionment.`,
      '4. Applicant will need further medical treatment to cure or relieve from the effects of the injury.',
      '5. Applicant\u2019s attorney has performed services of reasonable value of 15% of the permanent disability award.',
    ];
    for (const f of facts) w.para(f, { gapBefore: 0.5 });
    w.line('AWARD', { bold: true, align: 'center', gapBefore: 1 });
    w.para(
      `AWARD IS MADE in favor of ${fullName(p.applicant).toUpperCase()} against ${p.employer.toUpperCase()}${p.insurer ? `; ${p.insurer.toUpperCase()}` : ''} of permanent disability and further medical treatment in accordance with the findings above, less the attorney fee.`,
    );
  } else {
    w.para(
      rng.pick([
        'Good cause appearing, and the Compromise and Release having been reviewed and found adequate, IT IS ORDERED that the Compromise and Release filed herein is APPROVED, and that defendant pay the settlement amount, less the attorney fee and any liens as set forth therein.',
        'The parties having advised that the matter is not ready to proceed, IT IS ORDERED that the matter is taken off calendar.',
        'Good cause appearing, IT IS ORDERED that applicant\u2019s petition is granted, and applicant may select a new primary treating physician within the medical provider network.',
        'IT IS ORDERED that the Medical Unit issue a replacement panel in the specialty requested.',
      ]),
      { gapBefore: 1 },
    );
  }
  w.line(`DATE: ${dateStr(ctx)}`, { gapBefore: 2 });
  w.line(p.judge, { indent: 250 });
  w.line('WORKERS\u2019 COMPENSATION ADMINISTRATIVE LAW JUDGE', {
    indent: 250,
    size: w.style.size - 2,
  });
  w.line(
    `SERVED ON PARTIES AS SHOWN ON THE OFFICIAL ADDRESS RECORD ON ${fmtDate(ctx.date, 'mdy')} BY: ${rng.letters(2)}`,
    { size: w.style.size - 2, gapBefore: 1 },
  );
  if (kind === 'findings_and_award') {
    w.pageBreak();
    w.line('OPINION ON DECISION', { align: 'center', bold: true });
    for (let i = 0; i < rng.int(4, 10); i++)
      w.para(
        rng.pick([
          'The applicant testified credibly regarding the mechanism of injury and the onset of symptoms. Her testimony is consistent with the histories recorded by the treating physicians.',
          'The reporting of the panel QME is found to be substantial medical evidence. The QME reviewed the relevant records, took an adequate history and explained how and why he reached his conclusions.',
          'Defendant\u2019s apportionment argument is not persuasive. The QME did not explain how the pre-existing degenerative changes caused a portion of the current disability.',
          'The rating instructions were sent to the Disability Evaluation Unit, which issued a formal rating. The rating is adopted.',
          'Accordingly, the findings and award issue as set forth above.',
        ]),
        { gapBefore: 1 },
      );
    continuationHeader(w, ctx);
  }
  footer(w, rng);
  return finish(w, kind, 'LEGAL DOCS', title, caseIds);
}

export function subpoena(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'form');
  w.line('STATE OF CALIFORNIA', { align: 'center', bold: true });
  w.line('WORKERS\u2019 COMPENSATION APPEALS BOARD', { align: 'center', bold: true });
  w.line(rng.pick(['SUBPOENA DUCES TECUM', 'SUBPOENA DUCES TECUM (RECORDS ONLY)']), {
    align: 'center',
    bold: true,
    size: w.style.size + 4,
    gapBefore: 1,
  });
  w.blank();
  w.line(`Case No. ${p.adj ? w.adj(p.adj) : '______'}`, { box: true });
  w.line(`${w.applicant(fullName(p.applicant).toUpperCase())}, Applicant`, { box: true });
  w.line(
    `vs. ${w.defendant(p.employer.toUpperCase())}${p.insurer ? `; ${w.defendant(p.insurer.toUpperCase())}` : ''}, Defendant(s)`,
    { box: true },
  );
  if (p.claims[0]) w.line(`Claim No. ${w.claim(p.claims[0])}`, { box: true });
  const custodian = rng.pick([
    'Kaiser Foundation Hospitals',
    'Walgreens Pharmacy #4417',
    'Employment Development Department',
    'Human Resources, ' + p.employer,
    'Los Angeles Police Department',
  ]);
  w.para(
    `THE PEOPLE OF THE STATE OF CALIFORNIA SEND GREETINGS TO: Custodian of Records, ${custodian}.`,
    { gapBefore: 1 },
  );
  w.para(
    `YOU ARE ORDERED to produce the books, documents and records described in the attached declaration, relating to ${fullName(p.applicant)}, date of birth XX/XX/${rng.int(1960, 1998)}, on ${dateStr(ctx, addDays(ctx.date, 20))} at 10:00 AM, at the office of ${rng.pick(['Record Retrieval Services, Inc.', 'Compex Legal Services', 'Medical Legal Copy Service'])}.`,
  );
  w.para(
    'Disobedience of this subpoena may be punished as contempt by the Workers\u2019 Compensation Appeals Board. You may comply by delivering a true, legible and durable copy of the records together with the affidavit required by Evidence Code section 1561.',
  );
  w.line(`Issued ${dateStr(ctx)} at the request of ${p.defenseFirm}`, { gapBefore: 1 });
  w.pageBreak();
  w.line('DECLARATION FOR SUBPOENA DUCES TECUM', { align: 'center', bold: true });
  w.para(
    'The undersigned declares: the records described below are material to the issues in this case because applicant claims injury and the records will show prior treatment and prior complaints. Records requested: any and all medical records, reports, x-rays, billing, correspondence and employment records from five years prior to the date of injury to the present.',
    { gapBefore: 1 },
  );
  w.line(`Executed ${dateStr(ctx)}.   ______________________`, { gapBefore: 2 });
  return finish(w, 'subpoena', 'DISCOVERY', 'Subpoena Duces Tecum', ids(ctx));
}

export function depositionNotice(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'pleading');
  attorneyBlock(w, ctx, 'defendants');
  const who = rng.pick(['APPLICANT', 'APPLICANT', 'TREATING PHYSICIAN']);
  const title = `NOTICE OF TAKING DEPOSITION OF ${who}`;
  const caseIds = caption(w, ctx, title);
  const when = addDays(ctx.date, rng.int(14, 40));
  w.para(
    `TO APPLICANT ${fullName(p.applicant).toUpperCase()} AND TO ${rng.pick(['HIS/HER', 'ALL'])} ATTORNEYS OF RECORD:`,
  );
  w.para(
    `PLEASE TAKE NOTICE that defendants will take the deposition of ${who === 'APPLICANT' ? 'applicant' : p.ptp.name} on ${fmtDate(when, 'long')} at ${rng.pick(['10:00 a.m.', '1:30 p.m.', '9:30 a.m.'])} at the offices of ${p.defenseFirm}, ${address(rng).join(', ')}, before a certified shorthand reporter.`,
    { gapBefore: 1 },
  );
  w.para(
    'A Spanish language interpreter has been requested. Applicant is entitled to reimbursement of reasonable expenses and lost wages under Labor Code section 5710. Applicant\u2019s attorney fee for the deposition will be paid pursuant to Labor Code section 5710.',
    { gapBefore: 1 },
  );
  signature(w, ctx, p.defenseFirm, ['Attorneys for Defendants']);
  attachedPos(w, ctx, 'Notice of Taking Deposition');
  footer(w, rng);
  return finish(w, 'deposition_notice', 'DISCOVERY', title, caseIds);
}

/** WCAB Form 6 lien, with its itemized statement. */
export function lien(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'form');
  boardFormHeader(w, ctx, 'NOTICE AND REQUEST FOR ALLOWANCE OF LIEN', 'WCAB Form 6');
  const claimant = rng.pick(D.CLINICS);
  w.para(
    `The undersigned hereby requests the Workers\u2019 Compensation Appeals Board to determine and allow as a lien the sum of $${moneyOf(rng.int(120000, 2500000))} against any amount now due or which may hereafter become payable as compensation to the above-named injured worker on account of the injury.`,
    { gapBefore: 1 },
  );
  w.line(`Lien claimant: ${claimant}`, { box: true, gapBefore: 1 });
  w.line(`Address: ${address(rng).join(', ')}`, { box: true });
  w.line(
    `Lien type: ${cb(true)} Medical treatment (LC 4903(b))  ${cb(false)} Medical-legal  ${cb(false)} Interpreter`,
    { box: true },
  );
  w.line(`Activation fee paid: ${cb(true)} Yes  Receipt No. ${rng.letters(3)}${rng.digits(8)}`, {
    box: true,
  });
  w.para(
    'The lien claimant declares that the services were reasonably required to cure or relieve the effects of the industrial injury and that the charges are reasonable.',
    { gapBefore: 1 },
  );
  w.line(`Dated: ${dateStr(ctx)}     ______________________ Lien claimant representative`, {
    gapBefore: 1,
  });
  w.pageBreak();
  w.line('ITEMIZED STATEMENT OF SERVICES', { align: 'center', bold: true });
  w.line(`Patient: ${fullName(p.applicant)}`);
  for (let i = 0; i < rng.int(6, 20); i++) {
    w.line(
      `${fmtDate(addDays(ctx.date, -rng.int(30, 400)), 'mdy')}   ${rng.pick(['97110', '97140', '99213', '98941', '97014'])}   $${moneyOf(rng.int(4000, 25000))}`,
      { indent: 24 },
    );
  }
  attachedPos(w, ctx, 'Notice and Request for Allowance of Lien');
  return finish(w, 'lien', 'LIENS', 'Notice and Request for Allowance of Lien', ids(ctx));
}

/** A proof of service filed on its own, with its own caption. */
export function standalonePos(ctx: DocCtx): BuiltDoc {
  const { rng } = ctx;
  const w = makeWriter(rng, 'pleading');
  const caseIds = caption(w, ctx, 'PROOF OF SERVICE');
  w.para(
    `I am employed in the County of ${rng.pick(['Los Angeles', 'Orange', 'Fresno', 'Riverside'])}, State of California. I am over the age of 18 and not a party to the within action. On ${dateStr(ctx)}, I served the following documents:`,
  );
  for (const d of rng
    .shuffle([
      'Medical report of the primary treating physician',
      'Panel QME report',
      'Request for Authorization',
      'Declaration of Readiness to Proceed',
      'Subpoenaed records',
    ])
    .slice(0, rng.int(1, 3)))
    w.line(`- ${d}`, { indent: 24 });
  w.para(
    `by ${rng.pick(['placing true copies in sealed envelopes addressed as stated below with first-class postage fully prepaid', 'electronic service to the addresses on the official address record'])}:`,
    { gapBefore: 1 },
  );
  for (const e of serviceList(ctx)) {
    for (const l of e) w.line(l, { indent: 36 });
    w.blank();
  }
  w.para(
    'I declare under penalty of perjury under the laws of the State of California that the above is true and correct.',
  );
  w.line('______________________________', { indent: 250, gapBefore: 2 });
  footer(w, rng);
  return finish(w, 'proof_of_service', 'LEGAL DOCS', 'Proof of Service', caseIds);
}
