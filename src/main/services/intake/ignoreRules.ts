/**
 * Which entries of a watched folder are never candidates: the folder's own `uploaded` and
 * `errors` subfolders (any subfolder, in fact: only the top level is watched), dotfiles and the
 * temporary files that browsers, office programs and copy tools leave while they write.
 */
import path from 'node:path';

export const UPLOADED_DIR = 'uploaded';
export const ERRORS_DIR = 'errors';

const TEMPORARY_SUFFIXES = [
  '.tmp',
  '.temp',
  '.part',
  '.partial',
  '.crdownload',
  '.download',
  '.swp',
  '.lock',
  '~',
];

/** True for names no one means to upload: hidden, office lock files, unfinished downloads. */
export function isTemporaryName(name: string): boolean {
  const lower = name.normalize('NFC').toLowerCase();
  if (lower.startsWith('.') || lower.startsWith('~$')) return true;
  if (lower === 'thumbs.db' || lower === 'desktop.ini') return true;
  return TEMPORARY_SUFFIXES.some((suffix) => lower.endsWith(suffix));
}

/**
 * True when `candidate` (inside `folder`) must be skipped: anything below a subfolder, the
 * subfolders themselves, and temporary names. The folder itself is not ignored.
 */
export function isIgnoredPath(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  if (relative === '') return false;
  if (relative.startsWith('..') || path.isAbsolute(relative)) return true;
  const parts = relative.split(path.sep);
  if (parts.length > 1) return true;
  const [name = ''] = parts;
  return isTemporaryName(name);
}
