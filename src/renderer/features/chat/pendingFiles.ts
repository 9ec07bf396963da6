/**
 * The files a chat composer holds before sending (issue 21), as Slack and Mattermost show them:
 * each file picked starts uploading at once (POST /files/upload, its type check), shows as a chip
 * while it uploads, and is attached by its key when the message is sent. A file that fails to
 * upload leaves the list (its error is shown instead); a removed one is never attached, even if
 * its upload finishes later. At most CHAT_ATTACHMENTS_MAX per message, as the server allows.
 */
import { CHAT_ATTACHMENTS_MAX } from '../../../shared/chat';

export interface PendingFile {
  /** This composer's own id for the chip (not the server's key). */
  id: string;
  name: string;
  size: number;
  /** The stored file's key once the upload was accepted; null while it uploads. */
  key: string | null;
}

export type PendingAction =
  | { type: 'added'; files: readonly Omit<PendingFile, 'key'>[] }
  | { type: 'uploaded'; id: string; key: string }
  | { type: 'failed'; id: string }
  | { type: 'removed'; id: string }
  | { type: 'sent'; ids: readonly string[] };

export function pendingFilesReducer(
  files: readonly PendingFile[],
  action: PendingAction,
): readonly PendingFile[] {
  switch (action.type) {
    case 'added':
      return [...files, ...action.files.map((f) => ({ ...f, key: null }))];
    case 'uploaded':
      return files.map((f) => (f.id === action.id ? { ...f, key: action.key } : f));
    case 'failed':
    case 'removed':
      return files.filter((f) => f.id !== action.id);
    case 'sent':
      // Only what went out leaves: a file picked while the message was on its way stays.
      return files.filter((f) => !action.ids.includes(f.id));
  }
}

export const isUploading = (files: readonly PendingFile[]): boolean =>
  files.some((f) => f.key === null);

/** The keys to attach, in the order the files were picked. */
export const readyKeys = (files: readonly PendingFile[]): string[] =>
  files.flatMap((f) => (f.key === null ? [] : [f.key]));

/** A message goes out with text, or with files only (the server allows an empty text then), once every upload is done. */
export function canSend(draft: string, files: readonly PendingFile[]): boolean {
  if (isUploading(files)) return false;
  return draft.trim() !== '' || files.length > 0;
}

/** How many of `picked` files fit beside those already held; the rest are refused (CHAT_ATTACHMENTS_TOO_MANY). */
export function fitting<T>(files: readonly PendingFile[], picked: readonly T[]): T[] {
  return picked.slice(0, Math.max(0, CHAT_ATTACHMENTS_MAX - files.length));
}
