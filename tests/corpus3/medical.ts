/**
 * Medical paper: treating reports and consults, imaging and therapy notes, PR-2 and PR-4 forms,
 * QME and AME evaluations, RFAs, UR and IMR determinations, and bills.
 */
import * as D from './data';
import {
  addDays,
  fmtDate,
  fullName,
  injuryText,
  lastFirst,
  doiLabel,
  moneyOf,
  parseIso,
} from './formats';
import * as N from './narrative';
import {
  attachedPos,
  continuationHeader,
  dateStr,
  finish,
  footer,
  letterhead,
  makeWriter,
  partyLines,
  reBlock,
  signature,
  stamp,
  address,
  authorRng,
  phone,
  type BuiltDoc,
  type DocCtx,
} from './parts';
import type { DocWriter } from './layout';

/** What each heading's paragraphs talk about. */
function kindOf(head: string): N.SentenceKind {
  if (/^S:/.test(head)) return 'complaints';
  if (/^O:/.test(head)) return 'exam';
  if (/^P:/.test(head)) return 'plan';
  if (/TO DATE/.test(head)) return 'history';
  if (/PAST|SOCIAL|DAILY|JOB|FAMILY/.test(head)) return 'background';
  if (/EXAM|FINDING/i.test(head)) return 'exam';
  if (/COMPLAINT|SUBJECTIVE/i.test(head)) return 'complaints';
  if (/PLAN|RECOMMEND|TREATMENT/i.test(head)) return 'plan';
  return 'history';
}

/** Headed sections of prose, each drawn from its own pool without repeating a sentence. */
function sections(w: DocWriter, ctx: DocCtx, heads: string[], paragraphs: number): void {
  const { rng, p } = ctx;
  for (const h of heads) {
    w.line(h, { bold: true, gapBefore: 1 });
    const all = N.sentenceList(rng, p, kindOf(h));
    const per = Math.max(1, Math.ceil(all.length / paragraphs));
    for (let k = 0; k < all.length; k += per) w.para(all.slice(k, k + per).join(' '));
  }
}

