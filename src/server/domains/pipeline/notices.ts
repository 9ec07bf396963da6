/**
 * What the pipeline tells the person who uploaded a raw file when a run ends: the documents are
 * ready (and, separately, how many of them need review and why), or the file could not be
 * processed and why, in words, linking to the raw file or the review queue. Each notice is written
 * in the transaction that moves the raw file out of Processing, under its row lock, so a run that
 * is retried or recovered after a crash notifies exactly once: when that move commits.
 */
import { APP_PATHS } from '../../../shared/routes';
import type { DatabaseExecutor } from '../../db/connection';
import type { RawFileRow } from '../../db/schema';
import type { LegalProcessedFileRow } from '../../db/schemaPipeline';
import type { PipelineInputErrorCode } from '../../pipeline/pages/errors';
import { insertNotification } from '../notifications/repository';

/** The notification's module: the notifications list shows it as a tag. */
export const PIPELINE_NOTICE_MODULE = 'processing';

/** Why a document needs review, as the review queue says it (naming.ts exceptionReasons). */
const REVIEW_REASONS: Record<string, string> = {
  no_file_type: 'No document type',
  needs_case_number: 'No case number',
  multi_case: 'Several matching cases',
};

/** Why a file could not be read, in words, by the error's code (never its storage path). */
export const UNREADABLE_REASONS: Record<PipelineInputErrorCode | 'missing', string> = {
  corrupt: 'the file is damaged or is not a valid document',
  encrypted: 'the file is password-protected',
  empty: 'the file is empty',
  unsupported: 'LexDesk cannot read this type of file',
  missing: 'its stored copy is missing; upload it again',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The notice rows of a run that wrote `rows` (pure: tests read it without a database). */
export function processedNotices(
  raw: Pick<RawFileRow, 'id' | 'name'>,
  rows: readonly Pick<LegalProcessedFileRow, 'exception_reasons'>[],
): Array<{ content: string; redirect: string; extra: string | null }> {
  const ready = {
    content: `${plural(rows.length, 'document')} ready from "${raw.name}".`,
    redirect: APP_PATHS.rawFile(raw.id),
    extra: null,
  };
  const flagged = rows.filter((row) => row.exception_reasons.length > 0);
  if (flagged.length === 0) return [ready];
  const counts = new Map<string, number>();
  for (const row of flagged)
    for (const reason of row.exception_reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const why = [...counts]
    .map(([reason, n], index) => {
      const label = REVIEW_REASONS[reason] ?? reason.replaceAll('_', ' ');
      return `${index === 0 ? label : label.toLowerCase()}: ${n}`;
    })
    .join('; ');
  return [
    ready,
    {
      content: `${plural(flagged.length, 'document')} from "${raw.name}" ${flagged.length === 1 ? 'needs' : 'need'} review.`,
      redirect: APP_PATHS.review,
      extra: `${why}.`,
    },
  ];
}

/** Notifies the uploader that the run wrote `rows` (inside the run's final transaction). */
export async function noticeProcessed(
  tx: DatabaseExecutor,
  raw: RawFileRow,
  rows: readonly LegalProcessedFileRow[],
): Promise<void> {
  if (!raw.uploaded_by) return;
  for (const notice of processedNotices(raw, rows))
    await insertNotification(tx, {
      content: notice.content,
      receiver_id: raw.uploaded_by,
      sender_id: null,
      module: PIPELINE_NOTICE_MODULE,
      redirect: notice.redirect,
      extra_content: notice.extra,
      company_id: raw.company_id,
    });
}

/** Notifies the uploader that the file could not be processed, and why (in words). */
export async function noticeFailed(
  tx: DatabaseExecutor,
  raw: RawFileRow,
  reason: string,
): Promise<void> {
  if (!raw.uploaded_by) return;
  await insertNotification(tx, {
    content: `"${raw.name}" could not be processed: ${reason}.`,
    receiver_id: raw.uploaded_by,
    sender_id: null,
    module: PIPELINE_NOTICE_MODULE,
    redirect: APP_PATHS.rawFile(raw.id),
    extra_content: 'Open the file to see what happened and to process it again.',
    company_id: raw.company_id,
  });
}
