/**
 * One run of the document pipeline over one raw file, as the job worker calls it: pages (text
 * layer or OCR), split, classify, extract, match, then the documents' PDFs and the processed-file
 * rows. Every stage's time is kept on the raw file. A file the pipeline cannot read (corrupt,
 * encrypted, no pages) becomes UNACCESSIBLE with the reason; other faults are thrown for the queue
 * to retry, and the last attempt marks the raw file Uploading_Failed (see queue.ts). A file whose
 * runs kept stopping (their worker died each time) is given up the same way. The caller holds the
 * file's run lock (runLock.ts) and the run confirms it right before its one write.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { rawFile, type RawFileRow } from '../../db/schema';
import { RAW_FILE_STATUS } from '../../../shared/raw-files/status';
import { readPages, PipelineInputError } from '../../pipeline/pages';
import type { OcrEngine } from '../../pipeline/pages';
import { writeDocumentPdfs } from '../../pipeline/pdf/split';
import { runPipeline, type StageTiming } from '../../pipeline/run';
import type { InputKind } from '../../pipeline/types';
import type { FileStorage } from '../files/storage';
import { FILE_PATH_PREFIX } from '../files/signer';
import { findCaseCandidates } from './cases';
import { PIPELINE_RETRY_LIMIT, RAW_FILE_PROCESSING } from './constants';
import { companyDataFields, extractCompanyData } from './dataFields';
import { exceptionReasons } from './naming';
import { companyTitles } from './titles';
import { storeDocumentFile } from './documentFiles';
import type { LlmExtractor } from '../../pipeline/extract/llm';
import { UNREADABLE_REASONS } from './notices';
import { markRawFile } from './rawFileState';
import type { RunLock } from './runLock';
import { ensureCompanyTaxonomy, loadCompanyTaxonomy, loadModel } from './taxonomy';
import { writeDocuments, type WriteSummary, type WrittenDocument } from './write';

export interface ProcessDeps {
  db: Database;
  storage: FileStorage;
  ocr: () => Promise<OcrEngine>;
  /** Where document PDFs are staged before they are stored. */
  workDir?: string;
  /** The optional LLM extractor (LLM_BASE_URL); its failures are reported here, never fatal. */
  llm?: { extractor: LlmExtractor; onError: (error: unknown, rawFileId: string) => void };
}

export type ProcessOutcome =
  | { status: 'processed'; summary: WriteSummary; pages: number }
  | { status: 'unaccessible'; reason: string }
  | { status: 'failed'; reason: string }
  | { status: 'skipped'; reason: string };

/**
 * Raw files the pipeline takes: uploaded (or asked to reprocess, which sets Uploaded again) and
 * interrupted runs. A stale job for a file already Processed is skipped.
 */
const PROCESSABLE = new Set(['Uploaded', RAW_FILE_PROCESSING]);