/** Treating, consulting, imaging, therapy, operative and psych reports. */
export function medicalReport(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const ar = authorRng(ctx);
  const w = makeWriter(ar, 'report');
  const variant = ar.pick(['consult', 'imaging', 'therapy', 'operative', 'psych', 'emg'] as const);
  const doc =
    variant === 'psych' ? ar.pick(D.DOCTORS.filter((d) => d.spec === 'Psychology')) : p.ptp;
  const clinic = variant === 'imaging' ? 'Premier Imaging Center of Glendale' : ar.pick(D.CLINICS);
  letterhead(w, ar, clinic, variant === 'imaging' ? 'Diagnostic Radiology' : doc.spec);
  if (rng.chance(0.3)) stamp(w, ctx, 'RECEIVED');
  const titles = {
    consult: [
      'ORTHOPAEDIC CONSULTATION',
      'INITIAL COMPREHENSIVE EVALUATION',
      'FOLLOW-UP EVALUATION',
      'NEW PATIENT CONSULTATION REPORT',
    ],
    imaging: ['MRI REPORT', 'MAGNETIC RESONANCE IMAGING', 'RADIOLOGY REPORT', 'X-RAY REPORT'],
    therapy: [
      'PHYSICAL THERAPY PROGRESS NOTE',
      'PHYSICAL THERAPY RE-EVALUATION',
      'CHIROPRACTIC TREATMENT NOTE',
    ],
    operative: ['OPERATIVE REPORT'],
    psych: ['INITIAL PSYCHOLOGICAL EVALUATION', 'PSYCHOLOGICAL TREATMENT PROGRESS REPORT'],
    emg: ['ELECTRODIAGNOSTIC CONSULTATION (EMG/NCV)', 'NERVE CONDUCTION STUDY REPORT'],
  }[variant];
  const title = rng.pick(titles);
  w.line(title, { align: 'center', bold: true, size: w.style.size + 2 });
  w.line(`Date of ${variant === 'operative' ? 'Surgery' : 'Service'}: ${dateStr(ctx)}`, {
    align: 'center',
  });
  w.blank();
  const nm = w.applicant(rng.chance(0.5) ? lastFirst(p.applicant) : fullName(p.applicant));
  w.line(`${rng.pick(['Patient:', 'PATIENT:', 'Patient Name:', 'Name:'])} ${nm}`, {
    right: `DOB: ${fmtDate({ y: rng.int(1958, 1999), m: rng.int(1, 12), d: rng.int(1, 28) }, 'mdy')}`,
  });
  const doiStr = injuryText(rng, p.doi, ctx.ds);
  w.line(`${doiLabel(rng)} ${w.doi(p.doi, doiStr)}`, {
    right: rng.chance(0.7) && p.claims[0] ? `Claim #: ${w.claim(p.claims[0])}` : '',
  });
  if (rng.chance(0.6)) w.line(`Employer: ${w.defendant(p.employer)}`);
  if (rng.chance(0.4) && (p.administrator ?? p.insurer))
    w.line(`Insurance: ${w.defendant(p.administrator ?? p.insurer ?? '')}`);
  w.line(
    `${rng.pick(['Referring physician:', 'Requesting provider:', 'Physician:'])} ${p.ptp.name}`,
  );
  w.line('', { rule: true });
  if (variant === 'imaging') {
    const part = rng.pick(['LUMBAR SPINE', 'RIGHT SHOULDER', 'CERVICAL SPINE', 'RIGHT KNEE']);
    w.line(`EXAMINATION: MRI ${part} WITHOUT CONTRAST`, { bold: true, gapBefore: 1 });
    w.para(`CLINICAL HISTORY: Work related injury. Pain. ${N.sentences(rng, p, 'complaints', 1)}`);
    w.para(
      'TECHNIQUE: Multiplanar multisequence imaging was performed on a 1.5 Tesla magnet without intravenous contrast.',
    );
    w.line('FINDINGS:', { bold: true, gapBefore: 1 });
    w.para(
      'Alignment is maintained. Vertebral body heights are preserved. There is mild desiccation of the L4-L5 and L5-S1 discs. At L4-L5 there is a 3 to 4 mm broad-based posterior disc protrusion with mild bilateral neural foraminal narrowing. At L5-S1 there is a 2 mm disc bulge without canal stenosis. The conus terminates normally.',
    );
    w.line('IMPRESSION:', { bold: true, gapBefore: 1 });
    w.para(
      '1. L4-L5 disc protrusion with mild bilateral foraminal narrowing. 2. Mild degenerative disc disease at L5-S1. 3. No fracture or acute osseous abnormality.',
    );
    signature(
      w,
      ctx,
      rng.pick(['Kenneth Aoki, M.D.', 'Farah Siddiqui, M.D.', 'Gerald Yee, M.D.']),
      ['Diplomate, American Board of Radiology'],
      { dated: false },
    );
  } else {
    sections(
      w,
      ctx,
      rng.pick([
        [
          'HISTORY OF PRESENT ILLNESS',
          'SUBJECTIVE COMPLAINTS',
          'PHYSICAL EXAMINATION',
          'TREATMENT PLAN',
        ],
        ['HISTORY', 'CURRENT COMPLAINTS', 'OBJECTIVE FINDINGS', 'RECOMMENDATIONS'],
        ['S:', 'O:', 'P:'],
      ]),
      rng.int(1, 3),
    );
    w.line('DIAGNOSES:', { bold: true, gapBefore: 1 });
    for (const d of N.diagnoses(rng)) w.line(d, { indent: 18 });
    w.para(N.workStatus(rng), { gapBefore: 1 });
    if (rng.chance(0.5)) w.para(N.DISCLOSURE, { gapBefore: 1 });
    signature(w, ctx, doc.name, [doc.spec]);
  }
  continuationHeader(w, ctx);
  footer(w, rng);
  return finish(w, 'medical_report', 'MEDICAL REPORTS', title);
}

function checkbox(on: boolean): string {
  return on ? '[X]' : '[ ]';
}

