/**
 * File uploads to the server's REST endpoints (company icon, avatar, files) with the session's
 * bearer token. XMLHttpRequest rather than fetch, for upload progress, which is reported at the
 * spec's steps: 10 when sending starts, 30 and 70 as bytes go out, 100 when the server accepted it.
 * A refusal carries the server's message (for example 'Invalid file type or format').
 */
import { z } from 'zod';
import { isErrorCode } from '../../shared/errors';
import type { UploadProgressStep } from '../features/uploads/slice';
import { NETWORK_UNREACHABLE } from './errors';

const Refusal = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const Accepted = z.object({ url: z.string().optional(), key: z.string().optional() });
export type UploadAccepted = z.infer<typeof Accepted>;

export class UploadError extends Error {
  readonly code: string | null;
  constructor(message: string, code: string | null) {
    super(message);
    this.name = 'UploadError';
    this.code = code;
  }
}

export function progressStep(loaded: number, total: number): UploadProgressStep {
  const fraction = total > 0 ? loaded / total : 0;
  if (fraction >= 0.7) return 70;
  if (fraction >= 0.3) return 30;
  return 10;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Reads the server's answer: the accepted body, or an UploadError with the server's message. */
export function readUploadResponse(
  status: number,
  bodyText: string,
  fallback: string,
): UploadAccepted {
  const body = parseJson(bodyText);
  if (status >= 200 && status < 300) {
    const accepted = Accepted.safeParse(body ?? {});
    return accepted.success ? accepted.data : {};
  }
  const refusal = Refusal.safeParse(body);
  if (refusal.success) {
    const { code, message } = refusal.data.error;
    throw new UploadError(message, isErrorCode(code) ? code : null);
  }
  throw new UploadError(fallback, null);
}

export interface UploadRequest {
  url: string;
  token: string;
  file: File;
  /** The catalogue message for this upload failing (e.g. ERRORS.UPLOAD_ICON_FAILED). */
  fallback: string;
  onProgress(step: UploadProgressStep): void;
}

export function uploadFile(request: UploadRequest): Promise<UploadAccepted> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
    xhr.upload.onprogress = (event) => request.onProgress(progressStep(event.loaded, event.total));
    xhr.upload.onload = () => request.onProgress(70);
    xhr.onerror = () => reject(new UploadError(NETWORK_UNREACHABLE, null));
    xhr.onload = () => {
      try {
        const accepted = readUploadResponse(xhr.status, xhr.responseText, request.fallback);
        request.onProgress(100);
        resolve(accepted);
      } catch (error) {
        reject(error instanceof UploadError ? error : new UploadError(request.fallback, null));
      }
    };
    const form = new FormData();
    form.append('file', request.file, request.file.name);
    request.onProgress(10);
    xhr.send(form);
  });
}
