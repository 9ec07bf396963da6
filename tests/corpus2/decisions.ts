/**
 * What the Board issues: findings and award followed by the judge's opinion on decision (one
 * document), minutes of hearing, notices of hearing and orders. All carry the two-column caption.
 */
import { type Ctx, caption, when } from './blocks';
import { JUDGES } from './pools';
import type { Template } from './made';
import { FOOTERS, type Footer, Sheets } from './sheet';

const judge = (ctx: Ctx) => `${ctx.rng.pick(JUDGES)}, Workers\u2019 Compensation Judge`;

export const findingsAndAward: Template = (ctx) => {
  const { rng } = ctx;
  const s = new Sheets(ctx.look, FOOTERS.pageOf as Footer);
  s.header = caption(s, ctx, ['FINDINGS AND AWARD']);
  s.para(
    `The above-entitled matter was heard and submitted at the ${ctx.f.office} district office. The Workers\u2019 Compensation Judge now decides as follows:`,
  );
  s.line('FINDINGS OF FACT', { bold: true, align: 'center' });
  for (let i = 1; i <= rng.int(4, 9); i += 1)
    s.para(
      `${i}. ${rng.pick(['Applicant sustained injury arising out of and in the course of employment.', 'The injury caused permanent disability of 23% after apportionment.', 'Applicant is in need of further medical treatment to cure or relieve the effects of the injury.', 'Applicant\u2019s attorney has performed services of a reasonable value of 15% of the award.', 'The earnings at the time of injury were $1,140.00 per week.'])}`,
    );
  s.line('AWARD', { bold: true, align: 'center' });
  s.para(
    'AWARD IS MADE in favor of the applicant against the defendants as follows: permanent disability indemnity as found, less attorney fees, and further medical treatment.',
  );
  s.line(`DATE: ${when(ctx)}`);
  s.line(judge(ctx), { indent: 30 });
  const pages = s.finish();
  const op = new Sheets(ctx.look, FOOTERS.pageOf as Footer);
  op.title('OPINION ON DECISION');
  op.header = [`${ctx.f.last.toUpperCase()} \u2014 OPINION ON DECISION`];
  for (const h of ['INJURY AOE/COE', 'PERMANENT DISABILITY', 'APPORTIONMENT', 'ATTORNEY FEES']) {
    op.line(h, { bold: true });
    for (let i = 0; i < rng.int(2, 5); i += 1)
      op.para(
        'The reporting of the panel qualified medical evaluator is well reasoned and constitutes substantial medical evidence. The defendants offered no evidence to the contrary, and the testimony of the applicant was credible and consistent with the medical history.',
      );
  }
  op.line(judge(ctx), { indent: 30 });
  pages.push(...op.finish());
  return {
    typeKey: 'findings_and_award',
    pages,
    title: 'FINDINGS AND AWARD',
    unit: 'LEGAL',
    docType: 'DECISION',
    author: 'WCAB',
  };
};

export const minutes: Template = (ctx) => {
  const s = new Sheets(
    { ...ctx.look, family: 'mono' },
    FOOTERS.none,
    'DWC-CA form 10244 (Rev. 2019)',
  );
  s.title('MINUTES OF HEARING');
  s.header = caption(s, ctx, ['MINUTES OF HEARING', 'AND DISPOSITION']);
  s.line(
    `Hearing date: ${when(ctx)}    Type: ${ctx.rng.pick(['MSC', 'Status Conference', 'Trial', 'Priority Conference'])}`,
  );
  s.para(
    `Appearances: applicant with counsel from ${ctx.f.applicantFirm}; defendants by ${ctx.f.defenseFirm}.`,
  );
  s.para(
    ctx.rng.pick([
      'Matter continued at request of parties. Off calendar pending QME report.',
      'Matter set for trial. Pretrial conference statement filed. Discovery closed.',
      'Parties to submit a settlement within 30 days.',
    ]),
  );
  s.line(judge(ctx));
  return {
    typeKey: 'minutes_of_hearing',
    pages: s.finish(),
    title: 'MINUTES OF HEARING',
    unit: 'LEGAL',
    docType: 'MINUTES',
    author: 'WCAB',
  };
};

export const noticeOfHearing: Template = (ctx) => {
  const s = new Sheets(ctx.look, FOOTERS.none);
  s.header = caption(s, ctx, ['NOTICE OF HEARING']);
  s.para(
    `YOU ARE HEREBY NOTIFIED that the above case has been set for a ${ctx.rng.pick(['MANDATORY SETTLEMENT CONFERENCE', 'STATUS CONFERENCE', 'TRIAL'])} at the ${ctx.f.office} district office of the WCAB on a date 45 days after ${when(ctx)}, at 8:30 a.m.`,
  );
  s.para(
    'Failure to appear may result in the dismissal of the case or in orders being made in your absence. Bring all medical reports and witnesses.',
  );
  return {
    typeKey: 'notice_of_hearing',
    pages: s.finish(),
    title: 'NOTICE OF HEARING',
    unit: 'LEGAL',
    docType: 'NOTICE',
    author: 'WCAB',
  };
};

export const order: Template = (ctx) => {
  const title = ctx.rng.pick([
    'ORDER APPROVING COMPROMISE AND RELEASE',
    'ORDER TAKING OFF CALENDAR',
    'ORDER APPOINTING INTERPRETER',
  ]);
  const s = new Sheets(ctx.look, FOOTERS.none);
  s.header = caption(s, ctx, [title]);
  s.para(
    'Good cause appearing, IT IS ORDERED as set out above. Service by the Board on all parties shown on the official address record.',
  );
  s.line(`DATE: ${when(ctx)}`);
  s.line(judge(ctx), { indent: 30 });
  return {
    typeKey: 'order',
    pages: s.finish(),
    title,
    unit: 'LEGAL',
    docType: 'ORDER',
    author: 'WCAB',
  };
};
