/**
 * One leased job, start to end: check the file is still the one queued, register the raw file
 * (idempotent by the job's key), create or resume the tus upload (its URL stored in the queue
 * before any byte moves), then complete or fail the job. Every queue call carries the lease; once
 * one answers false (lease lost or job cancelled) the work stops and changes nothing more.
 */
import { stat } from 'node:fs/promises';
import { isErrnoException } from '../atomicFile';
import { intakeMessage } from '../intake/messages';
import type { FailureInfo, LeasedJob } from '../uploads/queue';
import { errorFromThrown, UploadError } from './errors';
import {
  createRawFile,
  markRawFileFailed,
  readRawFileStatus,
  TUS_PATH,
  type RegisteredRawFile,
  type ServerConnection,
} from './serverApi';
import { sendFile } from './tusClient';
import { STEP, type UploaderOptions } from './types';

export interface JobContext {
  job: LeasedJob;
  connection: ServerConnection;
  options: UploaderOptions;
  signal: AbortSignal;
  /** Reports a step or byte progress (the caller throttles events). */
  report: (progress: number, bytesSent: number) => void;
  /** False once the lease is gone: stop. */
  leaseHeld: () => boolean;
  loseLease: () => void;
}

const FAILED_STATUSES = new Set(['Uploading_Failed', 'UNACCESSIBLE']);

export const CHANGED_SINCE_QUEUED =
  'The file changed after it was queued. Add it again to upload the new version.';

/** Size and mtime must still be the queued ones (the server checks the SHA-256 at the end). */
async function checkSource(job: LeasedJob): Promise<void> {
  let facts;
  try {
    facts = await stat(job.sourcePath);
  } catch (error) {
    if (isErrnoException(error) && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) {
      throw new UploadError('permanent', 'FILE_NOT_FOUND', intakeMessage('FILE_NOT_FOUND'));
    }
    throw new UploadError('transient', 'FILE_UNREADABLE', intakeMessage('FILE_UNREADABLE'));
  }
  if (facts.size !== job.size || facts.mtimeMs !== job.mtimeMs) {
    throw new UploadError('permanent', 'FILE_CHANGED_SINCE_QUEUED', CHANGED_SINCE_QUEUED);
  }
}

function mediumOf(context: JobContext) {
  const { medium } = context.options;
  return typeof medium === 'function' ? medium(context.job) : medium;
}

async function register(context: JobContext): Promise<RegisteredRawFile> {
  const { job, options } = context;
  return createRawFile(
    context.connection,
    {
      companyId: job.companyId,
      medium: mediumOf(context),
      file: {
        name: job.fileName,
        size: job.size ?? 0,
        mime: job.mimeType ?? 'application/octet-stream',
        sha256: job.sha256 ?? '',
        idempotencyKey: job.idempotencyKey,
      },
    },
    { timeoutMs: options.timeoutMs ?? 30_000, signal: context.signal, fetch: options.fetch },
  );
}

function record(context: JobContext, bytes: number, uploadUrl?: string): void {
  if (!context.leaseHeld()) return;
  const ok = context.options.queue.recordProgress(context.job.id, context.job.leaseId, {
    uploadedBytes: bytes,
    ...(uploadUrl ? { uploadUrl } : {}),
  });
  if (!ok) context.loseLease();
}

async function sendBytes(context: JobContext, raw: RegisteredRawFile): Promise<void> {
  const { job, options } = context;
  const size = job.size ?? 0;
  const every = options.progressEveryBytes ?? 8 * 1024 * 1024;
  const everyMs = options.progressEveryMs ?? 1000;
  let lastRecordedAt = performance.now();
  const timeoutMs = options.timeoutMs ?? 30_000;
  let lastRecorded = 0;
  const result = await sendFile({
    endpoint: `${context.connection.serverUrl}${TUS_PATH}`,
    uploadUrl: job.uploadUrl,
    token: context.connection.token,
    timeoutMs,
    signal: context.signal,
    filePath: job.sourcePath,
    size,
    metadata: { raw_file_id: raw.id, filename: job.fileName },
    onUrl: (url) => record(context, 0, url),
    onResume: (offset) => {
      lastRecorded = offset;
      context.report(STEP.sending, offset);
    },
    onProgress: (sent) => {
      context.report(STEP.sending, sent);
      const now = performance.now();
      if (sent - lastRecorded >= every && now - lastRecordedAt >= everyMs) {
        lastRecorded = sent;
        lastRecordedAt = now;
        record(context, sent);
      }
    },
  });
  if (!result.alreadyComplete) return;
  // Every byte was there before we sent any: the answer to the last PATCH was lost.
  const status = await readRawFileStatus(context.connection, raw.id, {
    timeoutMs,
    signal: context.signal,
    fetch: options.fetch,
  });
  if (FAILED_STATUSES.has(status)) {
    throw new UploadError('permanent', 'UPLOAD_REJECTED', 'The server rejected the uploaded file.');
  }
  if (status === 'Uploading') {
    throw new UploadError(
      'transient',
      'SERVER_NOT_FINISHED',
      'The server has not finished checking the file yet.',
    );
  }
}

export type JobOutcome =
  | { outcome: 'uploaded'; rawFileId: string }
  | {
      outcome: 'failed';
      failure: FailureInfo;
      rawFileId: string | null;
      /** The client gave up (file gone or changed), not the server: the server must be told. */
      clientSide: boolean;
      /** The server answered 401: the session expired or was revoked. */
      unauthorized: boolean;
    }
  | { outcome: 'abandoned'; rawFileId: string | null };

/** Runs the job; never throws. 'abandoned': the lease is gone or the uploader stopped. */
export async function runJob(context: JobContext): Promise<JobOutcome> {
  let raw: RegisteredRawFile | null = null;
  try {
    context.report(0, context.job.uploadedBytes);
    await checkSource(context.job);
    raw = await register(context);
    if (!FAILED_STATUSES.has(raw.status) && raw.status !== 'Uploading') {
      return { outcome: 'uploaded', rawFileId: raw.id }; // finished before a crash lost `complete`
    }
    if (FAILED_STATUSES.has(raw.status)) {
      throw new UploadError(
        'permanent',
        'UPLOAD_REJECTED',
        'The server marked this upload as failed.',
      );
    }
    context.report(STEP.registered, context.job.uploadedBytes);
    await sendBytes(context, raw);
    context.report(STEP.sent, context.job.size ?? 0);
    return { outcome: 'uploaded', rawFileId: raw.id };
  } catch (thrown) {
    const error = errorFromThrown(thrown, context.signal);
    if (error.kind === 'aborted' || !context.leaseHeld())
      return { outcome: 'abandoned', rawFileId: raw?.id ?? null };
    const permanent = error.kind === 'permanent';
    return {
      outcome: 'failed',
      failure: { code: error.code, message: error.message, permanent },
      rawFileId: raw?.id ?? null,
      clientSide: error.status === undefined,
      unauthorized: error.status === 401,
    };
  }
}

/** Client-side permanent failure: tell the server (best effort; the job fails either way). */
export async function reportClientFailure(
  connection: ServerConnection,
  rawFileId: string,
  options: UploaderOptions,
): Promise<void> {
  try {
    await markRawFileFailed(connection, rawFileId, {
      timeoutMs: options.timeoutMs ?? 30_000,
      fetch: options.fetch,
    });
  } catch (error) {
    options.log?.(
      `Could not mark raw file ${rawFileId} as failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
