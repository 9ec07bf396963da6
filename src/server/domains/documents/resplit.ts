/**
 * Re-splitting: a person moves a document's first or last page, and the neighbouring documents
 * of the same raw file take or give up the pages so the ranges stay contiguous and never
 * overlap. Growing eats into the neighbours on that side (one left without pages is removed);
 * shrinking gives the freed pages to the adjacent neighbour on that side, or to a new document
 * when there is none. The plan is pure; `withRangePdfs` cuts the new PDFs from the raw file, and
 * every document whose pages changed is read again (reextract.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileExtension } from '../../../shared/files/fileTypes';
import type { Database, DatabaseExecutor } from '../../db/connection';
import type { RawFileRow } from '../../db/schema';
import { ValidationError } from '../../errors';
import { PipelineInputError } from '../../pipeline/pages/errors';
import { writeDocumentPdfs } from '../../pipeline/pdf/split';
import { FILE_PATH_PREFIX } from '../files/signer';
import type { FileStorage } from '../files/storage';
import { storeDocumentFile } from '../pipeline/documentFiles';
import { pagesReadByOcr } from '../pipeline/storedDocument';
import { writeExtracted } from '../pipeline/write';
import type { FieldValues } from './changes';
import type { ProcessedFileColumns, ProcessedFileRecord } from './columns';
import { changedValues, reextractChanged } from './reextract';
import type { ProcessedFileRepository, ProcessedFileSet } from './repository';
import type { FieldChange } from './types';

export interface PageRange {
  start: number;
  end: number;
}

export interface DocumentSpan extends PageRange {
  id: string;
}

export interface ResplitPlan {
  /** Documents whose range changes (the edited one included). */
  moved: Array<{ id: string; from: PageRange; to: PageRange }>;
  /** Neighbours left without pages (soft-deleted). */
  emptied: string[];
  /** Freed pages without an adjacent neighbour: new documents. */
  created: PageRange[];
}

const invalid = (message: string) =>
  new ValidationError([{ path: 'changes.start_page_no', message }]);

/** Raw files with a pipeline run pending or under way. */
const RUNNING = new Set(['Uploading', 'Uploaded', 'Processing']);

export function rangeText({ start, end }: PageRange): string {
  return start === end ? `${start}` : `${start}-${end}`;
}

/**
 * The plan of moving `targetId` to `to` among the raw file's live documents (`spans`, any
 * order). The new range must lie in 1..pageCount, start no later than it ends and share at least
 * one page with the current range (a re-split moves edges; it does not relocate a document).
 */
export function planResplit(
  spans: readonly DocumentSpan[],
  targetId: string,
  to: PageRange,
  pageCount: number,
): ResplitPlan {
  const target = spans.find((span) => span.id === targetId);
  if (!target) throw new Error(`document ${targetId} is not among the raw file's documents`);
  if (to.start > to.end) throw invalid('The first page must not come after the last page');
  if (to.start < 1 || to.end > pageCount)
    throw invalid(`Pages must lie between 1 and ${pageCount}, the pages of the raw file`);
  if (to.start > target.end || to.end < target.start)
    throw invalid(
      `The new pages must share at least one page with the current ones (${rangeText(target)})`,
    );

  const others = spans
    .filter((span) => span.id !== targetId)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const before = others.filter((span) => span.start < target.start);
  const after = others.filter((span) => span.start > target.start);
  const moved = new Map<string, { id: string; from: PageRange; to: PageRange }>();
  const emptied: string[] = [];
  const created: PageRange[] = [];
  const move = (span: DocumentSpan, next: PageRange) => {
    if (next.start > next.end) emptied.push(span.id);
    else moved.set(span.id, { id: span.id, from: { start: span.start, end: span.end }, to: next });
  };

  if (to.start < target.start) {
    for (const span of before)
      if (span.end >= to.start) move(span, { start: span.start, end: to.start - 1 });
  } else if (to.start > target.start) {
    const previous = before.at(-1);
    if (previous && previous.end === target.start - 1)
      move(previous, { start: previous.start, end: to.start - 1 });
    else created.push({ start: target.start, end: to.start - 1 });
  }
  if (to.end > target.end) {
    for (const span of after)
      if (span.start <= to.end) move(span, { start: to.end + 1, end: span.end });
  } else if (to.end < target.end) {
    const next = after[0];
    if (next && next.start === target.end + 1) move(next, { start: to.end + 1, end: next.end });
    else created.push({ start: to.end + 1, end: target.end });
  }
  moved.set(target.id, { id: target.id, from: { start: target.start, end: target.end }, to });
  return { moved: [...moved.values()], emptied, created };
}

/**
 * The raw file's page texts, recovered from its documents' content (each is its pages joined
 * by form feeds). Live documents are read first, then deleted ones; a document whose content
 * does not split into its page count is skipped; pages nobody knows are ''.
 */
