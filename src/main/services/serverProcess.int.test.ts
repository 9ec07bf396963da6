import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  lastStderrMessage,
  parseReadyLine,
  serverEnv,
  startServerProcess,
  ServerStartError,
  type ExitInfo,
} from './serverProcess';

const FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'fake-server.mjs',
);

function fake(mode: string, extra: Record<string, string> = {}) {
  return {
    command: process.execPath,
    args: [FIXTURE],
    env: { FAKE_MODE: mode, ...serverEnv({ dataDir: '/tmp/lexdesk-fake' }), ...extra },
  };
}

describe('parseReadyLine', () => {
  it('given the ready JSON line, when parsed, then it yields the URL without a trailing slash', () => {
    expect(parseReadyLine('{"event":"ready","url":"http://127.0.0.1:4321/"}')).toBe(
      'http://127.0.0.1:4321',
    );
  });
  it('given log lines or broken JSON, when parsed, then it yields null', () => {
    expect(parseReadyLine('{"level":30,"msg":"hi"}')).toBeNull();
    expect(parseReadyLine('{"event":"ready","url":"not a url"}')).toBeNull();
    expect(parseReadyLine('{"event":"ready"')).toBeNull();
    expect(parseReadyLine('ready')).toBeNull();
  });
});

describe('lastStderrMessage', () => {
  it('given logs before a plain message, when explained, then only the message remains', () => {
    const stderr =
      '{"level":30,"msg":"starting"}\nLexDesk server stopping (start-up failed)\nanother LexDesk is using the data folder\n';
    expect(lastStderrMessage(stderr)).toBe('another LexDesk is using the data folder');
  });
  it('given a message with indented detail lines, when explained, then the whole block is kept', () => {
    const stderr =
      'noise\nInvalid LexDesk configuration (environment):\n  - port: must be 0..65535\n';
    expect(lastStderrMessage(stderr)).toBe(
      'Invalid LexDesk configuration (environment):\n  - port: must be 0..65535',
    );
  });
});

describe('serverEnv', () => {
  it('given the demo and packaged flags, when built, then the child contract variables are all set', () => {
    expect(
      serverEnv({ dataDir: '/d', demo: true, migrationsDir: '/m', electronAsNode: true }),
    ).toEqual({
      DATA_DIR: '/d',
      PORT: '0',
      LEXDESK_READY_JSON: '1',
      LEXDESK_EXIT_WITH_PARENT: '1',
      LEXDESK_DEMO: '1',
      LEXDESK_MIGRATIONS_DIR: '/m',
      ELECTRON_RUN_AS_NODE: '1',
    });
    expect(serverEnv({ dataDir: '/d' })).not.toHaveProperty('LEXDESK_DEMO');
  });
});

describe('startServerProcess', () => {
  it('given a child that prints the ready line, when started, then it resolves with a URL that answers and stop ends the child', async () => {
    const logs: string[] = [];
    const child = await startServerProcess({
      ...fake('ready', { LEXDESK_DEMO: '1' }),
      onOutput: (line) => logs.push(line),
    });
    const env = (await (await fetch(`${child.url}/env`)).json()) as Record<string, string>;
    expect(env).toMatchObject({
      DATA_DIR: '/tmp/lexdesk-fake',
      PORT: '0',
      LEXDESK_DEMO: '1',
      LEXDESK_READY_JSON: '1',
    });
    expect(logs).toContain('{"level":30,"msg":"migrations applied"}');
    const info = await child.stop();
    expect(info.code === 0 || info.signal === 'SIGTERM').toBe(true);
    expect(await child.stop()).toEqual(info);
  });

  it('given a child that exits with a message, when started, then the rejection carries that message', async () => {
    const error = await startServerProcess(fake('fail')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerStartError);
    expect((error as ServerStartError).failure).toBe('EXITED_BEFORE_READY');
    expect((error as ServerStartError).message).toBe('another LexDesk is using the data folder');
  });

  it('given a missing executable, when started, then it rejects with a spawn failure', async () => {
    const error = await startServerProcess({
      command: '/nonexistent/lexdesk-node',
      args: [],
      env: {},
    }).catch((e: unknown) => e);
    expect((error as ServerStartError).failure).toBe('SPAWN_FAILED');
  });

  it('given a child that never gets ready, when the timeout passes, then it rejects with a timeout message', async () => {
    const error = await startServerProcess({ ...fake('hang'), readyTimeoutMs: 500 }).catch(
      (e: unknown) => e,
    );
    expect((error as ServerStartError).failure).toBe('READY_TIMEOUT');
    expect((error as ServerStartError).message).toMatch(/did not become ready/);
  });

  it('given a child that ignores SIGTERM, when stopped, then it is killed after the stop timeout', async () => {
    const child = await startServerProcess({ ...fake('stubborn'), stopTimeoutMs: 300 });
    const started = Date.now();
    const info = await child.stop();
    expect(info.signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('given a child that dies after start-up, when it exits, then onUnexpectedExit reports it', async () => {
    const exits: ExitInfo[] = [];
    const child = await startServerProcess({
      ...fake('crash-after-ready'),
      onUnexpectedExit: (info) => exits.push(info),
    });
    await child.exited;
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([{ code: 3, signal: null }]);
  });
});
