/**
 * Pure pieces of the watched-folders screen: the after-upload choices in words, the check of a
 * typed folder path before it goes to the desktop, and the message of a failed bridge call.
 */
import type { WatchedFolderConfig } from '../../../shared/ipc/contract';
import { BridgeError } from '../../app/bridge-api';
import { describeError } from '../../app/errors';

export type AfterUpload = WatchedFolderConfig['afterUpload'];

export const AFTER_UPLOAD_LABELS: Record<AfterUpload, string> = {
  keep: 'Keep the file',
  move: 'Move it to an uploaded subfolder',
  delete: 'Delete it',
};

/** What each choice does, shown under the select. */
export const AFTER_UPLOAD_HINTS: Record<AfterUpload, string> = {
  keep: 'The file stays where it is; LexDesk remembers it and does not upload it again.',
  move: 'Uploaded files go to an "uploaded" subfolder of the watched folder.',
  delete: 'The file is deleted from the folder once the server has it.',
};

export const AFTER_UPLOAD_CHOICES: AfterUpload[] = ['keep', 'move', 'delete'];

export const WATCH_MESSAGES = {
  PATH_REQUIRED: 'Enter the full path of the folder to watch.',
  PATH_TOO_LONG: 'This path is too long. Use a path of at most 4096 characters.',
  PATH_NOT_ABSOLUTE:
    'Enter the full path of the folder, starting at the drive or root (for example C:\\Scans or /home/ada/Scans).',
  LOAD_FAILED: 'Failed to load the watched folders of this device',
  ADD_FAILED: 'Failed to add the watched folder',
  REMOVE_FAILED: 'Failed to stop watching the folder',
} as const;

const MAX_PATH = 4096;

/** A POSIX root path, a Windows drive path (C:\ or C:/) or a UNC share (\\server\share). */
function isAbsolutePath(value: string): boolean {
  return /^\//.test(value) || /^[A-Za-z]:[\\/]/.test(value) || /^\\\\[^\\]+\\[^\\]+/.test(value);
}

/** The trimmed path, or the message to show under the field. */
export function checkFolderPath(raw: string): { path: string } | { error: string } {
  const value = raw.trim();
  if (value.length === 0) return { error: WATCH_MESSAGES.PATH_REQUIRED };
  if (value.length > MAX_PATH) return { error: WATCH_MESSAGES.PATH_TOO_LONG };
  if (!isAbsolutePath(value)) return { error: WATCH_MESSAGES.PATH_NOT_ABSOLUTE };
  return { path: value };
}

/** A UNC path is almost always a network share, where file events are unreliable. */
export function looksLikeNetworkShare(value: string): boolean {
  return /^\\\\|^\/\/|^smb:|^\/(mnt|media|Volumes|net)\//i.test(value.trim());
}

/** The folders of one company, in path order. */
export function foldersOfCompany(
  folders: WatchedFolderConfig[],
  companyId: string,
): WatchedFolderConfig[] {
  return folders
    .filter((folder) => folder.company_id === companyId)
    .sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The text for a failed watch call: the desktop's own message (for example WATCH_FOLDER_INVALID
 * "The folder … does not exist.") wins; anything else goes through describeError.
 */
export function describeWatchError(error: unknown, fallback: string): string {
  if (error instanceof BridgeError && error.message.length > 0) return error.message;
  return describeError(error, fallback);
}
