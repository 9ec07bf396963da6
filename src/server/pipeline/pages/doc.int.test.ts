// .doc conversion through a converter on PATH (a fake antiword here) and the no-converter case.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocPages } from './doc';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lexdesk-doc-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readDocPages', () => {
  it('splits a converter’s output at form feeds', async () => {
    const bin = join(dir, 'bin');
    await writeFile(join(dir, 'old.doc'), 'not really a doc');
    await mkdir(bin);
    const antiword = join(bin, 'antiword');
    await writeFile(antiword, "#!/bin/sh\nprintf 'Page one\\r\\n\\fPage two\\n\\f'\n");
    await chmod(antiword, 0o755);
    expect(await readDocPages(join(dir, 'old.doc'), bin)).toEqual([
      { page: 1, text: 'Page one', source: 'doc' },
      { page: 2, text: 'Page two', source: 'doc' },
    ]);
  });

  it('is one empty page when no converter is found or all fail', async () => {
    const bin = join(dir, 'broken');
    await mkdir(bin);
    const catdoc = join(bin, 'catdoc');
    await writeFile(catdoc, '#!/bin/sh\nexit 3\n');
    await chmod(catdoc, 0o755);
    const expected = [{ page: 1, text: '', source: 'none' }];
    expect(await readDocPages(join(dir, 'old.doc'), bin)).toEqual(expected);
    expect(await readDocPages(join(dir, 'old.doc'), join(dir, 'empty'))).toEqual(expected);
  });
});