/** PR-2, on the DWC form or in a clinic's own narrative format. */
export function pr2(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, rng.chance(0.5) ? 'form' : 'report');
  const formStyle = rng.chance(0.6);
  if (formStyle) {
    w.line('State of California', { bold: true });
    w.line('Division of Workers\u2019 Compensation', { bold: true });
    w.line('PRIMARY TREATING PHYSICIAN\u2019S PROGRESS REPORT (PR-2)', {
      bold: true,
      align: 'center',
      size: w.style.size + 2,
      gapBefore: 1,
    });
    w.blank();
    w.line('Check the box(es) which indicate why you are submitting a report at this time.');
    w.line(
      `${checkbox(true)} Periodic Report (required 45 days after last report)   ${checkbox(rng.chance(0.3))} Change in treatment plan`,
    );
    w.line(
      `${checkbox(rng.chance(0.3))} Change in work status   ${checkbox(false)} Need for referral or consultation   ${checkbox(rng.chance(0.2))} Info. requested by`,
    );
    w.line(
      `${checkbox(false)} Released from care   ${checkbox(rng.chance(0.2))} Need for surgery or hospitalization   ${checkbox(false)} Other:`,
    );
    w.blank();
    w.line('Patient:', { bold: true });
    const a = p.applicant;
    w.line(
      `Last ${w.applicant(a.last + (a.suffix ? ` ${a.suffix}` : '') + ', ' + a.first)}   MI ${a.middle ?? ''}   Sex ${rng.pick(['M', 'F'])}`,
      { box: true },
    );
    w.line(
      `Date of Injury ${w.doi(p.doi, injuryText(rng, p.doi, 'mdy'))}   Occupation ${p.occupation}`,
      { box: true },
    );
    w.line(`Claims Administrator: ${w.defendant(p.administrator ?? p.insurer ?? p.employer)}`, {
      box: true,
    });
    w.line(`Claim Number: ${w.claim(p.claims[0] ?? '')}`, { box: true });
    w.line(`Employer: ${w.defendant(p.employer)}`, { box: true });
    // The form names the administrator before the employer; the truth keeps the employer first.
    w.fields.defendants.sort((x, y) => (x === p.employer ? -1 : y === p.employer ? 1 : 0));
    w.fields.defendant = w.fields.defendants[0] ?? null;
    w.blank();
  } else {
    letterhead(w, rng, p.clinic, p.ptp.spec);
    w.line('PRIMARY TREATING PHYSICIAN\u2019S PROGRESS REPORT', { align: 'center', bold: true });
    w.line(rng.pick(['(PR-2)', 'PR-2 / REQUEST FOR AUTHORIZATION', 'DWC PR-2']), {
      align: 'center',
      bold: true,
    });
    w.line(`Date of exam: ${dateStr(ctx)}`);
    reBlock(w, ctx, { parties: rng.chance(0.6) });
  }
  w.line('Subjective complaints:', { bold: true });
  w.para(N.sentences(rng, p, 'complaints', rng.int(2, 4)));
  w.line('Objective findings:', { bold: true, gapBefore: 1 });
  w.para(N.sentences(rng, p, 'exam', rng.int(2, 4)));
  w.line('Diagnoses:', { bold: true, gapBefore: 1 });
  for (const d of N.diagnoses(rng)) w.line(d, { indent: 18 });
  w.line('Treatment Plan:', { bold: true, gapBefore: 1 });
  w.para(N.sentences(rng, p, 'plan', rng.int(2, 5)));
  w.line('Work Status:', { bold: true, gapBefore: 1 });
  w.para(N.workStatus(rng));
  w.para(
    `I declare under penalty of perjury that this report is true and correct to the best of my knowledge and that I have not violated Labor Code section 139.3. Executed at ${rng.pick(['Glendale', 'Van Nuys', 'Santa Ana'])}, California on ${dateStr(ctx)}.`,
    { gapBefore: 1 },
  );
  signature(w, ctx, p.ptp.name, [p.ptp.spec, `Cal. Lic. ${rng.letters(1)}${rng.digits(5)}`], {
    dated: false,
  });
  continuationHeader(w, ctx);
  footer(w, rng);
  return finish(w, 'pr2', 'MEDICAL REPORTS', 'PR-2 Progress Report');
}

