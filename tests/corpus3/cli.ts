/**
 * Writes one bundle for a person to look at:
 *   npx tsx tests/corpus3/cli.ts SEED [--scan] [--out DIR] [--scenario NAME] [--documents N] [--png N|a,b,c]
 * Produces DIR/gen3-<scenario>-<seed>.pdf (text layer, or image-only with --scan), a .truth.json
 * with the cases, truth and page text, and with --png N the first N pages rendered as scan PNGs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  generateBundle3,
  generateCases3,
  renderScanPage,
  SCENARIOS3,
  writeScanPdf3,
  writeTextPdf3,
  type Scenario3,
} from './index';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const seed = Number(process.argv[2]);
  if (!Number.isInteger(seed))
    throw new Error(
      'usage: cli.ts SEED [--scan] [--out DIR] [--scenario NAME] [--documents N] [--png N|a,b,c]',
    );
  const out = arg('--out') ?? '.corpus3';
  const scenario = arg('--scenario') as Scenario3 | undefined;
  if (scenario && !SCENARIOS3.includes(scenario))
    throw new Error(`scenario is one of ${SCENARIOS3.join(', ')}`);
  const documents = arg('--documents') ? Number(arg('--documents')) : undefined;
  await mkdir(out, { recursive: true });
  const cases = generateCases3(seed, 6);
  const bundle = generateBundle3(seed, { cases, documents, scenario });
  const base = join(out, bundle.id);
  const scan = process.argv.includes('--scan');
  if (scan) await writeScanPdf3(bundle, `${base}.scan.pdf`, { seed });
  else await writeTextPdf3(bundle, `${base}.pdf`);
  const { layout: _layout, ...plain } = bundle;
  await writeFile(`${base}.truth.json`, JSON.stringify({ cases, ...plain }, null, 2));
  // --png 3 renders pages 1-3; --png 2,9,14 renders those pages.
  const png = arg('--png') ?? '';
  const wanted = png.includes(',')
    ? png.split(',').map(Number)
    : Array.from({ length: Number(png || 0) }, (_, i) => i + 1);
  for (const n of wanted) {
    const page = bundle.layout[n - 1];
    const seedN = seed * 1000 + n - 1;
    if (page)
      await writeFile(
        `${base}.p${n}.png`,
        await renderScanPage(page, { seed: seedN, format: 'png' }),
      );
  }
  console.log(
    `${bundle.id}: ${bundle.pages.length} pages, ${bundle.truth.documents.length} documents -> ${base}${scan ? '.scan' : ''}.pdf`,
  );
  for (const d of bundle.truth.documents) {
    const f = d.fields;
    console.log(
      `  p${d.startPage}-${d.endPage} ${d.typeKey.padEnd(28)} case=${d.caseIds?.join('+') ?? d.caseId ?? '-'} applicant=${f.applicant ?? '-'} adj=${f.adjNumbers.join(',') || '-'} claims=${f.claimNumbers.join(',') || '-'} doi=${f.dateOfInjury ? f.dateOfInjury.start + (f.dateOfInjury.end ? '..' + f.dateOfInjury.end : '') : '-'} defs=${f.defendants.length}`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
