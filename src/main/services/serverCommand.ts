/**
 * How to launch the server child in each setting:
 * - from source (headless host, `npm start` without Electron): node --import tsx src/server/main.ts
 * - bundled (Electron dev and packaged): the Electron binary run as node on dist/server/main.js,
 *   with the migrations copied beside it.
 */
import path from 'node:path';
import type { ServerCommand } from './serverProcess';
import { serverEnv } from './serverProcess';

export interface ServerLaunch {
  dataDir: string;
  demo: boolean;
}

export function sourceServerCommand(root: string, launch: ServerLaunch): ServerCommand {
  return {
    command: process.execPath,
    args: ['--import', 'tsx', path.join(root, 'src', 'server', 'main.ts')],
    cwd: root,
    env: serverEnv(launch),
  };
}

export interface BundledServer {
  /** Node, or the Electron binary (then run with ELECTRON_RUN_AS_NODE=1). */
  executable: string;
  electronAsNode: boolean;
  /** Folder holding main.js and migrations/ (dist/server, unpacked from the asar when packaged). */
  serverDir: string;
}

export function bundledServerCommand(bundle: BundledServer, launch: ServerLaunch): ServerCommand {
  return {
    command: bundle.executable,
    args: [path.join(bundle.serverDir, 'main.js')],
    cwd: bundle.serverDir,
    env: serverEnv({
      ...launch,
      migrationsDir: path.join(bundle.serverDir, 'migrations'),
      electronAsNode: bundle.electronAsNode,
    }),
  };
}