/** PR-4 permanent and stationary report. */
export function pr4(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'report');
  letterhead(w, rng, p.clinic, p.ptp.name);
  const title = rng.pick([
    'PRIMARY TREATING PHYSICIAN\u2019S PERMANENT AND STATIONARY REPORT (PR-4)',
    'PERMANENT AND STATIONARY REPORT - DWC FORM PR-4',
    'PR-4: TREATING PHYSICIAN\u2019S PERMANENT & STATIONARY EVALUATION',
  ]);
  w.line(title, { align: 'center', bold: true });
  w.blank();
  w.line(`Date: ${dateStr(ctx)}`);
  reBlock(w, ctx, { parties: true });
  sections(
    w,
    ctx,
    [
      'HISTORY',
      'TREATMENT TO DATE',
      'PRESENT COMPLAINTS',
      'PAST MEDICAL HISTORY',
      'PHYSICAL EXAMINATION',
    ],
    rng.int(1, 3),
  );
  w.line('DIAGNOSES', { bold: true, gapBefore: 1 });
  for (const d of N.diagnoses(rng)) w.line(d, { indent: 18 });
  w.line('PERMANENT AND STATIONARY STATUS', { bold: true, gapBefore: 1 });
  w.para(
    `The patient has reached maximal medical improvement and is declared permanent and stationary as of ${dateStr(ctx)}.`,
  );
  w.line('IMPAIRMENT RATING (AMA Guides, 5th Edition)', { bold: true, gapBefore: 1 });
  for (const part of p.bodyParts)
    w.line(
      `${part}: ${rng.int(2, 14)}% whole person impairment (Table ${rng.int(15, 17)}-${rng.int(3, 9)})`,
      { indent: 18 },
    );
  w.line('APPORTIONMENT', { bold: true, gapBefore: 1 });
  w.para(
    `Pursuant to Labor Code sections 4663 and 4664, ${rng.int(70, 100)}% of the permanent disability is caused by the industrial injury and the remainder by pre-existing degenerative changes.`,
  );
  w.line('FUTURE MEDICAL CARE', { bold: true, gapBefore: 1 });
  w.para(
    'Future medical care should include access to a physician, anti-inflammatory medication, a course of physical therapy for flare-ups, and consideration of injections.',
  );
  w.para(N.ATTESTATION, { gapBefore: 1 });
  signature(w, ctx, p.ptp.name, [p.ptp.spec]);
  continuationHeader(w, ctx);
  footer(w, rng);
  return finish(w, 'pr4', 'MEDICAL REPORTS', 'PR-4 Permanent and Stationary Report');
}

/** Panel QME or AME comprehensive medical-legal evaluation (the longest paper in a file). */
export function medLegal(ctx: DocCtx, kind: 'qme_report' | 'ame_report'): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'report');
  const doc = rng.pick(D.DOCTORS);
  letterhead(w, rng, doc.name, `${doc.spec} - Medical-Legal Evaluations`);
  if (rng.chance(0.4)) stamp(w, ctx, 'RECEIVED');
  w.line(dateStr(ctx));
  w.blank();
  const to =
    kind === 'ame_report'
      ? [p.applicantFirm, p.defenseFirm]
      : [p.administrator ?? p.insurer ?? p.defenseFirm, p.applicantFirm];
  for (const t of to) w.line(t);
  w.blank();
  // Either the subject block names the parties, or a separate party block follows it.
  const inRe = rng.chance(0.5);
  reBlock(w, ctx, { parties: inRe });
  if (!inRe) partyLines(w, ctx, { upper: rng.chance(0.5) });
  const title =
    kind === 'qme_report'
      ? rng.pick([
          'PANEL QUALIFIED MEDICAL EVALUATOR\u2019S COMPREHENSIVE MEDICAL-LEGAL EVALUATION',
          'INITIAL PANEL QME REPORT (ML-104)',
          'SUPPLEMENTAL REPORT OF PANEL QUALIFIED MEDICAL EVALUATOR',
          'QUALIFIED MEDICAL EVALUATION - RE-EVALUATION (ML-103)',
        ])
      : rng.pick([
          'AGREED MEDICAL EVALUATION',
          'AGREED MEDICAL EXAMINER\u2019S COMPREHENSIVE REPORT',
          'SUPPLEMENTAL AGREED MEDICAL EVALUATOR REPORT',
        ]);
  w.line(title, { align: 'center', bold: true, gapBefore: 1 });
  w.blank();
  w.para(
    kind === 'qme_report'
      ? `Dear Counsel and Claims Examiner: The above-named examinee was seen in my office on ${dateStr(ctx, addDays(ctx.date, -rng.int(10, 40)))} for a comprehensive medical-legal evaluation as the Panel Qualified Medical Evaluator in ${doc.spec.toLowerCase()}, panel number ${rng.digits(7)}.`
      : `Dear Counsel: Thank you for selecting me as the Agreed Medical Evaluator in ${doc.spec.toLowerCase()} in this matter. The examinee was evaluated on ${dateStr(ctx, addDays(ctx.date, -rng.int(10, 40)))}.`,
  );
  w.para(
    `The examinee claims injury to the ${N.bodyPartsText(p)} while employed as a ${p.occupation}.`,
  );
  sections(
    w,
    ctx,
    [
      'JOB DESCRIPTION',
      'HISTORY OF INJURY',
      'TREATMENT TO DATE',
      'CURRENT COMPLAINTS',
      'ACTIVITIES OF DAILY LIVING',
      'PAST MEDICAL HISTORY',
      'SOCIAL HISTORY',
      'PHYSICAL EXAMINATION',
      'TREATMENT RECOMMENDATIONS',
    ].filter(() => rng.chance(0.85)),
    rng.int(1, 3),
  );
  w.line('REVIEW OF RECORDS', { bold: true, gapBefore: 1 });
  const start = parseIso(p.doi.start);
  for (const r of N.recordsReview(
    rng,
    (i) => fmtDate(addDays(start, 20 + i * rng.int(15, 60)), 'mdy'),
    rng.int(8, 30),
  ))
    w.para(r, { indent: 12 });
  w.line('DIAGNOSES', { bold: true, gapBefore: 1 });
  for (const d of N.diagnoses(rng)) w.line(d, { indent: 18 });
  w.line('CAUSATION', { bold: true, gapBefore: 1 });
  w.para(
    'Based on the history, the mechanism of injury, the examination and the records reviewed, it is my opinion within reasonable medical probability that the employment contributed to the diagnosed conditions.',
  );
  w.line('DISABILITY STATUS AND IMPAIRMENT', { bold: true, gapBefore: 1 });
  for (const part of p.bodyParts) w.line(`${part}: ${rng.int(0, 15)}% WPI`, { indent: 18 });
  w.line('APPORTIONMENT', { bold: true, gapBefore: 1 });
  w.para(
    `I apportion ${rng.int(60, 100)}% to the industrial injury and the remainder to non-industrial factors, consistent with Escobedo.`,
  );
  w.para(N.DISCLOSURE, { gapBefore: 1 });
  w.para(N.ATTESTATION, { gapBefore: 1 });
  w.line(
    `Signed this ${ctx.date.d} day of ${fmtDate(ctx.date, 'long').split(' ')[0]}, ${ctx.date.y}, in ${rng.pick(['Los Angeles', 'Orange', 'Fresno'])} County, California.`,
    { gapBefore: 1 },
  );
  signature(
    w,
    ctx,
    doc.name,
    [kind === 'qme_report' ? 'Qualified Medical Evaluator' : 'Agreed Medical Evaluator', doc.spec],
    { dated: false },
  );
  if (rng.chance(0.5)) attachedPos(w, ctx, 'medical-legal report');
  continuationHeader(w, ctx);
  footer(w, rng);
  return finish(w, kind, 'MEDICAL REPORTS', title);
}

