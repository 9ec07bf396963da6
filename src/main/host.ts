/**
 * The headless host: `npm run host -- [--port N] [--data-dir D] [--server-url U] [--demo]`.
 *
 * Runs the desktop's main-process services without Electron, serves the built renderer to a
 * browser and the IPC contract over a WebSocket. Prints exactly one line on stdout when ready:
 * `LexDesk running at http://127.0.0.1:<port>`. The server child's output goes to the log file
 * <data dir>/logs/server.log; problems are reported on stderr. Ctrl+C (SIGINT) or SIGTERM stops the host and its server child.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HOST_PORT, HOST_USAGE, HostArgsError, parseHostArgs } from './host/args';
import { HostStartError, startHost, type RunningHost } from './host/startHost';
import { openPrivateLog } from './services/privateFiles';

export { startHost, HostStartError, type HostOptions, type RunningHost } from './host/startHost';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(argv: string[]): Promise<void> {
  let args;
  try {
    args = parseHostArgs(argv);
  } catch (error) {
    if (error instanceof HostArgsError) fail(error.message);
    throw error;
  }
  if (args.help) {
    process.stdout.write(`${HOST_USAGE}\n`);
    return;
  }

  const logDir = path.join(args.dataDir, 'logs');
  const serverLog = openPrivateLog(path.join(logDir, 'server.log'));
  let host: RunningHost | null = null;
  let stoppingSince = 0;
  const stop = async (code: number): Promise<void> => {
    if (stoppingSince > 0) {
      // Ctrl+C reaches us twice when npm start forwards it too; only a later, deliberate second
      // Ctrl+C means "leave now, without waiting for the server".
      if (Date.now() - stoppingSince > 1500) process.exit(code || 1);
      return;
    }
    stoppingSince = Date.now();
    await host?.close();
    serverLog.end();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    host = await startHost({
      root: ROOT,
      dataDir: args.dataDir,
      port: args.port ?? DEFAULT_HOST_PORT,
      fallbackToFreePort: args.port === undefined,
      serverUrl: args.serverUrl,
      demo: args.demo,
      rendererDir: args.rendererDir,
      onServerOutput: (line) => serverLog.write(`${line}\n`),
      onServerExit: (info) => {
        process.stderr.write(
          `The LexDesk server stopped unexpectedly (${String(info.code ?? info.signal)}).\n`,
        );
        void stop(1);
      },
    });
  } catch (error) {
    serverLog.end();
    if (error instanceof HostStartError) {
      fail(
        error.serverFailed
          ? `${error.message}\n(Server log: ${path.join(logDir, 'server.log')})`
          : error.message,
      );
    }
    throw error;
  }
  process.stdout.write(`LexDesk running at ${host.url}\n`);
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    fail(
      `The LexDesk host failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  });
}
