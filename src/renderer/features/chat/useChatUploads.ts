/**
 * Uploads the files picked in a chat composer through the one upload path (app/upload.ts: POST
 * /files/upload, its type check, the session's bearer token). Staff upload for the room's company;
 * a guest uploads with their guest session, which the server files under their room and lets them
 * attach there only (server chat/uploads.ts). A refused file leaves the chips and names itself
 * with the server's message ('Invalid file type or format', 'Failed to upload file'); nothing else
 * in the composer changes. Uploads name the room (chat_room_id), so the server keeps them as this
 * room's composer uploads: a chip taken out removes its file on the server at once
 * (removeChatUpload; a chip removed while uploading, once its upload is done), so are the chips
 * left when the room is closed (the composer unmounts), and files never sent (the window closed)
 * are swept by the server after a day (chat/uploads.ts).
 */
import { useMutation } from '@apollo/client/react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { CHAT_ATTACHMENTS_TOO_MANY } from '../../../shared/chat';
import { ERRORS } from '../../../shared/errors';
import { uploadFile, UploadError } from '../../app/upload';
import { REMOVE_CHAT_UPLOAD } from './operations';
import { fitting, pendingFilesReducer, type PendingFile } from './pendingFiles';

export interface ChatUploadTarget {
  /** POST /files/upload?chat_room_id=…; null until the room is known. */
  url: string | null;
  token: string | null;
}

export function chatUploadUrl(serverUrl: string, roomId: string | undefined): string | null {
  if (!roomId) return null;
  return `${serverUrl.replace(/\/+$/, '')}/files/upload?chat_room_id=${encodeURIComponent(roomId)}`;
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
  const [removeUpload] = useMutation(REMOVE_CHAT_UPLOAD);
  /** Chips taken out while their upload was still on its way. */
  const removedEarly = useRef(new Set<string>());
  const forget = (key: string) => {
    // The chip is already gone; a refusal (e.g. sent meanwhile) leaves the file to the server's rules.
    void removeUpload({ variables: { key } }).catch(() => undefined);
  };
  // Leaving the room (the composer unmounts) takes its unsent chips out too.
  const held = useRef(files);
  held.current = files;
  const forgetRef = useRef(forget);
  forgetRef.current = forget;
  useEffect(
    () => () => {
      for (const file of held.current)
        if (file.key === null) removedEarly.current.add(file.id);
        else forgetRef.current(file.key);
    },
    [],
  );

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
        if (removedEarly.current.delete(id)) forget(accepted.key);
        else dispatch({ type: 'uploaded', id, key: accepted.key });
      })
      .catch((error: unknown) => {
        if (removedEarly.current.delete(id)) return;
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
    /** Takes a chip out; its uploaded file is removed on the server. */
    remove(id: string) {
      const file = files.find((f) => f.id === id);
      if (!file) return;
      if (file.key === null) removedEarly.current.add(id);
      else forget(file.key);
      dispatch({ type: 'removed', id });
    },
    /** The message carrying these files went out: their chips leave. */
    sent: (ids: readonly string[]) => dispatch({ type: 'sent', ids }),
    dismiss: () => setProblems([]),
  };
}
