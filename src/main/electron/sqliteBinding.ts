/**
 * Where the Electron main process finds better-sqlite3's addon built for Electron's ABI (the
 * Node build in node_modules cannot load in Electron, and the packaged app ships no
 * node_modules). `npm run rebuild:electron` writes build/electron-native/better_sqlite3.node;
 * electron-builder copies it to <resources>/native/better_sqlite3.node (extraResources), outside
 * the asar, where a native module can be loaded. No electron import: boot.ts passes the facts.
 */
import path from 'node:path';

export const SQLITE_ADDON = 'better_sqlite3.node';

export interface SqliteBindingFacts {
  isPackaged: boolean;
  /** process.resourcesPath (the folder holding app.asar). */
  resourcesPath: string | undefined;
  /** app.getAppPath(): the repository root in development. */
  appPath: string;
}

/**
 * The addon file this app must load: packaged, <resources>/native/better_sqlite3.node; in
 * development, <repo>/build/electron-native/better_sqlite3.node. Always a path, even when the file
 * is missing, so the queue reports that path as missing (uploads unavailable, with the reason)
 * rather than falling back to a Node build that cannot load in Electron.
 */
export function electronSqliteBinding(facts: SqliteBindingFacts): string {
  if (facts.isPackaged && facts.resourcesPath)
    return path.join(facts.resourcesPath, 'native', SQLITE_ADDON);
  return path.join(facts.appPath, 'build', 'electron-native', SQLITE_ADDON);
}
