/**
 * Stage 6, Write: the documents of one raw file become processed files, in one transaction with
 * the raw file's move to Processed, so a worker killed at any point leaves either the old state or
 * the new one, never half. Reprocessing keeps a document whose page range is unchanged (same id,
 * its logs, and every field staff saved by hand) and soft-deletes documents that no longer exist.
 * The raw file keeps which of its pages were read by OCR, for re-reads of its documents later
 * (a re-split's re-extraction, a re-match) that apply the pipeline's OCR-only corrections.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { rawFile, rawFileLog, type RawFileRow } from '../../db/schema';
import {
  legalExtractedDataForProcessedFile,
  legalProcessedFile,
  legalProcessedFileLog,
  type LegalProcessedFileRow,
} from '../../db/schemaPipeline';
import type { PipelineDocument } from '../../pipeline/types';
import { PIPELINE_ACTOR, RAW_FILE_PROCESSED } from './constants';
import { noticeProcessed } from './notices';
import { withPersonValues } from './personValues';
import type { TitleOf } from './titles';

type ProcessedInsert = typeof legalProcessedFile.$inferInsert;

export interface WrittenDocument {
  document: PipelineDocument;
  /** legal_file_type id, or null when unclassified. */
  legalFileTypeId: string | null;
  name: string;
  url: string;
  storageKey: string;
  exceptionReasons: string[];
  /** The company's chosen data fields found in the document, keyed by data field id. */
  dataFields: Array<{ fieldId: string; dataField: string; value: string | null }>;
}

export interface WriteSummary {
  created: number;
  kept: number;
  removed: number;
  rows: LegalProcessedFileRow[];
}

/**
 * The processed-file columns the pipeline decides; staff edits of these survive reprocessing, and
 * the name and exception reasons then follow the kept values (personValues.ts).
 */
function decidedColumns(written: WrittenDocument): Partial<ProcessedInsert> {
  const { document } = written;
  const { fields, match, classification } = document;
  return {
    name: written.name,
    legal_file_type_id: written.legalFileTypeId,
    case_number: fields.caseNumbers,
    adj_number: fields.adjNumbers,
    eams_number: fields.adjNumbers,
    claim_number: fields.claimNumbers,
    wcab_number: fields.wcabNumbers,
    date_of_injury: fields.dateOfInjury?.start ?? null,
    date_of_injury_end: fields.dateOfInjury?.end ?? null,
    date_of_incident: fields.dateOfIncident,
    applicant: fields.applicant,
    defendant: fields.defendant,
    defendants: fields.defendants,
    legal_case_id: match?.caseId ?? null,
    crm_case_id: null,
    recommended_cases: match?.recommended ?? [],
    is_exception: written.exceptionReasons.length > 0,
    exception_reasons: written.exceptionReasons,
    split_confidence: document.confidence,
    type_confidence: classification.confidence,
  };
}

/** Replaces the pipeline's earlier guesses of the company's data fields with `dataFields`. */
export async function writeExtracted(
  tx: DatabaseExecutor,
  processedFileId: string,
  dataFields: WrittenDocument['dataFields'],
): Promise<void> {
  // Values staff saved or sent to the CRM stay; the pipeline's own earlier guesses are replaced.
  await tx
    .delete(legalExtractedDataForProcessedFile)
    .where(
      and(
        eq(legalExtractedDataForProcessedFile.processed_file_id, processedFileId),
        eq(legalExtractedDataForProcessedFile.is_saved_in_crm, false),
        sql`${legalExtractedDataForProcessedFile.saved_by_user} is null`,
      ),
    );
  const values = dataFields.filter((field) => field.value !== null);
  if (values.length === 0) return;
  await tx.insert(legalExtractedDataForProcessedFile).values(
    values.map((field) => ({
      processed_file_id: processedFileId,
      data_field: field.dataField,
      extracted_value: field.value,
      legal_company_data_for_extraction_id: field.fieldId,
    })),
  );
}

