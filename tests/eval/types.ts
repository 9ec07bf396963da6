/**
 * `npx tsx tests/eval/types.ts [--bundles 60] [--seed 2026]`: the document-type decision alone,
 * on documents bounded as the truth bounds them (so boundary errors do not count), for both
 * generators: tests/corpus (written beside the rules) and tests/corpus2 (independent). Prints the
 * accuracy per generator and the commonest confusions (truth -> decided). Page text is each page's
 * lines, as a perfect text layer reads them; the classifier sees what runPipeline gives it.
 * Each generator is also scored under two general stresses that neither generator's templates
 * decide: a fax stamp on every page (above or below the text) and OCR damage (6% of characters).
 */
import { classifyDocument } from '../../src/server/pipeline/classify';
import { classificationText } from '../../src/server/pipeline/run';
import { DEFAULT_TAXONOMY } from '../../src/server/pipeline/taxonomy/rules';
import { generateBundle, generateCases } from '../corpus';
import { generateBundle2, generateCases2 } from '../corpus2';
import { ocrDamage } from '../../src/server/pipeline/classify/fixtures';
import { Rng } from '../corpus/rng';
import { faxStyle } from '../train/attachments';

interface Doc {
  typeKey: string;
  pages: string[];
}

function score(name: string, docs: Doc[]): void {
  let right = 0;
  const confusions = new Map<string, number>();
  const perType = new Map<string, { n: number; right: number }>();
  for (const doc of docs) {
    const decided = classifyDocument(classificationText(doc.pages), DEFAULT_TAXONOMY).typeKey;
    const t = perType.get(doc.typeKey) ?? { n: 0, right: 0 };
    t.n += 1;
    if (decided === doc.typeKey) {
      right += 1;
      t.right += 1;
    } else {
      const key = `${doc.typeKey} -> ${decided ?? '(none)'}`;
      confusions.set(key, (confusions.get(key) ?? 0) + 1);
    }
    perType.set(doc.typeKey, t);
  }
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  process.stdout.write(
    `${name}: ${docs.length} documents, type accuracy ${pct(right, docs.length)}\n`,
  );
  const worst = [...confusions].sort((a, b) => b[1] - a[1]).slice(0, 12);
  for (const [k, n] of worst) process.stdout.write(`  ${n} x ${k}\n`);
  const weak = [...perType]
    .filter(([, t]) => t.right < t.n)
    .sort((a, b) => a[1].right / a[1].n - b[1].right / b[1].n);
  process.stdout.write(
    `  weakest: ${weak
      .slice(0, 8)
      .map(([k, t]) => `${k} ${pct(t.right, t.n)} (${t.n})`)
      .join(', ')}\n`,
  );
}

function docsOf(
  truth: Array<{ startPage: number; endPage: number; typeKey: string }>,
  pages: string[][],
): Doc[] {
  return truth.map((d) => ({
    typeKey: d.typeKey,
    pages: pages.slice(d.startPage - 1, d.endPage).map((lines) => lines.join('\n')),
  }));
}

/** Every page stamped by a fax machine, the counter running across the document. */
function faxed(docs: Doc[], seed: number): Doc[] {
  const rng = new Rng(seed + 17);
  return docs.map((d) => {
    const style = faxStyle(rng);
    const n = d.pages.length;
    const pages = d.pages.map((p, i) =>
      style.top ? `${style.line(i + 1, n)}\n${p}` : `${p}\n${style.line(i + 1, n)}`,
    );
    return { typeKey: d.typeKey, pages };
  });
}

function damaged(docs: Doc[], seed: number): Doc[] {
  return docs.map((d, i) => ({
    typeKey: d.typeKey,
    pages: d.pages.map((p, j) => ocrDamage(p, seed + i * 31 + j)),
  }));
}

const args = process.argv.slice(2);
const opt = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const bundles = opt('bundles', 60);
const seed = opt('seed', 2026);

const cases1 = generateCases(1, 200);
const old: Doc[] = [];
for (let i = 0; i < bundles; i += 1) {
  const b = generateBundle(seed * 1000 + i, { cases: cases1 });
  old.push(...docsOf(b.truth.documents, b.pages));
}
score('tests/corpus (same generator)', old);
score('  with fax stamps', faxed(old, seed));
score('  with OCR damage', damaged(old, seed));

const cases2 = generateCases2(seed, 200);
const other: Doc[] = [];
for (let i = 0; i < bundles; i += 1) {
  const b = generateBundle2(seed * 1000 + i, { cases: cases2 });
  other.push(...docsOf(b.truth.documents, b.pages));
}
score('tests/corpus2 (independent generator)', other);
score('  with fax stamps', faxed(other, seed));
score('  with OCR damage', damaged(other, seed));
