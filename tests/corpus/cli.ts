/**
 * Command line for the corpus generator:
 *   tsx tests/corpus/cli.ts --out DIR --bundles N --seed S [--scan] [--cases 200]
 *     [--documents 12 | 2-40 | 2,5,40] [--dpi 150] [--noise 0..2] [--cover] [--cases-seed S]
 * Writes cases.json, and bundle-XXXX.pdf with bundle-XXXX.json (truth) per bundle. Bundle i uses
 * seed S + i; --cover spreads every document type over the bundles so a small set has all types.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CORPUS_TYPE_KEYS, type CorpusTypeKey } from './typeKeys';
import { generateCases } from './cases';
import { generateBundle } from './bundle';
import { writeTextPdf } from './textPdf';
import { writeScanPdf } from './scanPdf';
import { Rng } from './rng';
import { type TruthFile } from './fixtures';
import { format, resolveConfig } from 'prettier';

/** JSON laid out exactly as `prettier --write` would, so committed fixtures pass `prettier --check`. */
async function json(value: unknown, path: string): Promise<string> {
  const config = (await resolveConfig(path)) ?? {};
  return format(JSON.stringify(value), { ...config, parser: 'json', filepath: path });
}

function int(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new Error(`--${name} must be an integer, got ${value}`);
  return n;
}

/** "12", "2-40" (drawn per bundle) or "2,5,40" (bundle i takes item i, cycling). */
function documentCount(value: string | undefined, index: number, seed: number): number | undefined {
  if (value === undefined) return undefined;
  const list = /^\d+(,\d+)+$/.test(value) ? value.split(',').map(Number) : null;
  if (list) return list[index % list.length];
  const m = /^(\d+)(?:-(\d+))?$/.exec(value);
  if (!m?.[1]) throw new Error(`--documents must be N, A-B or A,B,C; got ${value}`);
  const a = Number(m[1]);
  return m[2] ? new Rng(seed).fork('count').int(a, Number(m[2])) : a;
}

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      bundles: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      scan: { type: 'boolean', default: false },
      cases: { type: 'string', default: '200' },
      'cases-seed': { type: 'string' },
      documents: { type: 'string' },
      dpi: { type: 'string' },
      noise: { type: 'string' },
      cover: { type: 'boolean', default: false },
    },
  });
  if (!values.out) throw new Error('--out DIR is required');
  const seed = int(values.seed, 'seed', 1);
  const count = int(values.bundles, 'bundles', 1);
  const casesSeed = int(values['cases-seed'], 'cases-seed', seed);
  const caseCount = int(values.cases, 'cases', 200);
  const cases = generateCases(casesSeed, caseCount);
  const dpi = int(values.dpi, 'dpi', 150);
  await mkdir(values.out, { recursive: true });
  const casesPath = join(values.out, 'cases.json');
  await writeFile(casesPath, await json(cases, casesPath));
  const cover: CorpusTypeKey[][] = Array.from({ length: count }, () => []);
  if (values.cover) CORPUS_TYPE_KEYS.forEach((k, i) => cover[i % count]?.push(k));
  for (let i = 0; i < count; i++) {
    const bundleSeed = seed + i;
    const documents = documentCount(values.documents, i, bundleSeed);
    const include = cover[i] ?? [];
    const docCount = documents === undefined ? null : Math.max(documents, include.length);
    const bundle = generateBundle(bundleSeed, {
      cases,
      ...(docCount === null ? {} : { documents: docCount }),
      include,
    });
    const name = `bundle-${String(i + 1).padStart(4, '0')}`;
    const pdfPath = join(values.out, `${name}.pdf`);
    if (values.scan) {
      const noise = values.noise === undefined ? 1 : Number(values.noise);
      await writeScanPdf(bundle, pdfPath, { seed: bundleSeed, dpi, noise });
    } else await writeTextPdf(bundle, pdfPath);
    const truth: TruthFile = {
      id: bundle.id,
      seed: bundleSeed,
      kind: values.scan ? 'scan' : 'text',
      ...(values.scan ? { dpi } : {}),
      pageCount: bundle.pages.length,
      generator: { casesSeed, cases: caseCount, documents: docCount, include },
      documents: bundle.truth.documents,
      pages: bundle.pages.map((lines) => lines.join('\n')),
    };
    const truthPath = join(values.out, `${name}.json`);
    await writeFile(truthPath, await json(truth, truthPath));
    console.log(
      `${name}: ${bundle.pages.length} pages, ${bundle.truth.documents.length} documents`,
    );
  }
}

const entry = process.argv[1];
if (entry && pathToFileURL(resolve(entry)).href === import.meta.url) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
