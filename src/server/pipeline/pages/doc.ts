/**
 * Stage 1 for legacy Word (.doc): text through the first converter found on PATH (antiword,
 * catdoc, then LibreOffice). Their form feeds mark pages. With no converter the file is one page
 * with no text (source 'none'); that is a missing tool, not a bad file, so it never throws.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { PageText } from '../types';
import { findExecutable } from './which';

const run = promisify(execFile);
const TIMEOUT_MS = 120_000;
const MAX_OUTPUT = 64 * 1024 * 1024;

async function viaLibreOffice(binary: string, path: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lexdesk-doc-'));
  try {
    const profile = pathToFileURL(join(dir, 'profile')).href;
    await run(
      binary,
      [
        `-env:UserInstallation=${profile}`,
        '--headless',
        '--convert-to',
        'txt:Text',
        '--outdir',
        dir,
        path,
      ],
      { timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT },
    );
    return await readFile(join(dir, `${basename(path, extname(path))}.txt`), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of a .doc, or null when no converter is installed or all of them failed. */
export async function convertDocToText(path: string, pathEnv?: string): Promise<string | null> {
  const converters: Array<[string, (binary: string) => Promise<string>]> = [
    [
      'antiword',
      async (bin) =>
        (await run(bin, ['-w', '0', path], { timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT })).stdout,
    ],
    [
      'catdoc',
      async (bin) =>
        (await run(bin, ['-w', path], { timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT })).stdout,
    ],
    ['soffice', (bin) => viaLibreOffice(bin, path)],
    ['libreoffice', (bin) => viaLibreOffice(bin, path)],
  ];
  for (const [name, convert] of converters) {
    const binary = await findExecutable(name, pathEnv);
    if (!binary) continue;
    try {
      return await convert(binary);
    } catch {
      // try the next converter
    }
  }
  return null;
}

export async function readDocPages(path: string, pathEnv?: string): Promise<PageText[]> {
  const text = await convertDocToText(path, pathEnv);
  if (text === null) return [{ page: 1, text: '', source: 'none' }];
  const pages = text
    .split('\f')
    .map((page) => page.replace(/\r\n?/g, '\n').trim())
    .filter((page, index, all) => page.length > 0 || index < all.length - 1);
  if (pages.length === 0) return [{ page: 1, text: '', source: 'doc' }];
  return pages.map((page, index) => ({ page: index + 1, text: page, source: 'doc' }));
}
