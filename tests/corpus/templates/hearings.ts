/**
 * Hearing papers: the WCAB's Notice of Hearing (date, time, district office, judge, official address
 * record) and Minutes of Hearing (DWC-CA form 10245) with appearances, disposition and, on longer
 * ones, stipulations, issues and a summary of evidence.
 */
import { type DocCtx, makeBuilder } from '../context';
import { type Page } from '../doc';
import { caption, caseNumbers, serviceList } from '../blocks';
import { addDays, formatDate, fullName, weekday } from '../fakes';
import { JUDGES } from '../data/legal';
import { HEARING } from '../data/boilerplate';
import { fillTo } from '../filler';

function first(ctx: DocCtx) {
  const f = ctx.cases[0];
  if (!f) throw new Error('hearing papers need a case');
  return f;
}

export function noticeOfHearing(ctx: DocCtx): Page[] {
  const { rng, ds } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, { family: rng.pick(['sans', 'mono']), footer: 'none' });
  const when = weekday(addDays(ctx.date, rng.int(20, 75)));
  const v = rng.int(0, 2);
  if (v === 2) {
    b.opts.header = caption(ctx, b, { title: ['NOTICE OF HEARING'], withAttorney: false });
  } else {
    b.line('STATE OF CALIFORNIA', { align: 'center', bold: true });
    b.line("DIVISION OF WORKERS' COMPENSATION", { align: 'center' });
    b.line("WORKERS' COMPENSATION APPEALS BOARD", { align: 'center' });
    b.blank();
    b.title(v === 0 ? 'NOTICE OF HEARING' : 'NOTICE OF HEARING - MANDATORY SETTLEMENT CONFERENCE');
    b.blank();
    b.cols(`CASE NUMBER: ${caseNumbers(ctx)}`, `DATE OF NOTICE: ${formatDate(ctx.date, 'us')}`);
    b.line(
      `${ctx.rec.applicant(fullName(f.applicant).toUpperCase())} vs. ${ctx.rec.defendant(f.employer.toUpperCase())}; ${f.carrier.name.toUpperCase()}`,
    );
  }
  b.blank();
  b.para(
    `YOU ARE HEREBY NOTIFIED THAT THE ABOVE-ENTITLED MATTER HAS BEEN SET FOR A ${rng.pick(['MANDATORY SETTLEMENT CONFERENCE', 'STATUS CONFERENCE', 'TRIAL', 'PRIORITY CONFERENCE', 'LIEN TRIAL'])} AT THE WORKERS' COMPENSATION APPEALS BOARD:`,
  );
  b.line(`DATE: ${formatDate(when, ds)}`, { indent: 4 });
  b.line(`TIME: ${rng.pick(['8:30 AM', '1:30 PM', '10:30 AM'])}`, { indent: 4 });
  b.line(`LOCATION: ${f.office.address}, ${f.office.city}, CA ${f.office.zip}`, { indent: 4 });
  b.line(`JUDGE: ${rng.pick(['HON.', 'Hon.'])} ${rng.pick(JUDGES).toUpperCase()}`, { indent: 4 });
  b.blank();
  b.para(
    'Hearings may be conducted by video conference. Parties must have settlement authority and must be prepared to discuss all issues. Failure to appear may result in dismissal or in the matter proceeding in your absence.',
  );
  b.heading('OFFICIAL ADDRESS RECORD / SERVICE:');
  serviceList(ctx, b);
  b.line(
    `SERVED ON THE PARTIES LISTED ON ${formatDate(ctx.date, 'us')} BY: ${rng.pick(['M. LOPEZ', 'D. NGUYEN', 'K. SMITH'])}`,
  );
  return b.finish();
}

export function minutesOfHearing(ctx: DocCtx): Page[] {
  const { rng, ds } = ctx;
  const f = first(ctx);
  const b = makeBuilder(ctx, {
    family: rng.pick(['sans', 'mono']),
    footerText: rng.chance(0.6) ? 'DWC-CA form 10245 (Rev. 11/2008)' : undefined,
  });
  const titles = [
    'MINUTES OF HEARING',
    'MINUTES OF HEARING AND ORDER',
    'MINUTES OF HEARING - MANDATORY SETTLEMENT CONFERENCE',
    'MINUTES OF HEARING AND SUMMARY OF EVIDENCE',
  ];
  const v = rng.int(0, 2);
  if (v === 0) {
    b.line("WORKERS' COMPENSATION APPEALS BOARD", { align: 'center', bold: true });
    b.line('STATE OF CALIFORNIA', { align: 'center' });
    b.blank();
    b.title(rng.pick(titles));
  } else if (v === 1) {
    b.line(`${f.office.city.toUpperCase()} DISTRICT OFFICE`, { align: 'left' });
    b.line(`${f.office.address}, ${f.office.city}, CA ${f.office.zip}`, { size: b.opts.size - 1 });
    b.blank();
    b.title(rng.pick(titles), b.opts.size + 1, 'left');
  } else {
    b.title(rng.pick(titles));
    b.line("State of California - Workers' Compensation Appeals Board", { align: 'center' });
  }
  b.blank();
  b.cols(`Case No.: ${caseNumbers(ctx)}`, `Hearing date: ${formatDate(ctx.date, ds)}`);
  b.cols(
    `Applicant: ${ctx.rec.applicant(fullName(f.applicant).toUpperCase())}`,
    `Location: ${f.office.city.toUpperCase()}`,
  );
  b.line(`Defendant(s): ${ctx.rec.defendant(f.employer)}; ${f.carrier.name}`);
  b.line(`Judge: Hon. ${rng.pick(JUDGES)}`);
  b.heading('APPEARANCES:');
  b.line(`Applicant: ${fullName(f.applicantAttorney)}, ${f.applicantFirm}`);
  b.line(`Defendant: ${fullName(f.defenseAttorney)}, ${f.defenseFirm}`);
  b.heading('DISPOSITION:');
  b.para(
    rng.pick([
      'Off calendar. Parties to obtain a supplemental report from the panel QME.',
      'Matter continued. Parties are to meet and confer regarding the rating.',
      'Order taking off calendar. Case to be set for trial upon the filing of a new DOR.',
      'Stipulations with Request for Award submitted and approved. Award to issue.',
      'Compromise and Release approved; Order Approving Compromise and Release to issue.',
    ]),
  );
  fillTo(b, rng, HEARING, ctx.targetPages, {
    headings: ['STIPULATIONS:', 'ISSUES:', 'EXHIBITS:', 'SUMMARY OF EVIDENCE:'],
  });
  b.blank();
  b.line('__________________________________');
  b.line("WORKERS' COMPENSATION JUDGE");
  return b.finish();
}
