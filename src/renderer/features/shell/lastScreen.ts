/**
 * The screen a person used last on this device, so the next start (a restart with a kept session,
 * or the next sign-in) opens there instead of the role's start. Only the main screens of the
 * side navigation are remembered, never a record (a document id in storage would outlive the
 * document and tell the next person at this device what was open), and only for one person:
 * another person signing in starts on their role's screen.
 */
import { z } from 'zod';

const STORAGE_KEY = 'lexdesk-last-screen';
const Remembered = z.object({ userId: z.string().min(1), path: z.string().min(1) });

export interface LastScreenStore {
  read(userId: string): string | null;
  /** Remembers `path` for `userId` when it is one of `screens`; anything else is ignored. */
  remember(userId: string, path: string, screens: readonly string[]): void;
  forget(): void;
}

export function lastScreenStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>) {
  const store: LastScreenStore = {
    read(userId) {
      let raw: unknown;
      try {
        raw = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');
      } catch {
        return null;
      }
      const parsed = Remembered.safeParse(raw);
      return parsed.success && parsed.data.userId === userId ? parsed.data.path : null;
    },
    remember(userId, path, screens) {
      if (!screens.includes(path)) return;
      try {
        storage.setItem(STORAGE_KEY, JSON.stringify({ userId, path }));
      } catch {
        // Storage full or refused: the next start uses the role's screen.
      }
    },
    forget() {
      try {
        storage.removeItem(STORAGE_KEY);
      } catch {
        // nothing kept
      }
    },
  };
  return store;
}