export async function writeDocuments(
  db: Database,
  raw: RawFileRow,
  documents: WrittenDocument[],
  run: {
    pages: number;
    /** The pages (1-based) whose text came from OCR (kept on the raw file for later re-reads). */
    ocrPages: number[];
    stages: unknown[];
    titleOf: TitleOf;
  },
): Promise<WriteSummary> {
  return db.transaction(async (tx) => {
    // The raw file's row lock serialises two runs of the same raw file.
    const [locked] = await tx.select().from(rawFile).where(eq(rawFile.id, raw.id)).for('update');
    if (!locked) throw new Error(`raw file ${raw.id} vanished`);
    // Deleted while the pipeline worked on it: nothing to write.
    if (locked.is_deleted) return { created: 0, kept: 0, removed: 0, rows: [] };
    const existing = await tx
      .select()
      .from(legalProcessedFile)
      .where(
        and(
          eq(legalProcessedFile.legal_raw_file_id, raw.id),
          eq(legalProcessedFile.is_deleted, false),
        ),
      );
    const byRange = new Map(
      existing.map((row) => [`${row.start_page_no}-${row.end_page_no}`, row]),
    );
    const rows: LegalProcessedFileRow[] = [];
    let created = 0;
    let kept = 0;
    for (const written of documents) {
      const { startPage, endPage } = written.document;
      const old = byRange.get(`${startPage}-${endPage}`);
      const columns = decidedColumns(written);
      let row: LegalProcessedFileRow | undefined;
      if (old) {
        byRange.delete(`${startPage}-${endPage}`);
        const merged = withPersonValues(columns, written.exceptionReasons, old, run.titleOf);
        [row] = await tx
          .update(legalProcessedFile)
          .set({
            ...merged,
            is_exception: merged.exception_reasons.length > 0,
            url: written.url,
            s3_key: written.storageKey,
            content: written.document.text,
            updated_at: sql`now()`,
          })
          .where(eq(legalProcessedFile.id, old.id))
          .returning();
        kept += 1;
      } else {
        [row] = await tx
          .insert(legalProcessedFile)
          .values({
            ...columns,
            name: written.name,
            url: written.url,
            s3_key: written.storageKey,
            legal_raw_file_id: raw.id,
            company_id: raw.company_id,
            start_page_no: startPage,
            end_page_no: endPage,
            action_status: 'complete',
            content: written.document.text,
          })
          .returning();
        created += 1;
      }
      if (!row) throw new Error('processed file write returned no row');
      rows.push(row);
      await tx.insert(legalProcessedFileLog).values({
        processed_file_id: row.id,
        field: 'document',
        original_value: old ? `${old.start_page_no}-${old.end_page_no}` : null,
        updated_value: `${startPage}-${endPage}`,
        action_type: old ? 'reprocessed' : 'separated',
        is_exception_value: row.is_exception,
        ...PIPELINE_ACTOR.processedLog,
      });
      await writeExtracted(tx, row.id, written.dataFields);
    }
    const removed = [...byRange.values()];
    if (removed.length > 0) {
      await tx
        .update(legalProcessedFile)
        .set({ is_deleted: true, updated_at: sql`now()` })
        .where(
          inArray(
            legalProcessedFile.id,
            removed.map((row) => row.id),
          ),
        );
      await tx.insert(legalProcessedFileLog).values(
        removed.map((row) => ({
          processed_file_id: row.id,
          field: 'is_deleted',
          original_value: 'false',
          updated_value: 'true',
          action_type: 'reprocessed',
          ...PIPELINE_ACTOR.processedLog,
        })),
      );
    }
    await tx
      .update(rawFile)
      .set({
        status: RAW_FILE_PROCESSED,
        no_of_pages: run.pages,
        ocr_pages: run.ocrPages,
        processed_files_count: documents.length,
        processing_stages: run.stages,
        processing_error: null,
        processed_at: sql`now()`,
      })
      .where(eq(rawFile.id, raw.id));
    const changes = [
      ['status', locked.status, RAW_FILE_PROCESSED],
      ['no_of_pages', String(locked.no_of_pages), String(run.pages)],
    ].filter(([, from, to]) => from !== to);
    if (changes.length > 0)
      await tx.insert(rawFileLog).values(
        changes.map(([field, from, to]) => ({
          raw_file_id: raw.id,
          field: field ?? '',
          original_value: from ?? null,
          updated_value: to ?? null,
          action_type: 'processed',
          ...PIPELINE_ACTOR.rawLog,
        })),
      );
    // The run's end: the uploader hears of it once, with this commit (never on a stale rerun).
    if (locked.status !== RAW_FILE_PROCESSED) await noticeProcessed(tx, locked, rows);
    return { created, kept, removed: removed.length, rows };
  });
}
