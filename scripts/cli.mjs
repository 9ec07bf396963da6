#!/usr/bin/env node
// `npm run cli -- process <file> [...]`: runs src/server/cli.ts from a bundle that esbuild builds
// into .cache/cli/ and reuses while none of the files it was built from changed. A run then starts
// in plain Node: no tsx transpiling the pipeline's TypeScript at every start, and pdf.js (3 MB of
// JavaScript) imported by Node directly instead of through tsx's loader, which took most of a run
// (about 6 of 11 s on a 50-page text PDF). Packages stay external and load from node_modules.
// The first run after a change rebuilds (well under a second); `tsx src/server/cli.ts` still works.
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(root, '.cache', 'cli');
const bundle = path.join(cacheDir, 'cli.mjs');
const stampFile = path.join(cacheDir, 'inputs.json');
/** Files that change the bundle besides its inputs: this script and the package manifest. */
const ALWAYS = ['scripts/cli.mjs', 'package.json', 'tsconfig.json'];

async function fingerprint(files) {
  const out = {};
  await Promise.all(
    files.map(async (file) => {
      const s = await stat(path.join(root, file)).catch(() => null);
      out[file] = s ? `${s.mtimeMs}:${s.size}` : 'missing';
    }),
  );
  return out;
}

async function isFresh() {
  const stamp = await readFile(stampFile, 'utf8')
    .then((text) => JSON.parse(text))
    .catch(() => null);
  if (!stamp || typeof stamp.inputs !== 'object' || stamp.inputs === null) return false;
  if (!(await stat(bundle).catch(() => null))) return false;
  const now = await fingerprint(Object.keys(stamp.inputs));
  return Object.entries(stamp.inputs).every(([file, print]) => now[file] === print);
}

async function rebuild() {
  const { build } = await import('esbuild');
  await mkdir(cacheDir, { recursive: true });
  // Written beside and renamed into place, so a run started meanwhile never reads half a file.
  const tmp = `${bundle}.${process.pid}.tmp`;
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/server/cli.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: tmp,
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = await fingerprint([...Object.keys(result.metafile.inputs), ...ALWAYS]);
  await rename(tmp, bundle);
  const stampTmp = `${stampFile}.${process.pid}.tmp`;
  await writeFile(stampTmp, JSON.stringify({ inputs }));
  await rename(stampTmp, stampFile);
}

if (!(await isFresh())) await rebuild();
const { main } = await import(pathToFileURL(bundle).href);
await main(process.argv.slice(2));