export function pageTextsOf(
  documents: ReadonlyArray<PageRange & { content: string; is_deleted: boolean }>,
  pageCount: number,
): string[] {
  const texts: Array<string | undefined> = Array.from({ length: pageCount });
  const ordered = [...documents].sort((a, b) => Number(a.is_deleted) - Number(b.is_deleted));
  for (const document of ordered) {
    const parts = document.content.split('\f');
    if (parts.length !== document.end - document.start + 1) continue;
    parts.forEach((text, i) => {
      const index = document.start - 1 + i;
      if (index >= 0 && index < pageCount && texts[index] === undefined) texts[index] = text;
    });
  }
  return texts.map((text) => text ?? '');
}

export function contentOf(pageTexts: readonly string[], range: PageRange): string {
  return pageTexts.slice(range.start - 1, range.end).join('\f');
}

/**
 * Cuts one PDF per range from the raw file's stored bytes into a temporary folder and hands the
 * paths to `use` (which stores them); the folder is removed afterwards. A PDF that cannot be
 * split, or has fewer pages than recorded, is bad input rather than a fault.
 */
export async function withRangePdfs<T>(
  storage: FileStorage,
  raw: { company_id: string; s3_key: string },
  ranges: readonly PageRange[],
  use: (paths: string[]) => Promise<T>,
): Promise<T> {
  const stored = await storage.localCopy(raw.company_id, raw.s3_key);
  if (!stored)
    throw new ValidationError([
      { path: 'changes.start_page_no', message: 'The raw file’s stored bytes are missing' },
    ]);
  const workDir = await mkdtemp(join(tmpdir(), 'lexdesk-resplit-'));
  try {
    let paths: string[];
    try {
      paths = await writeDocumentPdfs(
        { path: stored.path, kind: 'pdf' },
        ranges.map((range) => ({ startPage: range.start, endPage: range.end })),
        workDir,
      );
    } catch (error) {
      if (error instanceof PipelineInputError || error instanceof RangeError)
        throw new ValidationError([
          {
            path: 'changes.start_page_no',
            message: `The raw file’s PDF cannot be split there (${error.message})`,
          },
        ]);
      throw error;
    }
    return await use(paths);
  } finally {
    await rm(workDir, { recursive: true, force: true });
    await stored.release();
  }
}

export interface ResplitOutcome {
  /** Column values of the edited document besides its edited fields (re-extracted ones too). */
  target: ProcessedFileSet & { exception_reasons: string[]; is_exception: boolean };
  /** The edited document's re-extracted values that changed (logged with its own changes). */
  targetChanges: Array<Omit<FieldChange, 'file'>>;
  /** Changes of the neighbours and new documents, logged after the edited document's. */
  changes: FieldChange[];
  /** Storage keys the moved documents no longer use. */
  oldKeys: string[];
}

/** The edited document as its person values stand after the edit (`edit`, its changed fields). */
function afterEdit(current: ProcessedFileColumns, edit: FieldValues): ProcessedFileColumns {
  return {
    ...current,
    ...(edit as Partial<ProcessedFileColumns>),
    edited_fields: [...new Set([...current.edited_fields, ...Object.keys(edit)])],
  };
}

/**
 * Moves the document's pages (the raw file row and the documents are locked by the caller):
 * neighbours take or give up pages, new PDFs and texts are written for every changed range, and
 * every changed document is read again (reextract.ts), keeping what a person entered.
 */
