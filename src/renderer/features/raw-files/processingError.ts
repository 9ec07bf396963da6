/**
 * What a raw file's processing error and log values read like on screen: the file is named by its
 * name, never by the storage key of its stored copy (errors written before the pipeline named files
 * by their name still hold the key, or the key's last part), and a status by its label.
 */
import { statusLabel } from '../../../shared/raw-files/status';

interface NamedFile {
  name: string;
  s3_key: string | null;
}

/** `text` with the file's storage key (whole, or its last part) written as the file's name. */
export function withoutStorageKey(text: string, file: NamedFile): string {
  const key = file.s3_key;
  if (!key) return text;
  const lastPart = key.split('/').pop() ?? key;
  return [key, lastPart]
    .filter((part) => part.length >= 6)
    .reduce((out, part) => out.split(part).join(file.name), text);
}

export function readableProcessingError(
  file: NamedFile & { processing_error: string | null },
): string | null {
  return file.processing_error ? withoutStorageKey(file.processing_error, file) : null;
}

const LOG_FIELDS: Readonly<Record<string, string>> = {
  status: 'Status',
  processing_error: 'Error',
  url: 'Stored file',
  no_of_pages: 'Pages',
};

/** A log's field or action in words: "processing_failed" reads "Processing failed". */
export function readableLogName(name: string): string {
  const known = LOG_FIELDS[name];
  if (known) return known;
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A raw-file log value as shown: statuses by their label, every text without storage keys. */
export function readableLogValue(field: string, value: string | null, file: NamedFile): string {
  if (!value) return '—';
  if (field === 'status') return statusLabel(value);
  return withoutStorageKey(value, file);
}