/** DWC Form RFA. */
export function rfa(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'form');
  w.line('State of California, Division of Workers\u2019 Compensation', { align: 'center' });
  w.line('REQUEST FOR AUTHORIZATION', { align: 'center', bold: true, size: w.style.size + 4 });
  w.line('DWC Form RFA', { align: 'center', bold: true });
  w.para(
    'Attach the Doctor\u2019s First Report of Occupational Injury or Illness, Form DLSR 5021, a Treating Physician\u2019s Progress Report, DWC Form PR-2, or equivalent narrative report substantiating the requested treatment.',
    { size: w.style.size - 1 },
  );
  w.line(
    `${checkbox(true)} New Request   ${checkbox(false)} Resubmission - Change in Material Facts   ${checkbox(rng.chance(0.2))} Expedited Review`,
    { gapBefore: 1 },
  );
  w.line('Employee Information', { bold: true, gapBefore: 1 });
  w.line(`Name (Last, First, Middle): ${w.applicant(lastFirst(p.applicant))}`, { box: true });
  w.line(`Date of Injury (MM/DD/YYYY): ${w.doi(p.doi, injuryText(rng, p.doi, 'mdy'))}`, {
    box: true,
  });
  w.line(`Employer: ${w.defendant(p.employer)}`, { box: true });
  w.line(`Claim Number: ${w.claim(p.claims[0] ?? '')}`, { box: true });
  w.line('Provider Information', { bold: true, gapBefore: 1 });
  w.line(`Provider Name: ${p.ptp.name}    Practice Name: ${p.clinic}`, { box: true });
  w.line(`Address: ${address(rng).join(', ')}   Phone: ${phone(rng)}`, { box: true });
  w.line(`Specialty: ${p.ptp.spec}   NPI Number: ${rng.digits(10)}`, { box: true });
  w.line('Claims Administrator Information', { bold: true, gapBefore: 1 });
  w.line(
    `Company Name: ${w.defendant(p.administrator ?? p.insurer ?? p.employer)}   Contact: ${p.adjuster}`,
    { box: true },
  );
  w.line(`Fax Number: ${phone(rng)}`, { box: true });
  w.line(
    'Requested Treatment (see instructions for guidance; attach additional pages if necessary)',
    { bold: true, gapBefore: 1 },
  );
  w.line(
    'Diagnosis (Required)   ICD-Code (Required)   Service/Good Requested   CPT/HCPCS   Frequency/Duration',
    { size: w.style.size - 1 },
  );
  const reqs = [
    ['Lumbar disc displacement', 'M51.26', 'Physical therapy', '97110', '2x6'],
    ['Shoulder impingement', 'M75.41', 'MRI right shoulder', '73221', '1'],
    ['Lumbar radiculopathy', 'M54.16', 'Epidural steroid injection L4-5', '62323', '1'],
    ['Carpal tunnel syndrome', 'G56.03', 'EMG/NCV bilateral upper ext.', '95886', '1'],
    ['Chronic pain', 'G89.29', 'Naproxen 550 mg #60', 'J3490', '30 days'],
  ];
  for (const r of rng.shuffle(reqs).slice(0, rng.int(1, 3))) w.line(r.join('   '), { box: true });
  w.line(`Requesting Physician Signature: /s/ ${p.ptp.name}    Date: ${dateStr(ctx, ctx.date)}`, {
    gapBefore: 1,
  });
  w.line('Claims Administrator/Utilization Review Organization (URO) Response', {
    bold: true,
    gapBefore: 1,
  });
  w.line(
    `${checkbox(false)} Approved  ${checkbox(false)} Denied or Modified (See separate decision letter)  ${checkbox(false)} Liability for treatment is disputed`,
  );
  w.line('Authorization Number: ________   Authorized Agent Name: ______________   Date: ________');
  footer(w, rng);
  return finish(w, 'request_for_authorization', 'MEDICAL REPORTS', 'DWC Form RFA');
}

