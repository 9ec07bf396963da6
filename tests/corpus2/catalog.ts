/** The second generator's templates by type key, with how often each turns up in a bundle. */
import * as decisions from './decisions';
import * as forms from './forms';
import * as letters from './letters';
import type { Template } from './made';
import * as medical from './medical';
import * as pleadings from './pleadings';

export const CATALOG: ReadonlyArray<readonly [Template, number]> = [
  [medical.pr2, 9],
  [medical.diagnostic, 5],
  [medical.qme, 3],
  [medical.ame, 1],
  [medical.urDecision, 4],
  [medical.imrDecision, 2],
  [forms.rfa, 6],
  [forms.application, 3],
  [forms.dor, 4],
  [forms.claimForm, 2],
  [forms.compromise, 2],
  [forms.stipulations, 1],
  [forms.lien, 3],
  [pleadings.petition, 4],
  [pleadings.answer, 2],
  [pleadings.depositionNotice, 3],
  [pleadings.standalonePos, 3],
  [pleadings.substitution, 3],
  [decisions.findingsAndAward, 2],
  [decisions.minutes, 2],
  [decisions.noticeOfHearing, 3],
  [decisions.order, 2],
  [letters.plainLetter, 8],
  [letters.letterWithExhibits, 2],
  [letters.benefitNotice, 4],
];

/** What an EAMS e-filing carries: pleadings, reports and settlement papers, not mail. */
export const EAMS_CATALOG: ReadonlyArray<readonly [Template, number]> = [
  [forms.dor, 4],
  [forms.application, 2],
  [forms.compromise, 2],
  [forms.stipulations, 1],
  [forms.lien, 3],
  [pleadings.petition, 4],
  [pleadings.answer, 2],
  [pleadings.depositionNotice, 1],
  [pleadings.standalonePos, 2],
  [pleadings.substitution, 2],
  [medical.pr2, 2],
  [medical.qme, 2],
  [medical.diagnostic, 1],
];
