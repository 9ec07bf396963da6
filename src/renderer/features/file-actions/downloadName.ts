/**
 * The name a downloaded file is saved under: the name people know it by (a document's name, a raw
 * file's name), made safe for every desktop's file system, with the file's extension once.
 */
const UNSAFE = /[\\/:*?"<>|]+/g;
/** Control characters (below U+0020, and U+007F) have no place in a file name. */
const stripControls = (text: string) =>
  [...text].map((char) => (char.charCodeAt(0) < 32 || char === '\u007f' ? ' ' : char)).join('');
const MAX_LENGTH = 150;

export function downloadName(name: string, extension: string, fallback = 'document'): string {
  const ext = extension.startsWith('.') ? extension.toLowerCase() : `.${extension.toLowerCase()}`;
  let base = stripControls(name).replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  if (base.toLowerCase().endsWith(ext)) base = base.slice(0, -ext.length).trim();
  // Windows refuses names ending in a dot or a space, and names that are only dots.
  base = base
    .replace(/[. ]+$/, '')
    .slice(0, MAX_LENGTH - ext.length)
    .trim();
  if (!base || /^\.+$/.test(base)) base = fallback;
  return `${base}${ext}`;
}

/** A raw file keeps its own extension (scan.tiff, letter.docx); a name without one gets `.bin`. */
export function rawFileDownloadName(name: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return downloadName(name, match?.[1] ?? 'bin', 'file');
}
