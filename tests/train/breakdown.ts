/**
 * `npx tsx tests/train/breakdown.ts [count] [seed]`: where the committed boundary model errs on
 * bundles of the independent generator, by scenario and by the kinds of document on either side
 * of the error (missed start = two documents merged; extra start = a document split). For error
 * analysis only: run it on a seed range apart from the one the scores are reported on.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPage, splitPages } from '../../src/server/pipeline/split';
import { DEFAULT_TAXONOMY } from '../../src/server/pipeline/taxonomy/rules';
import { generateBundle2 } from '../corpus2';

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

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? 80);
  const seed = Number(process.argv[3] ?? 5000);
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
