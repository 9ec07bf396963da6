import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_CASE, BUNDLE_PAGES } from '../../tests/integration/fixtures/bundle';
import { parseCliArgs } from './cli';
import { makeTextPdf } from './pipeline/pages/testing/fixtures';

let dir: string;
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/cli.mjs', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lexdesk-cli-'));
  await writeFile(join(dir, 'bundle.pdf'), await makeTextPdf(BUNDLE_PAGES));
  await writeFile(
    join(dir, 'cases.json'),
    JSON.stringify([
      { caseId: 'case-7', eamsNumber: BUNDLE_CASE.adj, clientName: 'Maria Gonzalez' },
    ]),
  );
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('npm run cli -- process', () => {
  it('prints the documents of a file as JSON, matched against the cases given', () => {
    const run = cli(
      'process',
      join(dir, 'bundle.pdf'),
      '--json',
      '--cases',
      join(dir, 'cases.json'),
    );
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout) as {
      pages: number;
      documents: Array<{
        start_page_no: number;
        end_page_no: number;
        document_type_key: string | null;
        folder: string | null;
        fields: { adjNumbers: string[] };
        match: { caseId: string | null } | null;
      }>;
    };
    expect(out.pages).toBe(6);
    expect(out.documents.map((d) => [d.start_page_no, d.end_page_no, d.document_type_key])).toEqual(
      [
        [1, 2, 'pr2'],
        [3, 5, 'qme_report'],
        [6, 6, 'proof_of_service'],
      ],
    );
    expect(out.documents[0]?.folder).toBe('Medical');
    expect(out.documents[0]?.fields.adjNumbers).toEqual([BUNDLE_CASE.adj]);
    expect(out.documents[0]?.match?.caseId).toBe('case-7');
  });

  it('says plainly what is wrong with a file it cannot read', async () => {
    await writeFile(join(dir, 'broken.pdf'), '%PDF-1.7\nnot really a pdf');
    const run = cli('process', join(dir, 'broken.pdf'), '--json');
    expect(run.status).toBe(1);
    expect(run.stderr.trim().length).toBeGreaterThan(0);
    expect(run.stdout).toBe('');
  });

  it('refuses unknown commands and options with the usage line', () => {
    expect(() => parseCliArgs(['split', 'x.pdf'])).toThrow(/Usage: npm run cli -- process/);
    expect(() => parseCliArgs(['process', 'x.pdf', '--fast'])).toThrow(/Unknown option --fast/);
    expect(() => parseCliArgs(['process'])).toThrow(/Usage/);
    expect(parseCliArgs(['process', 'x.pdf', '--json', '--ocr', 'wasm'])).toEqual({
      file: 'x.pdf',
      json: true,
      ocr: 'wasm',
    });
  });

  it('runs from a bundle it rebuilds only when a file it was built from changed', async () => {
    const stampFile = join('.cache', 'cli', 'inputs.json');
    const pdf = join(dir, 'bundle.pdf');
    expect(cli('process', pdf).status).toBe(0);
    const stamp = JSON.parse(await readFile(stampFile, 'utf8')) as {
      inputs: Record<string, string>;
    };
    expect(Object.keys(stamp.inputs)).toEqual(
      expect.arrayContaining(['src/server/cli.ts', 'src/server/pipeline/run.ts']),
    );
    // A source file that changed since the build (its fingerprint no longer matches) rebuilds.
    const stale = { inputs: { ...stamp.inputs, 'src/server/pipeline/run.ts': 'changed' } };
    await writeFile(stampFile, JSON.stringify(stale));
    expect(cli('process', pdf).status).toBe(0);
    expect(JSON.parse(await readFile(stampFile, 'utf8'))).toEqual(stamp);
  });
});