/** Utilization review determination letter, with the IMR application behind it. */
export function urDecision(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'letter');
  const uro = rng.pick([
    'Medex Utilization Review Services',
    'CorVel Utilization Review Unit',
    'Enlyte UR Services',
    'Genex Services, LLC',
  ]);
  letterhead(w, rng, uro);
  w.line(dateStr(ctx));
  w.blank();
  w.line(fullName(p.applicant));
  for (const l of address(rng)) w.line(l);
  w.blank();
  const title = rng.pick([
    'NOTICE OF UTILIZATION REVIEW DETERMINATION',
    'UTILIZATION REVIEW DECISION - NON-CERTIFICATION',
    'UR DETERMINATION: MODIFIED',
  ]);
  w.line(title, { bold: true, align: 'center' });
  w.blank();
  w.line(`Injured Worker: ${w.applicant(fullName(p.applicant))}`);
  w.line(`Claim Number: ${w.claim(p.claims[0] ?? '')}`);
  w.line(`Date of Injury: ${w.doi(p.doi, injuryText(rng, p.doi, ctx.ds))}`);
  w.line(`Employer: ${w.defendant(p.employer)}`);
  if (p.administrator ?? p.insurer)
    w.line(`Claims Administrator: ${w.defendant(p.administrator ?? p.insurer ?? '')}`);
  w.line(`Requesting Physician: ${p.ptp.name}`);
  w.line(
    `UR Reference #: UR-${rng.digits(8)}   Date RFA received: ${dateStr(ctx, addDays(ctx.date, -rng.int(3, 5)))}`,
  );
  w.blank();
  w.para(
    'Request: Lumbar epidural steroid injection at L4-L5, quantity 1. Determination: NON-CERTIFIED.',
  );
  w.para(
    'Clinical rationale: The Medical Treatment Utilization Schedule (MTUS) Chronic Pain Medical Treatment Guidelines recommend epidural steroid injections as an option for radicular pain when radiculopathy is documented by physical examination and corroborated by imaging or electrodiagnostic testing. The documentation submitted does not establish objective radiculopathy. Therefore, the request is not medically necessary.',
  );
  w.para(
    `Reviewer: ${rng.pick(['Alan Greene, M.D.', 'Sunita Rao, M.D.', 'Thomas Vuong, D.O.'])}, Board Certified in ${rng.pick(['Physical Medicine and Rehabilitation', 'Orthopaedic Surgery', 'Anesthesiology'])}.`,
  );
  w.para(
    'You may dispute this decision by requesting an Independent Medical Review (IMR). To request IMR, complete, sign and mail the enclosed Application for Independent Medical Review, DWC Form IMR, within 30 days of service of this letter to: DWC-IMR, c/o Maximus Federal Services, Inc., P.O. Box 138009, Sacramento, CA 95813-8009.',
    { gapBefore: 1 },
  );
  w.line(`cc: ${p.ptp.name}; ${p.applicantFirm}`, { gapBefore: 1 });
  w.pageBreak();
  w.line('APPLICATION FOR INDEPENDENT MEDICAL REVIEW', { align: 'center', bold: true });
  w.line('DWC Form IMR', { align: 'center' });
  w.para(
    'Complete this form to request an Independent Medical Review of a Utilization Review decision. Attach a copy of the written UR decision. Do not send medical records with this form.',
    { gapBefore: 1 },
  );
  w.line(`Employee Name: ${fullName(p.applicant)}`, { box: true, gapBefore: 1 });
  w.line(`Claim Number: ${p.claims[0] ?? ''}    Date of Injury: ${injuryText(rng, p.doi, 'mdy')}`, {
    box: true,
  });
  w.line(`Employer: ${p.employer}`, { box: true });
  w.line(`Claims Administrator: ${p.administrator ?? p.insurer ?? ''}`, { box: true });
  w.line('Disputed treatment: Lumbar ESI L4-L5', { box: true });
  w.line('Employee signature: ______________________   Date: __________', { gapBefore: 2 });
  footer(w, rng);
  return finish(w, 'ur_decision', 'MEDICAL REPORTS', 'Utilization Review Determination');
}

