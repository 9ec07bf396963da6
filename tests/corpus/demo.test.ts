import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_FILES_DIR, demoBundleFiles } from './demo';

describe('the demo sample bundles', () => {
  it('given the committed demo-files folder, when the generator makes them again, then they are the same files byte for byte', async () => {
    const made = await demoBundleFiles();
    const committed = (await readdir(DEMO_FILES_DIR)).sort();
    expect(committed).toEqual(made.map((f) => f.name).sort());
    for (const file of made) {
      const bytes = await readFile(join(DEMO_FILES_DIR, file.name));
      expect(Buffer.compare(bytes, Buffer.from(file.bytes)), file.name).toBe(0);
    }
  });
});
