/**
 * `npx tsx tests/train/scanTune.ts [count] [seed] [--cache DIR] [--variant NAME]`: the boundary
 * errors of the committed splitter on scanned bundles of the independent generator (tests/corpus2),
 * for reading OCR damage to the cues. Each bundle is drawn (scenarios in turn, 3 to 6 documents,
 * cases of seed 777), written as a scan, OCRed once and its page texts cached in DIR (default
 * /tmp/lexdesk-scan-tune), so a change to the splitter is rescored in seconds. `--variant` names
 * an OCR setting (the cache keeps one set of texts per variant): `default` is the pipeline's own.
 *
 * For error analysis only, on tuning seeds (31000 and up by default): never on the eval's seeds
 * (`npm run eval` uses 2026700 and up).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOcrEngine, readPages } from '../../src/server/pipeline/pages';
import { readPage, splitPages } from '../../src/server/pipeline/split';
import { DEFAULT_TAXONOMY } from '../../src/server/pipeline/taxonomy/rules';
import type { PageText } from '../../src/server/pipeline/types';
import { SCENARIOS, generateBundle2, generateCases2, writeScanPdf2 } from '../corpus2';

export interface Cached {
  starts: number[];
  types: string[];
  scenario: string;
  pages: PageText[];
}

/** The tuning bundle of a seed (drawn again, cheaply, for its truth). */
export function tuningBundle(seed: number) {
  const cases = generateCases2(777, 200);
  return generateBundle2(seed, {
    cases,
    scenario: SCENARIOS[seed % SCENARIOS.length],
    documents: 3 + (seed % 4),
  });
}

/** The cached OCR page texts of one tuning bundle (OCRed on first use). */
export async function bundleTexts(seed: number, dir: string, variant: string) {
  const file = join(dir, `${seed}-${variant}.json`);
  const hit = await readFile(file, 'utf8').then(
    (t) => JSON.parse(t) as Cached,
    () => null,
  );
  if (hit) return hit;
  const bundle = tuningBundle(seed);
  const pdf = join(dir, `${seed}.pdf`);
  await writeScanPdf2(bundle, pdf, { seed });
  const ocr = await createOcrEngine({ prefer: 'native' });
  try {
    const read = await readPages(pdf, { ocr });
    const cached: Cached = {
      starts: bundle.truth.documents.map((d) => d.startPage),
      types: bundle.truth.documents.map((d) => d.typeKey),
      scenario: bundle.scenario,
      pages: read.pages,
    };
    await writeFile(file, JSON.stringify(cached));
    return cached;
  } finally {
    await ocr.close();
  }
}

async function main(args: string[]) {
  const positional = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
  };
  const count = Number(positional[0] ?? 12);
  const seed = Number(positional[1] ?? 31000);
  const dir = option('cache', '/tmp/lexdesk-scan-tune');
  const variant = option('variant', 'default');
  const verbose = args.includes('--verbose');
  const cachedOnly = args.includes('--cached');
  await mkdir(dir, { recursive: true });
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let perfect = 0;
  let scored = 0;
  for (let i = 0; i < count; i++) {
    if (cachedOnly && !(await readFile(join(dir, `${seed + i}-${variant}.json`)).catch(() => null)))
      continue;
    const b = await bundleTexts(seed + i, dir, variant);
    scored++;
    const found = new Set(splitPages(b.pages).map((r) => r.startPage));
    const truth = new Set(b.starts);
    let errors = 0;
    for (let page = 2; page <= b.pages.length; page++) {
      const t = truth.has(page);
      const p = found.has(page);
      if (t && p) tp++;
      if (t === p) continue;
      errors++;
      if (p) fp++;
      else fn++;
      const r = readPage(b.pages[page - 1]!, DEFAULT_TAXONOMY);
      const typeAt = (pg: number) => {
        let k = -1;
        b.starts.forEach((s, j) => (s <= pg ? (k = j) : 0));
        return b.types[k] ?? '?';
      };
      process.stdout.write(
        `${b.scenario}-${seed + i} p${page} ${t ? 'merged' : 'split'} ${typeAt(page - 1)} -> ${typeAt(page)} [${[
          r.fax ? `fax${r.fax.k ?? ''}/${r.fax.n ?? ''}` : '',
          r.attachment ?? '',
          r.separator ? 'separator' : '',
          r.title ? `title:${r.title.typeKey}:${r.title.strength.toFixed(2)}` : '',
          r.number ? `p${r.number.k}/${r.number.n ?? ''}` : '',
          r.caption >= 3 ? 'caption' : '',
          r.letterhead ? 'letterhead' : '',
        ]
          .filter(Boolean)
          .join(' ')}]\n`,
      );
      if (verbose) {
        const show = (pg: number) =>
          (b.pages[pg - 1]?.text ?? '')
            .split('\n')
            .filter((l) => l.trim())
            .map((l) => `    | ${l}`);
        const prev = show(page - 1);
        process.stdout.write(
          `  -- page ${page - 1} (last lines)\n${prev.slice(-8).join('\n')}\n  -- page ${page} (first lines)\n${show(page).slice(0, 14).join('\n')}\n`,
        );
      }
    }
    if (errors === 0) perfect++;
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = (2 * precision * recall) / (precision + recall || 1);
  process.stdout.write(
    `${scored} bundles (seed ${seed}, ${variant}): F1 ${f1.toFixed(3)} (tp ${tp} fp ${fp} fn ${fn}), no-error bundles ${perfect}/${scored}\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
