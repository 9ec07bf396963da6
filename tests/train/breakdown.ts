/**
 * `npx tsx tests/train/breakdown.ts [count] [seed]`: where the committed boundary model errs on
 * bundles of the independent generator, by scenario and by the kinds of document on either side
 * of the error (missed start = two documents merged; extra start = a document split). For error
 * analysis only: run it on a seed range apart from the one the scores are reported on.
 *
 * `--gen1 [count] [seed]`: the same on generator-1 bundles with the conventions laid over them
 * (augment.ts), by default the training bundles (seed 16; `npm run train` scores 17 and 18), with
 * the end of the page before and the top of the page for each error.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPage, splitPages } from '../../src/server/pipeline/split';
import { DEFAULT_TAXONOMY } from '../../src/server/pipeline/taxonomy/rules';
import { generateBundle2 } from '../corpus2';
import { gen1Bundles } from './boundary';

export interface ErrorRow {
  bundle: string;
  scenario: string;
  kind: 'merged' | 'split';
  page: number;
  before: string;
  after: string;
  cue: string;
}

export function breakdown(count: number, seed: number): { rows: ErrorRow[]; bundles: number } {
  const rows: ErrorRow[] = [];
  for (let i = 0; i < count; i++) {
    const b = generateBundle2(seed + i, { cases: 40 });
    const input = b.pages.map((lines, k) => ({
      page: k + 1,
      text: lines.join('\n'),
      source: 'text-layer' as const,
    }));
    const predicted = new Set(splitPages(input).map((r) => r.startPage));
    const truthStarts = new Set(b.truth.documents.map((d) => d.startPage));
    const typeAt = (page: number): string =>
      b.truth.documents.find((d) => d.startPage <= page && page <= d.endPage)?.typeKey ?? '?';
    for (let page = 2; page <= b.pages.length; page++) {
      const t = truthStarts.has(page);
      const p = predicted.has(page);
      if (t === p) continue;
      const r = readPage(input[page - 1] ?? input[0]!, DEFAULT_TAXONOMY);
      const cue = [
        r.fax ? 'fax' : '',
        r.attachment ?? '',
        r.separator ? 'separator' : '',
        r.title ? `title:${r.title.typeKey}` : '',
        r.number ? `p${r.number.k}/${r.number.n ?? ''}` : '',
        r.caption >= 3 ? 'caption' : '',
        r.letterhead ? 'letterhead' : '',
      ]
        .filter(Boolean)
        .join(' ');
      rows.push({
        bundle: `${b.scenario}-${seed + i}`,
        scenario: b.scenario,
        kind: t ? 'merged' : 'split',
        page,
        before: typeAt(page - 1),
        after: typeAt(page),
        cue,
      });
    }
  }
  return { rows, bundles: count };
}

/** Boundary errors on generator-1 bundles with conventions, one line of context each side. */
export function gen1Errors(count: number, seed: number): string[] {
  const out: string[] = [];
  const body = (text: string): string[] => text.split('\n').filter((l) => l.trim() !== '');
  for (const b of gen1Bundles(seed, count, true)) {
    const input = b.pages.map((text, i) => ({ page: i + 1, text, source: 'text-layer' as const }));
    const predicted = new Set(splitPages(input).map((r) => r.startPage));
    b.starts.forEach((truth, i) => {
      if (i === 0 || truth === predicted.has(i + 1)) return;
      const before = body(b.pages[i - 1] ?? '').slice(-2);
      const after = body(b.pages[i] ?? '').slice(0, 3);
      out.push(
        `${b.name} p${i + 1} ${truth ? 'merged' : 'split'}\n  ...${before.join(' / ')}\n  | ${after.join(' / ')}`,
      );
    });
  }
  return out;
}

function main(args: string[]): void {
  if (args[0] === '--gen1') {
    const errors = gen1Errors(Number(args[1] ?? 80), Number(args[2] ?? 16));
    for (const e of errors) process.stdout.write(`${e}\n`);
    process.stdout.write(`${errors.length} errors\n`);
    return;
  }
  const count = Number(args[0] ?? 80);
  const seed = Number(args[1] ?? 5000);
  const { rows } = breakdown(count, seed);
  const tally = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.kind} ${r.before} -> ${r.after}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  for (const [k, n] of [...tally].sort((a, b) => b[1] - a[1])) process.stdout.write(`${n}\t${k}\n`);
  process.stdout.write('\n');
  for (const r of rows)
    process.stdout.write(`${r.bundle} p${r.page} ${r.kind} ${r.before} -> ${r.after} [${r.cue}]\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
