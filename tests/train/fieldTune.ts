/**
 * `npx tsx tests/train/fieldTune.ts [count] [seed] [--cache DIR] [--verbose] [--field NAME]
 * [--strict-accents] [--match]`: the
 * field-reading misses on the OCR texts that `scanTune.ts` caches for the independent generator's
 * scanned tuning bundles. Each truth document's pages (cut at the truth's boundaries, so a
 * boundary error does not hide a field) are joined as the pipeline joins them and read by
 * `extractFields`; applicant, claim-number set and "every defendant named" are scored as
 * `npm run eval` scores them, and each miss is printed with the lines around its labels.
 * Only bundles already cached are read (run scanTune.ts first to OCR them); `--text` reads the
 * same bundles as text PDFs instead. `--match` also matches each document to the bundle's cases
 * and reads its claim numbers and applicant through the chosen case (match/correct.ts), as the
 * pipeline does;
 * `--agree` reads the bundle's party names through each other (extract/consensus.ts).
 *
 * For error analysis only, on tuning seeds (31000 and up): never on the eval's seeds.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFields } from '../../src/server/pipeline/extract';
import { agreeOnParties } from '../../src/server/pipeline/extract/consensus';
import { readThroughCase } from '../../src/server/pipeline/match/correct';
import { matchCase } from '../../src/server/pipeline/match/matchCase';
import { createLazyOcrEngine, readPages } from '../../src/server/pipeline/pages';
import type { ExtractedFields } from '../../src/server/pipeline/types';
import { defendantsOf, key } from '../eval/cross';
import { fieldMatches } from '../eval/metrics';
import { generateCases2, writeTextPdf2 } from '../corpus2';
import { type Cached, tuningBundle } from './scanTune';

/**
 * `--text`: the same bundles as text PDFs (read through their text layer, cached beside the
 * scans as SEED-text.json), to check that a rule for OCR damage costs nothing on clean text.
 */
async function textPages(seed: number, dir: string): Promise<Pick<Cached, 'pages'>> {
  const file = join(dir, `${seed}-text.json`);
  const hit = await readFile(file, 'utf8').then(
    (t) => JSON.parse(t) as Pick<Cached, 'pages'>,
    () => null,
  );
  if (hit) return hit;
  const pdf = join(dir, `${seed}-text.pdf`);
  await writeTextPdf2(tuningBundle(seed), pdf);
  const ocr = createLazyOcrEngine({ prefer: 'native' });
  try {
    const read = await readPages(pdf, { ocr });
    await writeFile(file, JSON.stringify({ pages: read.pages }));
    return { pages: read.pages };
  } finally {
    await ocr.close();
  }
}

const FIELDS = ['applicant', 'claimNumbers', 'defendants', 'dateOfInjury'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The eval's key before accents were folded ("Villaseñor" read as two words, "VILLASE OR"), for
 * `--strict-accents`: the applicant as the eval scored it until then.
 */
const strictKey = (value: string | null) =>
  value
    ?.toUpperCase()
    .split(/[^A-Z0-9&]+/)
    .filter(Boolean)
    .sort()
    .join(' ') ?? null;

/** Whether a field counts, and whether it is right, as tests/eval/cross.ts decides. */
function judge(
  field: Field,
  got: ExtractedFields,
  want: ExtractedFields,
  strictAccents = false,
): boolean | null {
  if (field === 'defendants') {
    const w = defendantsOf(want);
    const g = defendantsOf(got);
    if (!w || w.length === 0 || !g) return null;
    const have = new Set(g.map(key));
    return w.every((d) => have.has(key(d)));
  }
  const v = want[field];
  const u = got[field];
  const present = (x: unknown) => (Array.isArray(x) ? x.length > 0 : x !== null);
  if (!present(v) && !present(u)) return null;
  if (strictAccents && field === 'applicant')
    return strictKey(got.applicant) === strictKey(want.applicant);
  return fieldMatches(field, got, want);
}

/** The lines of a text that mention what a field is read from, for reading a miss. */
const CUES: Record<Field, RegExp> = {
  applicant: /applicant|employee|worker|patient|claimant|name|re\s*:|dear|\bvs?\b/i,
  claimNumbers: /c\s*[l1i|]\s*a\s*[i1l|]\s*m|no\.|#/i,
  defendants:
    /defendant|employer|insur|carrier|administrator|adjust|examiner|\bvs?\b|re\s*:|tpa|claims/i,
  dateOfInjury: /injury|d\.?o\.?i|\bct\b|cumulative|through/i,
};

async function main(args: string[]) {
  const positional = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
  };
  const count = Number(positional[0] ?? 30);
  const seed = Number(positional[1] ?? 31000);
  if (seed >= 2026000) throw new Error('fieldTune reads tuning seeds only, never the eval seeds');
  const dir = option('cache', '/tmp/lexdesk-scan-tune');
  const only = option('field', '');
  const verbose = args.includes('--verbose');
  const strictAccents = args.includes('--strict-accents');
  const text = args.includes('--text');
  const cases = args.includes('--match') ? generateCases2(777, 200) : null;
  const agree = args.includes('--agree');
  const tally: Record<Field, [number, number]> = {
    applicant: [0, 0],
    claimNumbers: [0, 0],
    defendants: [0, 0],
    dateOfInjury: [0, 0],
  };
  let bundles = 0;
  for (let i = 0; i < count; i++) {
    const file = join(dir, `${seed + i}-default.json`);
    const cached = text
      ? await textPages(seed + i, dir)
      : await readFile(file, 'utf8').then(
          (t) => JSON.parse(t) as Cached,
          () => null,
        );
    if (!cached) continue;
    bundles++;
    const bundle = tuningBundle(seed + i);
    const read = bundle.truth.documents.map((doc) => {
      const pages = cached.pages.slice(doc.startPage - 1, doc.endPage);
      const joined = pages.map((p) => p.text).join('\f');
      const found = extractFields(joined);
      const ocr = pages.some((p) => p.source === 'ocr');
      const fields = cases
        ? readThroughCase(found, matchCase(found, cases), cases, ocr).fields
        : found;
      return { joined, fields, ocr };
    });
    const agreed = agree ? agreeOnParties(read) : read.map((r) => r.fields);
    for (const [index, doc] of bundle.truth.documents.entries()) {
      const joined = read[index]?.joined ?? '';
      const got = agreed[index] ?? extractFields('');
      const want = doc.fields as ExtractedFields;
      for (const field of FIELDS) {
        const ok = judge(field, got, want, strictAccents);
        if (ok === null) continue;
        tally[field][1] += 1;
        if (ok) {
          tally[field][0] += 1;
          continue;
        }
        if (only && only !== field) continue;
        const show = (f: ExtractedFields) =>
          JSON.stringify(field === 'defendants' ? defendantsOf(f) : f[field]);
        process.stdout.write(
          `${seed + i} p${doc.startPage}-${doc.endPage} ${doc.typeKey} ${field}: want ${show(want)} got ${show(got)}\n`,
        );
        if (verbose) {
          const lines = joined.split('\n').filter((l) => l.trim());
          const hits = lines.filter((l) => CUES[field].test(l)).slice(0, 14);
          for (const l of hits) process.stdout.write(`    | ${l}\n`);
        }
      }
    }
  }
  const pct = ([ok, n]: [number, number]) => (n === 0 ? 'n/a' : `${((100 * ok) / n).toFixed(1)}%`);
  process.stdout.write(
    `${bundles} bundles: ${FIELDS.map((f) => `${f} ${tally[f][0]}/${tally[f][1]} (${pct(tally[f])}, misses ${tally[f][1] - tally[f][0]})`).join(', ')}\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
