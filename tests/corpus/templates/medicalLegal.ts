/**
 * Medical-legal reports: Panel QME and AME evaluations, many pages long, with the parties, history,
 * records review, examination, diagnoses, causation, disability, apportionment, future medical
 * care and the Labor Code disclosures under penalty of perjury.
 */
import { type DocCtx, applicantAs, makeBuilder } from '../context';
import { type Page } from '../doc';
import { caseNumbers } from '../blocks';
import { addDays, formatDate, fullName } from '../fakes';
import { RECORD_DOCS, TREATMENT_REQUESTS } from '../data/medical';
import { caseOf, diagnoses, doctorHead, exam, history, phrases, sign } from './medicalParts';

function medLegal(ctx: DocCtx, kind: 'qme' | 'ame'): Page[] {
  const { rng, rec, ds } = ctx;
  const f = caseOf(ctx);
  const doc = kind === 'qme' ? f.qme : f.ame;
  const header = [
    `${f.applicant.last.toUpperCase()}, ${f.applicant.first.toUpperCase()}`,
    `DOE: ${formatDate(ctx.date, 'us')}`,
  ];
  const b = makeBuilder(ctx, {
    family: rng.pick(['serif', 'sans']),
    header: rng.chance(0.7) ? header : undefined,
  });
  doctorHead(ctx, b, doc);
  const titles =
    kind === 'qme'
      ? [
          'PANEL QUALIFIED MEDICAL EVALUATION',
          "QUALIFIED MEDICAL EVALUATOR'S COMPREHENSIVE MEDICAL-LEGAL REPORT",
          'INITIAL COMPREHENSIVE MEDICAL-LEGAL EVALUATION (PQME)',
          'SUPPLEMENTAL REPORT OF PANEL QME',
        ]
      : [
          'AGREED MEDICAL EVALUATION',
          "AGREED MEDICAL EXAMINER'S COMPREHENSIVE MEDICAL-LEGAL REPORT",
          'AME RE-EVALUATION REPORT',
        ];
  const dateFirst = rng.chance(0.5);
  if (dateFirst) b.line(formatDate(ctx.date, 'long'), { align: 'right' });
  b.line(f.applicantFirm);
  b.line(f.defenseFirm);
  b.line(`${f.carrier.name}, Attn: ${fullName(f.adjuster)}`);
  b.blank();
  const app = rec.applicant(applicantAs(f, rng, rng.chance(0.5)));
  b.cols('RE:', `Examinee: ${app}`);
  b.cols('', `Employer: ${rec.defendant(f.employer)}`);
  if (f.claimNumber) b.cols('', `Claim No.: ${rec.claimNo(f.claimNumber)}`);
  const nums = caseNumbers(ctx);
  if (nums) b.cols('', `WCAB No.: ${nums}`);
  b.cols('', `DOI: ${rec.injury(f, ds)}`);
  if (kind === 'qme') b.cols('', `Panel No.: ${rng.int(7000000, 7999999)}`);
  b.cols('', `Specialty: ${doc.specialty}`);
  b.blank();
  b.title(rng.pick(titles));
  b.para(
    kind === 'qme'
      ? `Dear Parties: I evaluated the above-named applicant on ${formatDate(ctx.date, ds)} in my capacity as a Panel Qualified Medical Evaluator in ${doc.specialty}. This report is submitted pursuant to Labor Code sections 4062.3 and 4067 and Title 8, California Code of Regulations, section 10682.`
      : `Dear Counsel: Thank you for selecting me as the Agreed Medical Examiner in ${doc.specialty} in the above matter. The examination took place on ${formatDate(ctx.date, ds)}. The applicant was accompanied by an interpreter.`,
  );
  history(ctx, b, f);
  b.heading('PRIOR MEDICAL HISTORY');
  b.para(phrases(ctx, 4));
  b.heading('REVIEW OF MEDICAL RECORDS');
  let d = f.injury.start;
  const targetBeforeExam = Math.max(1, ctx.targetPages - 3);
  while (b.pageCount < targetBeforeExam) {
    d = addDays(d, rng.int(7, 60));
    const who = rng.pick([
      `Dr. ${f.ptp.name}`,
      f.ptp.clinic,
      'physical therapist',
      'radiologist',
      f.carrier.name,
    ]);
    b.para(
      `${formatDate(d, rng.pick(['us', 'us-short']))} - ${rng.pick(RECORD_DOCS)}, ${who}. ${phrases(ctx, 2)}`,
    );
  }
  exam(ctx, b, f);
  diagnoses(ctx, b, f);
  b.heading('CAUSATION');
  b.para(
    `Based on the history, the records reviewed and the examination, it is my opinion within reasonable medical probability that the applicant sustained an injury arising out of and occurring in the course of employment (AOE/COE) to the ${f.bodyParts.map((p) => p.name).join(', ')}.`,
  );
  b.heading('PERMANENT AND STATIONARY STATUS / DISABILITY');
  for (const p of f.bodyParts)
    b.line(`${p.name}: WPI ${rng.int(2, 22)}% per AMA Guides, 5th Edition`, { indent: 2 });
  b.heading('APPORTIONMENT');
  b.para(
    `Pursuant to Labor Code sections 4663 and 4664, ${rng.int(60, 100)}% of the permanent disability is caused by the industrial injury and the remainder by pre-existing degenerative disease.`,
  );
  b.heading('FUTURE MEDICAL CARE');
  b.para(rng.sample(TREATMENT_REQUESTS, 2).join('; ') + '.');
  b.heading('DISCLOSURES');
  b.para(
    'I have not violated Labor Code section 139.3, and the contents of the report are true and correct to the best of my knowledge. This statement is made under penalty of perjury.',
  );
  b.para(
    `The history was taken by me personally. Face-to-face time with the applicant was ${rng.int(30, 95)} minutes. Record review took ${rng.int(2, 14)} hours. Billing is under code ${kind === 'qme' ? 'ML201' : 'ML104'}.`,
  );
  b.para(
    `Executed at ${doc.address.city}, California, on ${formatDate(ctx.date, ds)}, County of ${doc.address.city}.`,
  );
  sign(ctx, b, doc, false);
  if (rng.chance(0.5))
    b.line(kind === 'qme' ? 'Qualified Medical Evaluator' : 'Agreed Medical Examiner');
  return b.finish();
}

export const qmeReport = (ctx: DocCtx): Page[] => medLegal(ctx, 'qme');
export const ameReport = (ctx: DocCtx): Page[] => medLegal(ctx, 'ame');
