/**
 * The template for every document type key of the default taxonomy, the usual page counts of each
 * type, how often each appears in a bundle, and which types need a WCAB case number to exist.
 */
import { type CorpusTypeKey } from '../typeKeys';
import { type DocCtx } from '../context';
import { type Page } from '../doc';
import { medicalReport, pr2, pr4 } from './medical';
import { ameReport, qmeReport } from './medicalLegal';
import { answer, application, declarationOfReadiness, petition } from './pleadings';
import { minutesOfHearing, noticeOfHearing } from './hearings';
import {
  compromiseAndRelease,
  findingsAndAward,
  order,
  stipulationsWithAward,
} from './settlements';
import { depositionNotice, proofOfService, subpoena } from './discovery';
import { imrDecision, lien, medicalBill, urDecision } from './billing';
import { benefitNotice, claimForm, correspondence } from './claims';

export type Template = (ctx: DocCtx) => Page[];

export interface TypeSpec {
  template: Template;
  /** Typical page count, inclusive. */
  pages: readonly [number, number];
  /** Relative frequency in a mail bundle. */
  weight: number;
  /** Only printed once the WCAB has a case number (an ADJ or legacy number). */
  needsCaseNumber: boolean;
}

export const TYPE_SPECS: Record<CorpusTypeKey, TypeSpec> = {
  medical_report: { template: medicalReport, pages: [2, 12], weight: 10, needsCaseNumber: false },
  pr2: { template: pr2, pages: [2, 5], weight: 12, needsCaseNumber: false },
  pr4: { template: pr4, pages: [3, 8], weight: 3, needsCaseNumber: false },
  qme_report: { template: qmeReport, pages: [8, 40], weight: 3, needsCaseNumber: false },
  ame_report: { template: ameReport, pages: [10, 40], weight: 1.5, needsCaseNumber: true },
  application_for_adjudication: {
    template: application,
    pages: [2, 4],
    weight: 2,
    needsCaseNumber: false,
  },
  declaration_of_readiness: {
    template: declarationOfReadiness,
    pages: [2, 4],
    weight: 3,
    needsCaseNumber: true,
  },
  petition: { template: petition, pages: [2, 8], weight: 3, needsCaseNumber: true },
  answer: { template: answer, pages: [2, 4], weight: 1.5, needsCaseNumber: true },
  notice_of_hearing: { template: noticeOfHearing, pages: [1, 2], weight: 4, needsCaseNumber: true },
  minutes_of_hearing: {
    template: minutesOfHearing,
    pages: [1, 4],
    weight: 3,
    needsCaseNumber: true,
  },
  compromise_and_release: {
    template: compromiseAndRelease,
    pages: [4, 9],
    weight: 2,
    needsCaseNumber: false,
  },
  stipulations_with_award: {
    template: stipulationsWithAward,
    pages: [3, 7],
    weight: 1.5,
    needsCaseNumber: false,
  },
  findings_and_award: {
    template: findingsAndAward,
    pages: [2, 6],
    weight: 1,
    needsCaseNumber: true,
  },
  order: { template: order, pages: [1, 2], weight: 3, needsCaseNumber: true },
  subpoena: { template: subpoena, pages: [1, 3], weight: 3, needsCaseNumber: true },
  deposition_notice: {
    template: depositionNotice,
    pages: [1, 3],
    weight: 2,
    needsCaseNumber: true,
  },
  lien: { template: lien, pages: [1, 4], weight: 3, needsCaseNumber: true },
  medical_bill: { template: medicalBill, pages: [1, 3], weight: 6, needsCaseNumber: false },
  ur_decision: { template: urDecision, pages: [2, 4], weight: 4, needsCaseNumber: false },
  imr_decision: { template: imrDecision, pages: [2, 5], weight: 1.5, needsCaseNumber: false },
  correspondence: { template: correspondence, pages: [1, 2], weight: 12, needsCaseNumber: false },
  proof_of_service: { template: proofOfService, pages: [1, 1], weight: 8, needsCaseNumber: false },
  claim_form: { template: claimForm, pages: [1, 2], weight: 2, needsCaseNumber: false },
  benefit_notice: { template: benefitNotice, pages: [1, 3], weight: 4, needsCaseNumber: false },
};