export async function processRawFile(
  deps: ProcessDeps,
  rawFileId: string,
  lock?: Pick<RunLock, 'confirm'>,
): Promise<ProcessOutcome> {
  const { db, storage } = deps;
  const [raw] = await db
    .select()
    .from(rawFile)
    .where(and(eq(rawFile.id, rawFileId), eq(rawFile.is_deleted, false)));
  if (!raw) return { status: 'skipped', reason: 'raw file not found or deleted' };
  if (!PROCESSABLE.has(raw.status) || !raw.s3_key)
    return { status: 'skipped', reason: `raw file is ${raw.status}` };

  // Runs started since the file was uploaded or last asked to be reprocessed (a run whose worker
  // died counts too: the queue retries it as a new run).
  const attempt = raw.processing_attempts + 1;
  // Still Processing: the last run stopped without an end (a failed run ends by queueing the next).
  if (raw.status === RAW_FILE_PROCESSING && attempt > PIPELINE_RETRY_LIMIT + 1) {
    const reason = `Processing failed: processing this file stopped unexpectedly ${raw.processing_attempts} times.`;
    await markRawFile(
      db,
      raw,
      { status: RAW_FILE_STATUS.failed, error: reason },
      'processing_failed',
      { failureNotice: `processing it stopped unexpectedly ${raw.processing_attempts} times` },
    );
    return { status: 'failed', reason };
  }
  await markRawFile(db, raw, { status: RAW_FILE_PROCESSING, attempt }, 'processing_started');
  const timings: Array<StageTiming | { stage: 'pages' | 'write'; ms: number }> = [];
  const stored = await storage.localCopy(raw.company_id, raw.s3_key);
  if (!stored) return unreadable(db, raw, 'The stored bytes of this file are missing.', 'missing');
  const workDir = await mkdtemp(join(deps.workDir ?? tmpdir(), 'lexdesk-pipeline-'));
  try {
    const pagesResult = await readPages(stored.path, { ocr: await deps.ocr(), name: raw.name });
    timings.push({ stage: 'pages', ms: pagesResult.ms });

    await ensureCompanyTaxonomy(db, raw.company_id);
    const company = await loadCompanyTaxonomy(db, raw.company_id);
    const dataFields = await companyDataFields(db, raw.company_id);
    const { llm } = deps;
    const run = await runPipeline(pagesResult.pages, pagesResult.kind, {
      taxonomy: company.taxonomy,
      model: await loadModel(db, raw.company_id),
      findCases: (fields) => findCaseCandidates(db, raw.company_id, fields),
      ...(llm
        ? {
            llm: {
              extractor: llm.extractor,
              dataFields,
              onError: (error: unknown) => llm.onError(error, raw.id),
            },
          }
        : {}),
    });
    timings.push(...run.timings);

    const started = performance.now();
    const ranges = run.documents.map((d) => ({ startPage: d.startPage, endPage: d.endPage }));
    const kind: InputKind = pagesResult.kind;
    const files = await writeDocumentPdfs({ path: stored.path, kind }, ranges, workDir);
    const typeIdOf = (key: string | null) => (key ? (company.typeIds.get(key) ?? null) : null);
    const titleOf = await companyTitles(db, raw.company_id);
    const written: WrittenDocument[] = [];
    for (const [index, document] of run.documents.entries()) {
      const file = files[index];
      if (!file) throw new Error('the PDF writer returned fewer files than documents');
      const name = titleOf({
        legal_file_type_id: typeIdOf(document.classification.typeKey),
        applicant: document.fields.applicant,
        date_of_injury: document.fields.dateOfInjury?.start,
        date_of_incident: document.fields.dateOfIncident,
      });
      const storageKey = await storeDocumentFile(db, storage, raw, document, { path: file, name });
      written.push({
        document,
        legalFileTypeId: typeIdOf(document.classification.typeKey),
        name,
        url: `${FILE_PATH_PREFIX}${storageKey}`,
        storageKey,
        exceptionReasons: exceptionReasons(document, typeIdOf(document.classification.typeKey)),
        dataFields: extractCompanyData(document.text, dataFields, document.llmData),
      });
    }
    timings.push({ stage: 'write', ms: Math.round(performance.now() - started) });
    // A run that lost its lock may overlap a newer run of this file: it must not write.
    await lock?.confirm();
    const summary = await writeDocuments(db, raw, written, {
      pages: pagesResult.pages.length,
      ocrPages: pagesResult.pages.filter((page) => page.source === 'ocr').map((page) => page.page),
      stages: timings.map((t) => ({ ...t, attempt })),
      titleOf,
    });
    return { status: 'processed', summary, pages: pagesResult.pages.length };
  } catch (error) {
    // Unreadable input (corrupt, encrypted, no pages) is final: no retry will read it.
    if (error instanceof PipelineInputError)
      return await unreadable(db, raw, error.message, error.code);
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
    await stored.release();
  }
}

async function unreadable(
  db: Database,
  raw: RawFileRow,
  reason: string,
  code: keyof typeof UNREADABLE_REASONS,
): Promise<ProcessOutcome> {
  await markRawFile(db, raw, { status: 'UNACCESSIBLE', error: reason }, 'processing_failed', {
    failureNotice: UNREADABLE_REASONS[code],
  });
  return { status: 'unaccessible', reason };
}
