/**
 * Where the desktop keeps its own files inside a data folder. The server owns the rest of the
 * folder (its database cluster, uploads, config.json), so desktop state lives in `desktop/`.
 */
import { homedir } from 'node:os';
import path from 'node:path';

export interface DesktopPaths {
  dir: string;
  settingsFile: string;
  /** Encrypted session token (Electron safeStorage only; the host never writes one). */
  sessionFile: string;
}

export function desktopPaths(dataDir: string): DesktopPaths {
  const dir = path.join(dataDir, 'desktop');
  return {
    dir,
    settingsFile: path.join(dir, 'settings.json'),
    sessionFile: path.join(dir, 'session.bin'),
  };
}

/** The data folder `npm run server` uses too: DATA_DIR, else ~/.lexdesk. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.DATA_DIR?.trim();
  return path.resolve(fromEnv && fromEnv.length > 0 ? fromEnv : path.join(homedir(), '.lexdesk'));
}
