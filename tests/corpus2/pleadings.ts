/**
 * Pleadings in the second generator's own wording: the application, the declaration of
 * readiness, petitions with a verification, answers, notices of deposition, a substitution of
 * attorney or notice of representation, and a standalone proof of service with its own caption.
 * Most end with the proof of service that belongs to them.
 */
import {
  type Ctx,
  attachedPos,
  attorneyBlock,
  caption,
  signature,
  verification,
  when,
} from './blocks';
import { BODY_PARTS } from './pools';
import { type Made, SUBSTITUTION_KEY, type Template } from './made';
import { FOOTERS, type Footer, Sheets } from './sheet';

const footerFor = (ctx: Ctx): Footer =>
  ctx.rng.pick([FOOTERS.pageOf, FOOTERS.dashed, FOOTERS.bare, FOOTERS.none]) as Footer;

interface PleadingSpec {
  typeKey: string;
  title: string[];
  forApplicant: boolean;
  paragraphs: string[];
  verify: boolean;
  pos: number;
  docType: string;
}

function pleading(ctx: Ctx, spec: PleadingSpec): Made {
  const s = new Sheets(ctx.look, footerFor(ctx));
  const lawyer = attorneyBlock(s, ctx, spec.forApplicant);
  s.header = caption(s, ctx, spec.title);
  for (const p of spec.paragraphs) {
    s.para(p);
    s.blank();
  }
  signature(
    s,
    ctx,
    lawyer,
    spec.forApplicant ? 'Attorney for Applicant' : 'Attorney for Defendants',
  );
  const title = spec.title.join(' ');
  const pages = s.finish();
  if (spec.verify) pages.push(...verification(ctx, title.toLowerCase(), lawyer));
  if (ctx.rng.chance(spec.pos)) pages.push(...attachedPos(ctx, title));
  return {
    typeKey: spec.typeKey,
    pages,
    title,
    unit: 'LEGAL',
    docType: spec.docType,
    author: lawyer,
  };
}

const filler = (ctx: Ctx, n: number): string[] => {
  const lines = [
    `Applicant sustained injury arising out of and in the course of employment to the ${ctx.rng.pick(BODY_PARTS)} and other body parts, as will be shown by the medical evidence.`,
    'Defendants have failed to provide the benefits to which applicant is entitled despite repeated written requests, and no good cause exists for the delay.',
    'The reporting of the primary treating physician is substantial medical evidence and has not been rebutted by any report of a qualified medical evaluator.',
    'Applicant requests that the Board set this matter for a hearing and grant such other relief as is just.',
    'Counsel has attempted in good faith to resolve the issues raised here before filing, by letter and by telephone, without success.',
    'The issues are ripe for decision and discovery on them is closed; no further evaluation is needed to decide them.',
  ];
  return ctx.rng.shuffle(lines).slice(0, n);
};

export const petition: Template = (ctx) => {
  const kind = ctx.rng.pick([
    ['PETITION FOR PENALTIES', 'AND SANCTIONS (LAB. CODE 5814)'],
    ['PETITION TO COMPEL', "APPLICANT'S ATTENDANCE AT QME"],
    ['PETITION FOR CHANGE', 'OF PRIMARY TREATING PHYSICIAN'],
    ['PETITION FOR AN ORDER', 'ALLOWING ATTORNEY FEES'],
  ]);
  const forApplicant = !kind[1]?.includes('ATTENDANCE');
  return pleading(ctx, {
    typeKey: 'petition',
    title: kind,
    forApplicant,
    paragraphs: filler(ctx, ctx.rng.int(4, 6)).concat(filler(ctx, ctx.rng.int(2, 6))),
    verify: ctx.rng.chance(0.6),
    pos: 0.85,
    docType: 'PETITION',
  });
};

export const answer: Template = (ctx) =>
  pleading(ctx, {
    typeKey: 'answer',
    title: ['ANSWER TO APPLICATION', 'FOR ADJUDICATION OF CLAIM'],
    forApplicant: false,
    paragraphs: [
      'Defendants deny that applicant sustained an injury arising out of and in the course of employment as alleged.',
      'Defendants deny the nature and extent of disability claimed and the need for further medical treatment.',
      'As affirmative defenses, defendants plead the statute of limitations, the post-termination defense of Labor Code section 3600(a)(10), and apportionment.',
      ...filler(ctx, 2),
    ],
    verify: false,
    pos: 0.9,
    docType: 'ANSWER',
  });

