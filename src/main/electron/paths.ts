/**
 * Where the Electron app finds its parts. `app.getAppPath()` is the repository root in
 * development (`electron .`) and resources/app.asar when packaged; the server bundle and the
 * embedded PostgreSQL binaries are unpacked next to the asar (electron-builder asarUnpack),
 * because a child process cannot execute from inside an archive.
 */
import path from 'node:path';
import { app } from 'electron';

export interface AppPaths {
  rendererDir: string;
  preload: string;
  /** dist/server, outside the asar. */
  serverDir: string;
  /** Window / notification icon and the tray icon (copied to dist/main/icons by the build). */
  icon: string;
  trayIcon: string;
}

function unpacked(file: string): string {
  return file.replace(/\.asar([\\/])/, '.asar.unpacked$1');
}

export function appPaths(): AppPaths {
  const root = app.getAppPath();
  const dist = path.join(root, 'dist');
  return {
    rendererDir: path.join(dist, 'renderer'),
    preload: path.join(dist, 'preload', 'index.cjs'),
    serverDir: unpacked(path.join(dist, 'server')),
    icon: path.join(dist, 'main', 'icons', 'icon.png'),
    trayIcon: path.join(dist, 'main', 'icons', 'tray.png'),
  };
}
