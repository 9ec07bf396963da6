/**
 * Uploads the files picked in a chat composer through the one upload path (app/upload.ts: POST
 * /files/upload, its type check, the session's bearer token). Staff upload for the room's company;
 * a guest uploads with their guest session, which the server files under their room and lets them
 * attach there only (server chat/guestFiles.ts). A refused file leaves the chips and names itself
 * with the server's message ('Invalid file type or format', 'Failed to upload file'); nothing else
 * in the composer changes.
 */
import { useReducer, useState } from 'react';
import { CHAT_ATTACHMENTS_TOO_MANY } from '../../../shared/chat';
import { ERRORS } from '../../../shared/errors';
import { uploadFile, UploadError } from '../../app/upload';
import { fitting, pendingFilesReducer, type PendingFile } from './pendingFiles';

export interface ChatUploadTarget {
  /** POST /files/upload?company_id=…; null until the room is known. */
  url: string | null;
  token: string | null;
}

export function chatUploadUrl(serverUrl: string, companyId: string | undefined): string | null {
  if (!companyId) return null;
  return `${serverUrl.replace(/\/+$/, '')}/files/upload?company_id=${encodeURIComponent(companyId)}`;
}

/** What the composer says about one file that could not be attached. */
export function uploadProblem(name: string, error: unknown): string {
  const message = error instanceof UploadError ? error.message : ERRORS.UPLOAD_FILE_FAILED;
  return `${name}: ${message}`;
}

export function useChatUploads(target: ChatUploadTarget) {
  const [files, dispatch] = useReducer(pendingFilesReducer, [] as readonly PendingFile[]);
  const [problems, setProblems] = useState<string[]>([]);
  const report = (problem: string) => setProblems((shown) => [...shown, problem]);

  function upload(id: string, file: File) {
    const { url, token } = target;
    const sending =
      url && token
        ? uploadFile({
            url,
            token,
            file,
            fallback: ERRORS.UPLOAD_FILE_FAILED,
            onProgress: () => undefined,
          })
        : Promise.reject(new UploadError(ERRORS.UPLOAD_FILE_FAILED, null));
    sending
      .then((accepted) => {
        if (!accepted.key) throw new UploadError(ERRORS.UPLOAD_FILE_FAILED, null);
        dispatch({ type: 'uploaded', id, key: accepted.key });
      })
      .catch((error: unknown) => {
        dispatch({ type: 'failed', id });
        report(uploadProblem(file.name, error));
      });
  }

  return {
    files,
    problems,
    /** Starts uploading the picked files (those beyond the per-message limit are refused). */
    pick(picked: readonly File[]) {
      setProblems([]);
      const taken = fitting(files, picked);
      if (taken.length < picked.length) report(CHAT_ATTACHMENTS_TOO_MANY);
      const added = taken.map((file) => ({
        id: crypto.randomUUID(),
        name: file.name,
        size: file.size,
        file,
      }));
      if (added.length === 0) return;
      dispatch({ type: 'added', files: added.map(({ id, name, size }) => ({ id, name, size })) });
      for (const { id, file } of added) upload(id, file);
    },
    remove: (id: string) => dispatch({ type: 'removed', id }),
    /** The message carrying these files went out: their chips leave. */
    sent: (ids: readonly string[]) => dispatch({ type: 'sent', ids }),
    dismiss: () => setProblems([]),
  };
}