export const depositionNotice: Template = (ctx) => {
  const day = when(ctx, ctx.date);
  return pleading(ctx, {
    typeKey: 'deposition_notice',
    title: ['NOTICE OF TAKING', "APPLICANT'S DEPOSITION"],
    forApplicant: false,
    paragraphs: [
      `PLEASE TAKE NOTICE that defendants will take the deposition of applicant under oath on a date thirty days after ${day} at 10:00 a.m. at the offices of ${ctx.f.defenseFirm}.`,
      'The deposition will be recorded stenographically by a certified shorthand reporter. An interpreter will be provided if one is requested in writing at least ten days before.',
      'Applicant is requested to bring all documents relating to the claimed injury, including wage statements and medical records in applicant’s possession.',
    ],
    verify: false,
    pos: 0.9,
    docType: 'NOTICE OF DEPOSITION',
  });
};

/** A standalone proof of service: its own caption, serving a document filed separately. */
export const standalonePos: Template = (ctx) => {
  const s = new Sheets(ctx.look, FOOTERS.none);
  caption(s, ctx, ['PROOF OF SERVICE']);
  const served = ctx.rng.pick([
    'NOTICE OF REPRESENTATION',
    'MEDICAL REPORT OF DR. MBATHA',
    'SUBPOENA DUCES TECUM',
    'DECLARATION OF READINESS TO PROCEED',
  ]);
  s.para(
    `I, the undersigned, declare that I am over eighteen and not a party to this case. On ${when(ctx)} I served the ${served} on all parties on the attached official address record by first-class mail and by electronic service.`,
  );
  s.blank();
  for (const c of ctx.f.carriers) s.line(c, { indent: 4 });
  s.line(ctx.f.defenseFirm, { indent: 4 });
  signature(s, ctx, 'Lourdes Aranda', 'Declarant');
  return {
    typeKey: 'proof_of_service',
    pages: s.finish(),
    title: 'PROOF OF SERVICE',
    unit: 'LEGAL',
    docType: 'PROOF OF SERVICE',
    author: ctx.f.applicantFirm,
  };
};

export const substitution: Template = (ctx) => {
  const { rng, t } = ctx;
  const notice = rng.chance(0.5);
  const title = notice ? 'NOTICE OF REPRESENTATION' : 'SUBSTITUTION OF ATTORNEYS';
  const s = new Sheets(ctx.look, FOOTERS.none, notice ? null : 'WCAB Form 36 (Rev. 01/2019)');
  if (notice) attorneyBlock(s, ctx, true);
  s.title(title);
  s.blank();
  const form = rng.pick(['lastFirstUpper', 'lastFirst', 'upper'] as const);
  s.box('Applicant:', t.applicant(form), !notice);
  const adj = t.adj();
  if (adj) s.box('Case No.:', adj, !notice);
  s.box('Claim No.:', t.claims().join(' / '), !notice);
  s.box('Employer:', t.employer(), !notice);
  s.box('Insurer / Administrator:', t.carriers().join('; '), !notice);
  s.box('Date of Injury:', t.injury(), !notice);
  s.blank();
  s.para(
    notice
      ? `PLEASE TAKE NOTICE that ${ctx.f.applicantFirm} represents the applicant in this matter. Direct all further notices, medical reports and correspondence to this office. Do not contact the applicant directly.`
      : `The applicant hereby substitutes ${ctx.f.applicantFirm} as attorney of record in place of the prior attorney. I consent to this substitution.`,
  );
  signature(
    s,
    ctx,
    notice ? rng.pick(['Ana Lucia Brenes', 'Patrick Ng']) : t.applicant('plain'),
    notice ? 'Attorney for Applicant' : 'Applicant',
  );
  return {
    typeKey: SUBSTITUTION_KEY,
    pages: s.finish(),
    title,
    unit: 'LEGAL',
    docType: 'SUBSTITUTION OF ATTORNEY',
    author: ctx.f.applicantFirm,
  };
};
