/**
 * After a re-split, the documents whose pages changed are read again with the pipeline's own
 * stages: their fields are extracted from their new pages' text, laid over with every value a
 * person set (edited_fields), matched to the company's cases (with the pipeline's rule that a
 * caseless proof of service takes the case of the document before it), and a new document is
 * classified from its first page; a scanned defendant's name is read through the file's other
 * documents (extract/consensus.ts). The values then go through the pipeline's merge
 * (personValues.ts): a person's values stay, the exception reasons follow the values and the name
 * follows the type, applicant and dates unless a person named the document. Documents whose pages
 * did not change are not touched. On a document whose pages came from OCR, a claim number that is
 * the chosen case's but for OCR look-alikes is read as the case's, as the pipeline does after
 * matching (pipeline/storedDocument.ts), unless a person set the claim numbers.
 */
import type { DatabaseExecutor } from '../../db/connection';
import { classifyDocument } from '../../pipeline/classify';
import { extractFields } from '../../pipeline/extract';
import { agreeOnParties } from '../../pipeline/extract/consensus';
import { inheritFromPrevious, type InheritInput } from '../../pipeline/match/inherit';
import { matchCase } from '../../pipeline/match/matchCase';
import { classificationText } from '../../pipeline/run';
import type { CaseCandidate, ExtractedFields, MatchResult } from '../../pipeline/types';
import { findCaseCandidates } from '../pipeline/cases';
import { companyDataFields, extractCompanyData } from '../pipeline/dataFields';
import { exceptionReasons } from '../pipeline/naming';
import { withPersonValues, type MergedValues } from '../pipeline/personValues';
import { readStoredThroughCase, storedFields } from '../pipeline/storedDocument';
import { loadCompanyTaxonomy, loadModel } from '../pipeline/taxonomy';
import { companyTitles } from '../pipeline/titles';
import type { WrittenDocument } from '../pipeline/write';
import {
  currentValue,
  EDITABLE_FIELDS,
  isExceptionWith,
  logText,
  sameValue,
  type FieldValue,
} from './changes';
import type { ProcessedFileColumns } from './columns';
import type { ProcessedFileRepository, ProcessedFileSet } from './repository';
import { parseRecommended } from './storedValues';

/** One live document of the raw file after the re-split, in page order. */
export interface SplitDocument {
  /** Its pages changed (or it is new): it is read again. */
  changed: boolean;
  /** The stored document, with a person's values as they are after the edit; none when new. */
  stored: ProcessedFileColumns | undefined;
  /** Its pages' texts. */
  pages: string[];
  /** Whether any of its pages was read by OCR (false when not known). */
  ocr: boolean;
}

export interface Reextracted {
  values: MergedValues & { is_exception: boolean };
  dataFields: WrittenDocument['dataFields'];
}

/** The extracted fields with every field a person set taking the person's value. */
export function withPersonFields(
  found: ExtractedFields,
  stored: ProcessedFileColumns | undefined,
): ExtractedFields {
  if (!stored) return found;
  const edited = new Set(stored.edited_fields);
  const mine = storedFields(stored);
  const pick = <K extends keyof ExtractedFields>(key: K, ...fields: string[]) =>
    fields.some((field) => edited.has(field)) ? mine[key] : found[key];
  return {
    adjNumbers: pick('adjNumbers', 'adj_number', 'eams_number'),
    wcabNumbers: pick('wcabNumbers', 'wcab_number'),
    claimNumbers: pick('claimNumbers', 'claim_number'),
    caseNumbers: pick('caseNumbers', 'case_number'),
    dateOfInjury: pick('dateOfInjury', 'date_of_injury', 'date_of_injury_end'),
    dateOfIncident: pick('dateOfIncident', 'date_of_incident'),
    applicant: pick('applicant', 'applicant'),
    defendant: pick('defendant', 'defendant'),
    defendants: pick('defendants', 'defendants'),
  };
}

/** A stored document's case match, as the pipeline left it (for the inheriting rule). */
function storedMatch(row: ProcessedFileColumns): MatchResult {
  return {
    recommended: parseRecommended(row.recommended_cases).map((entry) => ({
      caseId: entry.case_id,
      score: entry.score,
      reasons: entry.reasons,
    })),
    caseId: row.legal_case_id,
    multiCase: row.exception_reasons.includes('multi_case'),
    needsCaseNumber: row.exception_reasons.includes('needs_case_number'),
  };
}

/**
 * The new values of the changed documents among `documents` (the raw file's live documents after
 * the re-split, in page order), in their order; unchanged documents get undefined.
 */
