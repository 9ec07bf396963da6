/** Command line of the headless host: `npm run host -- [--port N] [--data-dir D] [--server-url U] [--demo]`. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { defaultDataDir } from '../services/paths';

export const HOST_USAGE = `Usage: npm run host -- [options]
  --port N          port of the browser build (default 4780; 0 picks a free one)
  --data-dir D      data folder (default: DATA_DIR, else ~/.lexdesk)
  --server-url U    use a running LexDesk server instead of starting one (or LEXDESK_SERVER_URL)
  --demo            start the server with the demo company
  --renderer-dir R  built renderer to serve (default dist/renderer)
  --help            show this text`;

export const DEFAULT_HOST_PORT = 4780;

export interface HostArgs {
  /** undefined: the default port, with a free port as fallback when it is taken. */
  port: number | undefined;
  dataDir: string;
  serverUrl: string | undefined;
  demo: boolean;
  rendererDir: string | undefined;
  help: boolean;
}

export class HostArgsError extends Error {
  override name = 'HostArgsError';
}

const Port = z.coerce.number().int().min(0).max(65535);
const ServerUrl = z.url({ protocol: /^https?$/ });

export function parseHostArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): HostArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'server-url': { type: 'string' },
        demo: { type: 'boolean', default: false },
        'renderer-dir': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new HostArgsError(
      `${error instanceof Error ? error.message : String(error)}\n${HOST_USAGE}`,
    );
  }
  const port = values.port === undefined ? undefined : Port.safeParse(values.port);
  if (port && !port.success)
    throw new HostArgsError(`--port must be a number from 0 to 65535, got "${values.port}".`);
  const rawServerUrl = values['server-url'] ?? (env.LEXDESK_SERVER_URL?.trim() || undefined);
  const serverUrl = rawServerUrl === undefined ? undefined : ServerUrl.safeParse(rawServerUrl);
  if (serverUrl && !serverUrl.success) {
    throw new HostArgsError(`The server URL must be an http(s) URL, got "${rawServerUrl}".`);
  }
  return {
    port: port?.data,
    dataDir: values['data-dir'] ? path.resolve(values['data-dir']) : defaultDataDir(env),
    serverUrl: serverUrl?.data.replace(/\/+$/, ''),
    demo: values.demo ?? false,
    rendererDir: values['renderer-dir'] ? path.resolve(values['renderer-dir']) : undefined,
    help: values.help ?? false,
  };
}