export async function applyResplit(
  deps: { db: Database; storage: FileStorage; repo: ProcessedFileRepository },
  tx: DatabaseExecutor,
  raw: RawFileRow,
  current: ProcessedFileRecord,
  to: PageRange,
  edit: FieldValues,
): Promise<ResplitOutcome> {
  const { db, repo } = deps;
  if (raw.is_deleted) throw invalid('The raw file of this document was deleted');
  if (fileExtension(raw.name) !== 'pdf')
    throw invalid('Only documents of a PDF raw file can be re-split');
  if (!raw.s3_key) throw invalid('The raw file’s bytes are not stored yet');
  if (RUNNING.has(raw.status))
    throw invalid('The raw file is being processed; re-split it once processing ends');
  if (raw.no_of_pages < 1) throw invalid('The raw file’s page count is not known');

  const live = await repo.liveDocumentsOf(tx, raw.id);
  const plan = planResplit(
    live.map((doc) => ({ id: doc.id, start: doc.start_page_no, end: doc.end_page_no })),
    current.id,
    to,
    raw.no_of_pages,
  );
  const byId = new Map(live.map((doc) => [doc.id, doc]));
  const texts = pageTextsOf(await repo.pageSourcesOf(tx, raw.id), raw.no_of_pages);

  // The raw file's documents after the move, in page order; moved and new ones are read again.
  const movedTo = new Map(plan.moved.map((move) => [move.id, move.to]));
  const emptied = new Set(plan.emptied);
  const after = [
    ...live
      .filter((doc) => !emptied.has(doc.id))
      .map((doc) => ({
        id: doc.id as string | undefined,
        range: movedTo.get(doc.id) ?? { start: doc.start_page_no, end: doc.end_page_no },
        stored: doc.id === current.id ? afterEdit(doc, edit) : doc,
      })),
    ...plan.created.map((range) => ({ id: undefined, range, stored: undefined })),
  ].sort((a, b) => a.range.start - b.range.start);
  const read = await reextractChanged(
    tx,
    raw.company_id,
    after.map((doc) => ({
      changed: doc.id === undefined || movedTo.has(doc.id),
      stored: doc.stored,
      pages: texts.slice(doc.range.start - 1, doc.range.end),
      // A document is a scan when one of its new pages was read by OCR (its raw file keeps which).
      ocr: pagesReadByOcr(raw.ocr_pages, doc.range),
    })),
  );
  const readOf = (id: string | undefined, range: PageRange) =>
    read[after.findIndex((doc) => doc.id === id && doc.range.start === range.start)];

  const ranges = [...plan.moved.map((move) => move.to), ...plan.created];
  const names = [
    ...plan.moved.map((move) => readOf(move.id, move.to)?.values.name ?? ''),
    ...plan.created.map((range) => readOf(undefined, range)?.values.name ?? ''),
  ];
  const s3Key = raw.s3_key;
  const keys = await withRangePdfs(
    deps.storage,
    { company_id: raw.company_id, s3_key: s3Key },
    ranges,
    async (paths) => {
      const stored: string[] = [];
      for (const [i, range] of ranges.entries())
        stored.push(
          await storeDocumentFile(
            db,
            deps.storage,
            raw,
            { startPage: range.start, endPage: range.end },
            { path: paths[i] ?? '', name: names[i] ?? '' },
          ),
        );
      return stored;
    },
  );

  const changes: FieldChange[] = [];
  const oldKeys: string[] = [];
  let target: ResplitOutcome['target'] = {
    exception_reasons: current.exception_reasons,
    is_exception: current.is_exception,
  };
  let targetChanges: ResplitOutcome['targetChanges'] = [];
  for (const [i, move] of plan.moved.entries()) {
    const doc = byId.get(move.id);
    const key = keys[i] ?? '';
    const reread = readOf(move.id, move.to);
    if (!doc || !reread) continue;
    if (doc.s3_key && doc.s3_key !== key) oldKeys.push(doc.s3_key);
    const columns = {
      ...reread.values,
      start_page_no: move.to.start,
      end_page_no: move.to.end,
      url: `${FILE_PATH_PREFIX}${key}`,
      s3_key: key,
      content: contentOf(texts, move.to),
    };
    await writeExtracted(tx, doc.id, reread.dataFields);
    const valueChanges = await changedValues(
      repo,
      tx,
      doc,
      reread.values,
      new Set(Object.keys(edit)),
    );
    if (doc.id === current.id) {
      // The edited document is written (and logged) by the caller with its other changes.
      target = columns;
      targetChanges = valueChanges.map((change) => ({ ...change, action: 'resplit' }));
      continue;
    }
    const updated = await repo.update(tx, doc.id, columns);
    const pages: Array<[string, number, number]> = [
      ['start_page_no', doc.start_page_no, move.to.start],
      ['end_page_no', doc.end_page_no, move.to.end],
    ];
    for (const [field, from, next] of pages)
      if (from !== next)
        changes.push({
          file: updated,
          field,
          from: String(from),
          to: String(next),
          action: 'resplit',
        });
    for (const change of valueChanges)
      changes.push({ ...change, file: updated, action: 'resplit' });
  }
  for (const id of plan.emptied) {
    const updated = await repo.update(tx, id, { is_deleted: true, deleted_at: new Date() });
    changes.push({
      file: updated,
      field: 'is_deleted',
      from: 'false',
      to: 'true',
      action: 'resplit',
    });
  }
  for (const [i, range] of plan.created.entries()) {
    const key = keys[plan.moved.length + i] ?? '';
    const reread = readOf(undefined, range);
    const created = await repo.insert(tx, {
      ...reread?.values,
      name: reread?.values.name ?? '',
      url: `${FILE_PATH_PREFIX}${key}`,
      s3_key: key,
      legal_raw_file_id: raw.id,
      company_id: raw.company_id,
      start_page_no: range.start,
      end_page_no: range.end,
      action_status: 'complete',
      content: contentOf(texts, range),
    });
    if (reread) await writeExtracted(tx, created.id, reread.dataFields);
    changes.push({
      file: created,
      field: 'document',
      from: null,
      to: rangeText(range),
      action: 'resplit',
    });
  }
  await repo.recountDocuments(tx, raw.id);
  return { target, targetChanges, changes, oldKeys };
}