export async function reextractChanged(
  executor: DatabaseExecutor,
  companyId: string,
  documents: readonly SplitDocument[],
): Promise<Array<Reextracted | undefined>> {
  if (!documents.some((doc) => doc.changed)) return documents.map(() => undefined);
  const titleOf = await companyTitles(executor, companyId);
  const dataFields = await companyDataFields(executor, companyId);
  const needsType = documents.some((doc) => doc.changed && !doc.stored);
  const company = needsType ? await loadCompanyTaxonomy(executor, companyId) : undefined;
  const model = needsType ? await loadModel(executor, companyId) : undefined;

  const inputs: InheritInput[] = [];
  const found: Array<ExtractedFields | undefined> = [];
  const candidatesOf: CaseCandidate[][] = [];
  for (const doc of documents) {
    const text = doc.pages.join('\f');
    if (!doc.changed && doc.stored) {
      inputs.push({ text, fields: storedFields(doc.stored), match: storedMatch(doc.stored) });
      found.push(undefined);
      candidatesOf.push([]);
      continue;
    }
    const extracted = extractFields(text);
    const fields = withPersonFields(extracted, doc.stored);
    const candidates = await findCaseCandidates(executor, companyId, fields);
    inputs.push({ text, fields, match: matchCase(fields, candidates) });
    found.push(extracted);
    candidatesOf.push(candidates);
  }
  const matches = inheritFromPrevious(inputs);
  // A scanned party name is read through the file's other documents, as the pipeline's run does.
  const parties = agreeOnParties(
    inputs.map((input, index) => ({ fields: input.fields, ocr: documents[index]?.ocr ?? false })),
  );

  return documents.map((doc, index) => {
    const extracted = found[index];
    const input = inputs[index];
    if (!extracted || !input) return undefined;
    // A scanned claim number or applicant that is the chosen case's but for OCR damage is the case's.
    const { fields, match } = readStoredThroughCase(
      input.fields,
      matches[index] ?? null,
      candidatesOf[index] ?? [],
      { ocr: doc.ocr, editedFields: doc.stored?.edited_fields ?? [] },
    );
    let typeId = doc.stored?.legal_file_type_id ?? null;
    if (!doc.stored && company) {
      const { typeKey } = classifyDocument(classificationText(doc.pages), company.taxonomy, model);
      typeId = typeKey ? (company.typeIds.get(typeKey) ?? null) : null;
    }
    const decided = {
      legal_file_type_id: typeId,
      case_number: extracted.caseNumbers,
      adj_number: extracted.adjNumbers,
      eams_number: extracted.adjNumbers,
      claim_number: fields.claimNumbers,
      wcab_number: extracted.wcabNumbers,
      date_of_injury: extracted.dateOfInjury?.start ?? null,
      date_of_injury_end: extracted.dateOfInjury?.end ?? null,
      date_of_incident: extracted.dateOfIncident,
      applicant: fields.applicant,
      defendant: parties[index]?.defendant ?? extracted.defendant,
      defendants: parties[index]?.defendants ?? extracted.defendants,
      legal_case_id: match?.caseId ?? null,
      crm_case_id: null,
      recommended_cases: match?.recommended ?? [],
    };
    const reasons = exceptionReasons({ fields, match }, typeId);
    const values = withPersonValues(decided, reasons, doc.stored, titleOf);
    return {
      values: {
        ...values,
        is_exception: isExceptionWith(values.exception_reasons, doc.stored?.reviewed_at ?? null),
      },
      dataFields: extractCompanyData(input.text, dataFields),
    };
  });
}

/** Fields a re-extraction logs when their value changes (the type is not re-read on a move). */
const LOGGED_FIELDS = EDITABLE_FIELDS.filter(
  (field) => field !== 'start_page_no' && field !== 'end_page_no' && field !== 'legal_file_type_id',
);

/** The re-extracted values that differ from the stored ones, as log entries (cases by number). */
export async function changedValues(
  repo: ProcessedFileRepository,
  tx: DatabaseExecutor,
  before: ProcessedFileColumns,
  values: ProcessedFileSet,
  skip: ReadonlySet<string>,
): Promise<Array<{ field: string; from: string | null; to: string | null }>> {
  const next = { ...before, ...values } as ProcessedFileColumns;
  const out: Array<{ field: string; from: string | null; to: string | null }> = [];
  for (const field of LOGGED_FIELDS) {
    if (skip.has(field)) continue;
    const from = currentValue(before, field);
    const to = currentValue(next, field);
    if (sameValue(from, to)) continue;
    if (field === 'legal_case_id') {
      const caseNumber = async (id: FieldValue) =>
        typeof id === 'string'
          ? ((await repo.legalCase(tx, before.company_id, id, { includeDeleted: true }))
              ?.case_number ?? id)
          : null;
      out.push({ field: 'legal_case', from: await caseNumber(from), to: await caseNumber(to) });
    } else out.push({ field, from: logText(from), to: logText(to) });
  }
  return out;
}
