import { describe, expect, it } from 'vitest';
import { DEFAULT_TAXONOMY } from '../taxonomy/rules';
import { prepareText } from './normalize';
import { letterShape, scoreRules } from './ruleScore';

const best = (text: string): string | undefined => scoreRules(text, DEFAULT_TAXONOMY)[0]?.typeKey;

describe('scoreRules', () => {
  it('reads a title printed in the right column of a pleading caption', () => {
    const text = [
      'BEFORE THE WORKERS COMPENSATION APPEALS BOARD',
      'MARIA LOPEZ,                         Case No. ADJ10234567',
      '          Applicant,',
      '     v.                              ORDER APPOINTING',
      'ACME WAREHOUSE INC.;                 QUALIFIED MEDICAL EVALUATOR',
      'ZENITH INSURANCE COMPANY,',
      '          Defendants.',
    ].join('\n');
    expect(best(text)).toBe('order');
    const dor = text
      .replace('ORDER APPOINTING', 'DECLARATION OF READINESS')
      .replace('QUALIFIED MEDICAL EVALUATOR', 'TO PROCEED');
    expect(best(dor)).toBe('declaration_of_readiness');
  });

  it('gives a line to the title that begins it', () => {
    expect(best('ORDER APPROVING COMPROMISE AND RELEASE\nThe parties filed a compromise.')).toBe(
      'order',
    );
    expect(best('ANSWER TO APPLICATION FOR ADJUDICATION OF CLAIM\nDefendant denies.')).toBe(
      'answer',
    );
    expect(best('APPLICATION FOR ADJUDICATION OF CLAIM\nCase Number: ADJ10234567')).toBe(
      'application_for_adjudication',
    );
  });

  it('counts a title after running prose as a mention, not a title', () => {
    const letter = [
      'ZENITH INSURANCE COMPANY',
      'March 9, 2022',
      'Re: Sione Navarro',
      'Dear Counsel:',
      'We have calendared the matter for follow-up and absent a response we will file a',
      'Declaration of Readiness to Proceed. Please find enclosed the reports.',
      'Very truly yours,',
    ].join('\n');
    expect(best(letter)).toBe('correspondence');
  });

  it('prefers the first title on the page to a later heading', () => {
    const text =
      'NOTICE OF HEARING\nCase ADJ10234567\nYou are hereby notified.\nSUMMARY OF EVIDENCE\n';
    expect(best(text)).toBe('notice_of_hearing');
  });

  it('does not count a keyword twice when a longer keyword holds it', () => {
    const [qme] = scoreRules('panel QME', DEFAULT_TAXONOMY).filter(
      (s) => s.typeKey === 'qme_report',
    );
    // "panel qme" (3); "qme" and "panel" are inside it.
    expect(qme?.keywordScore).toBe(3);
  });
});

describe('letterShape', () => {
  it('sees Re:, salutation and close, even OCR-broken', () => {
    expect(letterShape(prepareText('Re: Lopez\nDear Ms. Hall:\nbody\nSincerely,'))).toBe(3);
    expect(letterShape(prepareText('R e: Lopez\nD ear Sir:\nVery truly yours,'))).toBe(3);
    expect(letterShape(prepareText('PROOF OF SERVICE\nI declare'))).toBe(0);
  });
});

describe('keywords under OCR damage', () => {
  it('finds mid-length keywords that OCR broke or misread', () => {
    // An untitled clinic note whose headings came through a poor scan: a split word, a dropped
    // letter, a misread letter. Exact matching finds almost none of them.
    const note = [
      'Harbor Spine & Joint Clinic',
      '18 Pier Avenue, Oxnard, CA 93030',
      'Name: Daniel Ortega',
      'D1AGNOS IS: Cervical strain.',
      'IMPRESSON: Slowly improving neck pain.',
      'FINDlNGS: Tenderness at C5-C6, no weakness.',
      'TECHNIQ UE: Manual muscle testing.',
    ].join('\n');
    const scores = scoreRules(note, DEFAULT_TAXONOMY);
    const medical = scores.find((s) => s.typeKey === 'medical_report');
    expect(medical?.keywordScore).toBeGreaterThanOrEqual(3);
    expect(scores[0]?.typeKey).toBe('medical_report');
  });
});

describe('letter shape under OCR damage', () => {
  it('reads a salutation and a close that OCR misread', () => {
    const shape = (lines: string[]): number => letterShape(prepareText(lines.join('\n')));
    const letter = ['Re:  Daniel Ortega', 'Dcar Ms. Alvarez:', 'Please call me.', 'Sinccrely,'];
    expect(shape(letter)).toBe(3);
    expect(shape(['R c: Ortega', 'D ear Counsel,', 'Very tru1y yours,'])).toBe(3);
    expect(shape(['Sincrely,'])).toBe(1);
    // Prose that merely mentions the words is not a letter's shape.
    expect(shape(['The dear friend wrote sincerely to the board.'])).toBe(0);
  });
});
