/** What the engine knows of a run's document: the processed file with its type, folder and case. */
import { eq, inArray } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../../db/connection';
import { rawFile } from '../../../db/schema';
import {
  legalCase,
  legalDocumentFolder,
  legalFileType,
  legalProcessedFile,
} from '../../../db/schemaPipeline';
import type { WorkflowField } from '../../../../shared/workflows';

export interface DocumentFacts {
  id: string;
  company_id: string;
  name: string;
  applicant: string | null;
  defendant: string | null;
  case_number: string[];
  adj_number: string[];
  eams_number: string[];
  claim_number: string[];
  wcab_number: string[];
  date_of_injury: string | null;
  date_of_incident: string | null;
  content: string;
  legal_file_type_id: string | null;
  file_type: string | null;
  folder_id: string | null;
  folder: string | null;
  legal_case_id: string | null;
  case_number_of_case: string | null;
  split_confidence: number | null;
  type_confidence: number | null;
  reviewed_at: string | null;
  is_deleted: boolean;
}

export async function loadFacts(
  tx: DatabaseExecutor,
  processedFileId: string,
): Promise<DocumentFacts | undefined> {
  return (await loadFactsOf(tx, [processedFileId])).get(processedFileId);
}

/** The facts of many documents in one query (a batch of runs, a drain of events), by id. */
export async function loadFactsOf(
  tx: DatabaseExecutor,
  processedFileIds: string[],
): Promise<Map<string, DocumentFacts>> {
  const out = new Map<string, DocumentFacts>();
  if (processedFileIds.length === 0) return out;
  const f = legalProcessedFile;
  const rows = await tx
    .select({
      id: f.id,
      company_id: f.company_id,
      name: f.name,
      applicant: f.applicant,
      defendant: f.defendant,
      case_number: f.case_number,
      adj_number: f.adj_number,
      eams_number: f.eams_number,
      claim_number: f.claim_number,
      wcab_number: f.wcab_number,
      date_of_injury: f.date_of_injury,
      date_of_incident: f.date_of_incident,
      content: f.content,
      legal_file_type_id: f.legal_file_type_id,
      file_type: legalFileType.name,
      folder_id: legalDocumentFolder.id,
      folder: legalDocumentFolder.name,
      legal_case_id: f.legal_case_id,
      case_number_of_case: legalCase.case_number,
      split_confidence: f.split_confidence,
      type_confidence: f.type_confidence,
      reviewed_at: f.reviewed_at,
      is_deleted: f.is_deleted,
    })
    .from(f)
    .leftJoin(legalFileType, eq(legalFileType.id, f.legal_file_type_id))
    .leftJoin(
      legalDocumentFolder,
      eq(legalDocumentFolder.id, legalFileType.legal_document_folder_id),
    )
    .leftJoin(legalCase, eq(legalCase.id, f.legal_case_id))
    .where(
      processedFileIds.length === 1
        ? eq(f.id, processedFileIds[0]!)
        : inArray(f.id, [...new Set(processedFileIds)]),
    );
  for (const row of rows)
    out.set(row.id, {
      ...row,
      reviewed_at: row.reviewed_at ? row.reviewed_at.toISOString() : null,
    });
  return out;
}

/** A field's value as text (lists joined by ", "; empty when missing). */
export function fieldText(facts: DocumentFacts, field: WorkflowField): string {
  const value = facts[field];
  if (Array.isArray(value)) return value.join(', ');
  return value ?? '';
}

/** The document as a node's input shows it (no text body). */
export function factsSummary(facts: DocumentFacts) {
  const { content: _content, ...rest } = facts;
  return rest;
}

/**
 * The facts of a run without a processed document: a raw-file run knows the raw file's name, a
 * schedule run nothing. Document steps refuse such runs (actions.ts); conditions see empty fields.
 */
export function blankFacts(companyId: string, name: string): DocumentFacts {
  return {
    id: '',
    company_id: companyId,
    name,
    applicant: null,
    defendant: null,
    case_number: [],
    adj_number: [],
    eams_number: [],
    claim_number: [],
    wcab_number: [],
    date_of_injury: null,
    date_of_incident: null,
    content: '',
    legal_file_type_id: null,
    file_type: null,
    folder_id: null,
    folder: null,
    legal_case_id: null,
    case_number_of_case: null,
    split_confidence: null,
    type_confidence: null,
    reviewed_at: null,
    is_deleted: false,
  };
}

export interface RawFileFacts {
  id: string;
  company_id: string;
  name: string;
  is_received_email: boolean;
  is_deleted: boolean;
}

export async function loadRawFile(
  tx: DatabaseExecutor,
  rawFileId: string,
): Promise<RawFileFacts | undefined> {
  const [row] = await tx
    .select({
      id: rawFile.id,
      company_id: rawFile.company_id,
      name: rawFile.name,
      is_received_email: rawFile.is_received_email,
      is_deleted: rawFile.is_deleted,
    })
    .from(rawFile)
    .where(eq(rawFile.id, rawFileId));
  return row;
}
