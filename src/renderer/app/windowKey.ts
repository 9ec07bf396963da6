/**
 * The browser build's window key (src/main/host/windowSession.ts): the host answers it when this
 * tab signs in, and it binds the host's session to this tab. It lives in sessionStorage, which a
 * reload keeps and a new tab does not share, so a new tab starts signed out.
 */
export interface WindowKeyStore {
  get(): string | null;
  set(key: string | null): void;
}

const STORAGE_KEY = 'lexdesk-window-key';

export function sessionWindowKeyStore(storage: Storage): WindowKeyStore {
  return {
    get() {
      try {
        return storage.getItem(STORAGE_KEY);
      } catch {
        return null;
      }
    },
    set(key) {
      try {
        if (key === null) storage.removeItem(STORAGE_KEY);
        else storage.setItem(STORAGE_KEY, key);
      } catch {
        // Storage refused (private mode quota): this tab signs in again after a reload.
      }
    },
  };
}

export function memoryWindowKeyStore(): WindowKeyStore {
  let key: string | null = null;
  return {
    get: () => key,
    set: (next) => {
      key = next;
    },
  };
}
