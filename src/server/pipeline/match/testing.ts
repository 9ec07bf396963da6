/** Test fixtures of the extraction and matching tests: no fields read, and a case to match. */
import type { CaseCandidate, ExtractedFields } from '../types';

/** A document where nothing was read. */
export const NO_FIELDS: ExtractedFields = {
  adjNumbers: [],
  wcabNumbers: [],
  claimNumbers: [],
  caseNumbers: [],
  dateOfInjury: null,
  dateOfIncident: null,
  applicant: null,
  defendant: null,
  defendants: [],
};

/** A case with only `id` and what `over` gives. */
export function aCase(id: string, over: Partial<CaseCandidate> = {}): CaseCandidate {
  return {
    caseId: id,
    caseNumber: null,
    name: null,
    clientName: null,
    eamsNumber: null,
    wcabNumber: null,
    primaryNumber: null,
    alternateNumber: null,
    dateOfInjury: null,
    dateOfIncident: null,
    ...over,
  };
}