/** IMR final determination letter from the IMR organization. */
export function imrDecision(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'letter');
  w.line('MAXIMUS FEDERAL SERVICES', { bold: true, size: w.style.size + 4 });
  w.line('Independent Medical Review - California DWC');
  w.line('P.O. Box 138009, Sacramento, CA 95813-8009', { rule: true });
  w.blank();
  w.line(
    rng.pick([
      'Notice of Independent Medical Review Determination',
      'INDEPENDENT MEDICAL REVIEW FINAL DETERMINATION LETTER',
    ]),
    { bold: true, align: 'center' },
  );
  w.line(dateStr(ctx), { gapBefore: 1 });
  w.blank();
  const imr = `CM${ctx.date.y % 100}-${rng.digits(7)}`;
  w.line(`IMR Case Number: ${w.caseNo(imr)}`, { box: true });
  w.line(`Employee: ${w.applicant(fullName(p.applicant))}`, { box: true });
  w.line(`Claim Number: ${w.claim(p.claims[0] ?? '')}`, { box: true });
  w.line(`Date of Injury: ${w.doi(p.doi, injuryText(rng, p.doi, 'mdy'))}`, { box: true });
  w.line(`Employer: ${w.defendant(p.employer)}`, { box: true });
  w.line(`Claims Administrator: ${w.defendant(p.administrator ?? p.insurer ?? '')}`, { box: true });
  w.line(`Date of UR Decision: ${dateStr(ctx, addDays(ctx.date, -rng.int(30, 60)))}`, {
    box: true,
  });
  w.blank();
  w.para(
    'Dear Injured Worker: Maximus Federal Services has completed the Independent Medical Review of the disputed medical treatment listed below. The IMR determination is final and binding, and the Administrative Director adopts it as her determination.',
  );
  const upheld = rng.chance(0.75);
  w.para(
    `Disputed Treatment: ${rng.pick(['Physical therapy 12 sessions', 'MRI cervical spine', 'Tramadol ER 100 mg #30', 'Lumbar ESI L4-L5'])}. Determination: ${upheld ? 'the UR decision is UPHELD. The treatment is not medically necessary and appropriate.' : 'the UR decision is OVERTURNED. The treatment is medically necessary and appropriate.'}`,
    { gapBefore: 1 },
  );
  w.line('CLINICAL CASE SUMMARY', { bold: true, gapBefore: 1 });
  w.para(
    `The injured worker is a ${rng.int(30, 64)}-year-old ${p.occupation} who sustained an industrial injury. ${N.sentences(rng, p, 'history', 2)} ${N.sentences(rng, p, 'complaints', 2)}`,
  );
  w.line('MEDICAL NECESSITY ANALYSIS', { bold: true, gapBefore: 1 });
  w.para(
    `${N.sentences(rng, p, 'exam', 1)} The MTUS guidelines were applied. ${upheld ? 'The records do not document functional improvement from prior treatment.' : 'The records document objective findings meeting the guideline criteria.'}`,
  );
  w.para(
    'This determination may be appealed only by filing a verified appeal with the Workers\u2019 Compensation Appeals Board within 30 days of the date of mailing of this letter.',
    { gapBefore: 1 },
  );
  w.line(`cc: ${p.ptp.name}; ${p.administrator ?? p.insurer ?? ''}`, { gapBefore: 1 });
  continuationHeader(w, ctx);
  footer(w, rng);
  return finish(w, 'imr_decision', 'MEDICAL REPORTS', 'IMR Final Determination');
}

