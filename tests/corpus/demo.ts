/**
 * The demo's sample paper: a few bundles made by this generator about the demo law firm's own
 * cases (src/server/seed/demoCases.ts), so that `npm run demo` has documents that split, type and
 * match. They are committed in src/server/seed/demo-files/ (the server uploads them at first
 * start, seed/demoFiles.ts); demo.test.ts fails when they are not what this makes.
 *   Regenerate: npx tsx tests/corpus/demo.ts
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CaseCandidate } from '../../src/server/pipeline/types';
import { DEMO_CASES } from '../../src/server/seed/demoCases';
import { generateBundle } from './bundle';
import { textPdfBytes } from './textPdf';

export const DEMO_FILES_DIR = fileURLToPath(
  new URL('../../src/server/seed/demo-files', import.meta.url),
);

/** File name, generator seed and document count of each sample bundle. */
const DEMO_BUNDLES = [
  { name: 'Scanner batch 0412.pdf', seed: 412, documents: 7 },
  { name: 'Alvarez QME and mail.pdf', seed: 1104, documents: 5 },
  { name: 'Gonzalez settlement papers.pdf', seed: 871, documents: 4 },
] as const;

export function demoCaseCandidates(): CaseCandidate[] {
  return DEMO_CASES.map((c) => ({
    caseId: c.case_number,
    caseNumber: c.case_number,
    name: c.name,
    clientName: c.client_name,
    eamsNumber: c.eams_number,
    wcabNumber: ('wcab_number' in c ? c.wcab_number : null) ?? null,
    primaryNumber: ('primary_number' in c ? c.primary_number : null) ?? null,
    alternateNumber: null,
    dateOfInjury: c.date_of_injury,
    dateOfIncident: null,
  }));
}

export async function demoBundleFiles(): Promise<{ name: string; bytes: Uint8Array }[]> {
  const cases = demoCaseCandidates();
  return Promise.all(
    DEMO_BUNDLES.map(async (b) => ({
      name: b.name,
      bytes: await textPdfBytes(generateBundle(b.seed, { cases, documents: b.documents })),
    })),
  );
}

async function main(): Promise<void> {
  await mkdir(DEMO_FILES_DIR, { recursive: true });
  for (const old of await readdir(DEMO_FILES_DIR)) await rm(join(DEMO_FILES_DIR, old));
  for (const file of await demoBundleFiles()) {
    await writeFile(join(DEMO_FILES_DIR, file.name), file.bytes);
    console.log(`${file.name}: ${file.bytes.length} bytes`);
  }
}

const entry = process.argv[1];
if (entry && pathToFileURL(resolve(entry)).href === import.meta.url) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
