/**
 * The storage redux-persist writes to: the page's localStorage (app:// in Electron, the host's
 * origin in a browser). Where localStorage is unavailable (blocked, private mode quota), state
 * simply is not persisted instead of the app failing.
 */
import type { Storage } from 'redux-persist';

export function localStorageAdapter(get: () => globalThis.Storage | undefined): Storage {
  const safe = <T>(work: (store: globalThis.Storage) => T, fallback: T): Promise<T> => {
    try {
      const store = get();
      return Promise.resolve(store ? work(store) : fallback);
    } catch (error) {
      console.warn('[renderer] local storage is unavailable', error);
      return Promise.resolve(fallback);
    }
  };
  return {
    getItem: (key: string) => safe((store) => store.getItem(key), null),
    setItem: (key: string, value: string) => safe((store) => store.setItem(key, value), undefined),
    removeItem: (key: string) => safe((store) => store.removeItem(key), undefined),
  };
}