/** A CMS-1500-like claim or an itemized statement with CPT lines. */
export function medicalBill(ctx: DocCtx): BuiltDoc {
  const { rng, p } = ctx;
  const w = makeWriter(rng, 'form');
  const cms = rng.chance(0.5);
  if (cms) {
    w.line('HEALTH INSURANCE CLAIM FORM', { bold: true, size: w.style.size + 3 });
    w.line('APPROVED BY NATIONAL UNIFORM CLAIM COMMITTEE (NUCC) 02/12', { size: w.style.size - 1 });
    w.line(
      `1. ${checkbox(false)} Medicare ${checkbox(false)} Medicaid ${checkbox(false)} Group Health Plan ${checkbox(true)} Other (Workers\u2019 Comp)`,
      { box: true },
    );
    w.line(`2. PATIENT\u2019S NAME (Last, First, MI): ${w.applicant(lastFirst(p.applicant))}`, {
      box: true,
    });
    w.line(`4. INSURED\u2019S NAME: ${w.defendant(p.employer.toUpperCase())}`, { box: true });
    w.line(`10b. EMPLOYMENT? (Current or Previous) ${checkbox(true)} YES ${checkbox(false)} NO`, {
      box: true,
    });
    w.line(
      `11. INSURED\u2019S POLICY GROUP OR FECA NUMBER - CLAIM NUMBER: ${w.claim(p.claims[0] ?? '')}`,
      { box: true },
    );
    w.line(
      `11c. INSURANCE PLAN NAME OR PROGRAM NAME: ${w.defendant((p.insurer ?? p.administrator ?? '').toUpperCase())}`,
      { box: true },
    );
    w.line(
      `14. DATE OF CURRENT ILLNESS, INJURY: ${w.doi({ start: p.doi.start, cumulativeTrauma: false }, fmtDate(parseIso(p.doi.start), 'mdy'))}`,
      { box: true },
    );
    w.line(
      `21. DIAGNOSIS: A. ${rng.pick(['M54.50', 'M25.511', 'G56.03'])}  B. ${rng.pick(['M54.2', 'M79.1'])}`,
      { box: true },
    );
  } else {
    letterhead(w, rng, p.clinic, 'Billing Department');
    w.line(
      rng.pick([
        'ITEMIZED STATEMENT OF SERVICES',
        'ITEMIZED BILLING',
        'STATEMENT OF CHARGES - WORKERS\u2019 COMPENSATION',
      ]),
      { bold: true, align: 'center' },
    );
    w.line(`Statement Date: ${dateStr(ctx)}`);
    reBlock(w, ctx, { parties: rng.chance(0.5) });
  }
  w.line('24. DATE(S) OF SERVICE   CPT/HCPCS   MODIFIER   DIAGNOSIS PTR   CHARGES   UNITS', {
    bold: true,
    gapBefore: 1,
  });
  const cpts: Array<[string, string, number]> = [
    ['99204', 'New patient visit, moderate', 42500],
    ['99214', 'Established patient visit', 22000],
    ['97110', 'Therapeutic exercise', 6800],
    ['97140', 'Manual therapy', 6200],
    ['97014', 'Electrical stimulation', 3500],
    ['72148', 'MRI lumbar spine w/o contrast', 185000],
    ['95886', 'Needle EMG each extremity', 52000],
    ['WC002', 'PR-2 report', 0],
  ];
  let total = 0;
  for (let i = 0; i < rng.int(3, 14); i++) {
    const [code, desc, cents] = rng.pick(cpts);
    const units = code.startsWith('97') ? rng.int(1, 3) : 1;
    total += cents * units;
    const d = fmtDate(addDays(ctx.date, -rng.int(1, 90)), 'mdy');
    w.line(
      `${d}   ${code}   ${rng.pick(['', 'GP', '25'])}   A   $${moneyOf(cents * units)}   ${units}   ${desc}`,
      { size: w.style.size - 1 },
    );
  }
  w.line(
    `TOTAL CHARGE: $${moneyOf(total)}    AMOUNT PAID: $0.00    BALANCE DUE: $${moneyOf(total)}`,
    { bold: true, gapBefore: 1 },
  );
  w.line(
    `33. BILLING PROVIDER: ${p.clinic}  NPI ${rng.digits(10)}  TAX ID ${rng.digits(2)}-${rng.digits(7)}`,
    { gapBefore: 1 },
  );
  footer(w, rng);
  return finish(w, 'medical_bill', 'LIENS', 'Medical Billing');
}
