import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as prettier from 'prettier';

/**
 * Rewrites the section of docs/PERFORMANCE.md that belongs to one bench, between the markers
 * `<!-- <name>:begin ... -->` and `<!-- <name>:end -->`; text outside the markers is kept. The
 * section is appended (and the file created) when the markers are not there yet.
 */
export async function writeDocSection(docFile: string, name: string, section: string) {
  const begin = `<!-- ${name}:begin (written by npm run bench -- ${name}) -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${begin}\n${section}\n${end}`;
  const current = await readFile(docFile, 'utf8').catch(() => undefined);
  let next: string;
  if (current === undefined) {
    next = `# Performance\n\nMeasured numbers of LexDesk and how to reproduce them.\n\n${block}\n`;
  } else if (current.includes(begin) && current.includes(end)) {
    next =
      current.slice(0, current.indexOf(begin)) +
      block +
      current.slice(current.indexOf(end) + end.length);
  } else {
    next = `${current.trimEnd()}\n\n${block}\n`;
  }
  await mkdir(path.dirname(docFile), { recursive: true });
  const options = (await prettier.resolveConfig(docFile)) ?? {};
  await writeFile(docFile, await prettier.format(next, { ...options, filepath: docFile }));
}

/** Writes a bench's result to `bench-results/<name>.json` and its section of docs/PERFORMANCE.md. */
export async function writeBenchResult(
  root: string,
  name: string,
  result: object,
  section: string,
): Promise<void> {
  await mkdir(path.join(root, 'bench-results'), { recursive: true });
  await writeFile(
    path.join(root, 'bench-results', `${name}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  await writeDocSection(path.join(root, 'docs', 'PERFORMANCE.md'), name, section);
}
