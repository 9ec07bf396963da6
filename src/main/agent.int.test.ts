import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { access, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentArgsError, parseAgentArgs } from './agent/args';
import { startTestServer, type TestServer } from './services/uploader/testServer';
import { pdfFile, tempDir } from './services/uploader/uploaderTestSupport';
import { until } from '../../tests/support/until';

const AGENT = fileURLToPath(new URL('./agent.ts', import.meta.url));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('agent arguments', () => {
  it('given a password variable that is not set, when parsed, then the error names it', () => {
    expect(() =>
      parseAgentArgs(
        [
          '--watch',
          '/tmp',
          '--server',
          'http://x',
          '--company',
          'c',
          '--email',
          'a@b.c',
          '--password-env',
          'NOPE',
        ],
        {},
      ),
    ).toThrow(/NOPE/);
  });

  it.each([
    [['--server', 'http://x', '--company', 'c', '--token-env', 'T'], /--watch/],
    [
      ['--watch', 'd', '--server', 'ftp://x', '--company', 'c', '--token-env', 'T'],
      /http\(s\) URL/,
    ],
    [
      [
        '--watch',
        'd',
        '--server',
        'http://x',
        '--company',
        'c',
        '--token-env',
        'T',
        '--after',
        'shred',
      ],
      /keep, move or delete/,
    ],
    [['--watch', 'd', '--server', 'http://x', '--company', 'c'], /--email and --password-env/],
  ])('given %j, when parsed, then a clear error is thrown', (argv, message) => {
    expect(() => parseAgentArgs(argv, { T: 'token' })).toThrow(AgentArgsError);
    expect(() => parseAgentArgs(argv, { T: 'token' })).toThrow(message);
  });
});

describe('agent process', () => {
  it(
    'given a watched folder, when a PDF and a fake PDF are dropped, then one is uploaded and moved, the other refused, and SIGTERM stops it',
    { timeout: 60_000 },
    async () => {
      const watch = await tempDir();
      const data = await tempDir();
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          AGENT,
          '--watch',
          watch,
          '--server',
          server.url,
          '--company',
          'company-1',
          '--email',
          'scanner@example.com',
          '--password-env',
          'AGENT_PW',
          '--after',
          'move',
          '--data-dir',
          data,
          '--quiet-ms',
          '300',
        ],
        { env: { ...process.env, AGENT_PW: 'right-password' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const stderr: string[] = [];
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const next = async (): Promise<string> => String((await lines.next()).value);
      try {
        expect(await next()).toMatch(/^LexDesk agent watching /);
        await pdfFile(watch, 'scan-001.pdf');
        await writeFile(path.join(watch, 'notes.pdf'), 'just text, not a PDF');
        const outcomes = [await next(), await next()].sort();
        expect(outcomes[0]).toBe('rejected notes.pdf: Invalid file type or format');
        expect(outcomes[1]).toMatch(/^uploaded scan-001\.pdf raw_file=/);
        const rawId = outcomes[1]?.split('raw_file=')[1] ?? '';
        expect(server.rawFiles.get(rawId)).toMatchObject({
          status: 'Uploaded',
          name: 'scan-001.pdf',
        });
        // The outcome is printed before the file is moved: wait for the folder to show both moves.
        await until(
          async () => (await readdir(watch)).sort().join() === 'errors,uploaded',
          20_000,
          'both files to leave the watched folder',
        );
        await access(path.join(watch, 'uploaded', 'scan-001.pdf'));
        expect((await readdir(path.join(watch, 'errors'))).sort()).toEqual([
          'notes.pdf',
          'notes.pdf.error.txt',
        ]);
        expect((await readdir(watch)).sort()).toEqual(['errors', 'uploaded']);
      } finally {
        child.kill('SIGTERM');
        const [code] = (await once(child, 'exit')) as [number | null];
        expect(code, stderr.join('')).toBe(0);
      }
    },
  );
});
