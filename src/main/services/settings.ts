/**
 * Desktop settings: one JSON file in the data folder, parsed with zod on every load.
 *
 * Missing keys take the contract's defaults (older files keep working when a setting is added);
 * a file that is not JSON or holds a wrong type is moved aside as `settings.json.corrupt-<time>`
 * and the defaults are used, so a damaged file never stops the app. Updates are serialised and
 * written atomically.
 */
import { z } from 'zod';
import {
  DEFAULT_DESKTOP_SETTINGS,
  DEFAULT_REVIEW_CACHE_MB,
  DesktopSettings,
} from '../../shared/ipc/contract';
import { moveAside, readFileIfExists, writeFileAtomic } from './atomicFile';

export type SettingsPatch = Partial<DesktopSettings>;

/** The offline review cache's size limit (setting reviewCacheMB) in bytes. */
export function reviewCacheBytes(settings: DesktopSettings): number {
  return (settings.reviewCacheMB ?? DEFAULT_REVIEW_CACHE_MB) * 1024 * 1024;
}

export interface SettingsStore {
  get(): Promise<DesktopSettings>;
  update(patch: SettingsPatch): Promise<DesktopSettings>;
}

export interface SettingsStoreOptions {
  file: string;
  /** Told when a damaged file was moved aside (for the log). */
  onCorrupt?: (info: { file: string; movedTo: string; reason: string }) => void;
}

const StoredSettings = DesktopSettings.partial();

function parseStored(
  bytes: Buffer,
): { ok: true; value: DesktopSettings } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    return {
      ok: false,
      reason: `not JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const parsed = StoredSettings.safeParse(json);
  if (!parsed.success) return { ok: false, reason: z.prettifyError(parsed.error) };
  return { ok: true, value: { ...DEFAULT_DESKTOP_SETTINGS, ...parsed.data } };
}

export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  let cached: DesktopSettings | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const load = async (): Promise<DesktopSettings> => {
    if (cached) return cached;
    const bytes = await readFileIfExists(options.file);
    if (bytes === null) {
      cached = { ...DEFAULT_DESKTOP_SETTINGS };
      return cached;
    }
    const parsed = parseStored(bytes);
    if (parsed.ok) {
      cached = parsed.value;
    } else {
      const movedTo = await moveAside(options.file);
      options.onCorrupt?.({ file: options.file, movedTo, reason: parsed.reason });
      cached = { ...DEFAULT_DESKTOP_SETTINGS };
    }
    return cached;
  };

  /** Runs one operation at a time so two updates never interleave their read and write. */
  const serial = <T>(operation: () => Promise<T>): Promise<T> => {
    const next = queue.then(operation, operation);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    get: () => serial(load),
    update: (patch) =>
      serial(async () => {
        const current = await load();
        const defined = Object.fromEntries(
          Object.entries(patch).filter(([, value]) => value !== undefined),
        );
        const next = DesktopSettings.parse({ ...current, ...defined });
        await writeFileAtomic(options.file, `${JSON.stringify(next, null, 2)}\n`);
        cached = next;
        return next;
      }),
  };
}
