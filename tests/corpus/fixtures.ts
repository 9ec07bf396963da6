/**
 * The committed fixture set (tests/corpus/fixtures/{text,scan}): small enough for CI, made by the
 * CLI with the seeds recorded in fixtures/README.md. loadFixtures returns each bundle's PDF path
 * with its ground truth, checked against a schema so a stale or hand-edited file fails loudly.
 */
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { CaseCandidate } from '../../src/server/pipeline/types';
import { CORPUS_TYPE_KEYS, type CorpusTypeKey } from './typeKeys';
import { type TruthDocument } from './bundle';

export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

const injurySchema = z.object({
  start: z.string(),
  end: z.string().optional(),
  cumulativeTrauma: z.boolean(),
});

const fieldsSchema = z.object({
  adjNumbers: z.array(z.string()),
  wcabNumbers: z.array(z.string()),
  claimNumbers: z.array(z.string()),
  caseNumbers: z.array(z.string()),
  dateOfInjury: injurySchema.nullable(),
  dateOfIncident: z.string().nullable(),
  applicant: z.string().nullable(),
  defendant: z.string().nullable(),
});

const documentSchema = z.object({
  startPage: z.number().int(),
  endPage: z.number().int(),
  typeKey: z.enum(CORPUS_TYPE_KEYS as [string, ...string[]]),
  fields: fieldsSchema,
  caseId: z.string().nullable(),
  caseIds: z.array(z.string()),
  caseStatus: z.enum(['listed', 'unlisted', 'none']),
  attachments: z
    .array(
      z.object({
        typeKey: z.enum(CORPUS_TYPE_KEYS as [string, ...string[]]),
        startPage: z.number().int(),
        endPage: z.number().int(),
      }),
    )
    .optional(),
});

const truthFileSchema = z.object({
  id: z.string(),
  seed: z.number().int(),
  kind: z.enum(['text', 'scan']),
  dpi: z.number().int().optional(),
  pageCount: z.number().int(),
  generator: z.object({
    casesSeed: z.number().int(),
    cases: z.number().int(),
    documents: z.number().int().nullable(),
    include: z.array(z.enum(CORPUS_TYPE_KEYS as [string, ...string[]])),
  }),
  documents: z.array(documentSchema),
  /** Each page's text, lines joined by "\n" (what a perfect OCR would read). */
  pages: z.array(z.string()),
});

const caseSchema = z.object({
  caseId: z.string(),
  caseNumber: z.string().nullable(),
  name: z.string().nullable(),
  clientName: z.string().nullable(),
  eamsNumber: z.string().nullable(),
  wcabNumber: z.string().nullable(),
  primaryNumber: z.string().nullable(),
  alternateNumber: z.string().nullable(),
  dateOfInjury: z.string().nullable(),
  dateOfIncident: z.string().nullable(),
});

export interface TruthFile {
  id: string;
  seed: number;
  kind: 'text' | 'scan';
  dpi?: number;
  pageCount: number;
  /** The options the CLI called generateBundle with, so the bundle can be made again. */
  generator: {
    casesSeed: number;
    cases: number;
    documents: number | null;
    include: CorpusTypeKey[];
  };
  documents: TruthDocument[];
  pages: string[];
}

export interface Fixture {
  name: string;
  pdfPath: string;
  truthPath: string;
  truth: TruthFile;
}

export function parseTruthFile(json: unknown): TruthFile {
  // The schema checks every field; the type keys it accepts are exactly CORPUS_TYPE_KEYS.
  return truthFileSchema.parse(json) as TruthFile;
}

export async function loadFixtures(
  kind: 'text' | 'scan',
  dir: string = join(FIXTURES_DIR, kind),
): Promise<Fixture[]> {
  const names = (await readdir(dir)).filter((n) => /^bundle-\d+\.json$/.test(n)).sort();
  const out: Fixture[] = [];
  for (const n of names) {
    const truthPath = join(dir, n);
    const truth = parseTruthFile(JSON.parse(await readFile(truthPath, 'utf8')));
    out.push({
      name: n.replace(/\.json$/, ''),
      pdfPath: truthPath.replace(/\.json$/, '.pdf'),
      truthPath,
      truth,
    });
  }
  return out;
}

/** The case list the fixture bundles of one kind were generated against. */
export async function loadFixtureCases(
  kind: 'text' | 'scan',
  dir: string = join(FIXTURES_DIR, kind),
): Promise<CaseCandidate[]> {
  return z.array(caseSchema).parse(JSON.parse(await readFile(join(dir, 'cases.json'), 'utf8')));
}
