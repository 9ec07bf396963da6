/**
 * Stage 4 of the document pipeline, "Extract": the fields the matcher and the processed file need,
 * read from a document's text (pages joined by "\f", from a PDF text layer or OCR). Each field has
 * its own small finder; this file only puts them together. See README.md in this folder.
 */
import type { ExtractedFields } from '../types';
import { findAdjNumbers } from './adj';
import { findCaseNumbers, findClaimNumbers } from './claim';
import { findDateOfIncident, findDateOfInjury } from './injury';
import { findParties } from './parties';
import { findWcabNumbers } from './wcab';

export { findAdjNumbers, normaliseAdj } from './adj';
export { findWcabNumbers, normaliseWcab, WCAB_OFFICE_CODES } from './wcab';
export { findClaimNumbers, findCaseNumbers } from './claim';
export { parseDate, findDates, isRealDate, expandYear } from './dates';
export { findDateOfInjury, findDateOfIncident } from './injury';
export { findParties } from './parties';
export { extractDataFields } from './dataFields';
export type { DataFieldSpec } from './dataFields';

/**
 * Extracts every field from a document's text. `now` only decides the century of two-digit years
 * (tests pin it; callers leave it out).
 */
export function extractFields(text: string, now: Date = new Date()): ExtractedFields {
  const parties = findParties(text);
  return {
    adjNumbers: findAdjNumbers(text),
    wcabNumbers: findWcabNumbers(text),
    claimNumbers: findClaimNumbers(text),
    caseNumbers: findCaseNumbers(text),
    dateOfInjury: findDateOfInjury(text, now),
    dateOfIncident: findDateOfIncident(text, now),
    applicant: parties.applicant,
    defendant: parties.defendant,
    defendants: parties.defendants,
  };
}
