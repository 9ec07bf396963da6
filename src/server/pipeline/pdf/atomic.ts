/**
 * Writes that never leave a half-written file under the final name: temp file, then rename. The
 * files are client documents: owner-only (shared/files/modes).
 */
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, rename, rm, writeFile } from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from '../../../shared/files/modes';

function tempName(target: string): string {
  return `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

async function viaTemp(target: string, write: (temp: string) => Promise<void>): Promise<void> {
  const temp = tempName(target);
  try {
    await write(temp);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export function writeFileAtomic(target: string, data: Uint8Array): Promise<void> {
  return viaTemp(target, (temp) => writeFile(temp, data, { mode: PRIVATE_FILE_MODE }));
}

export function copyFileAtomic(source: string, target: string): Promise<void> {
  return viaTemp(target, async (temp) => {
    await copyFile(source, temp);
    await chmod(temp, PRIVATE_FILE_MODE);
  });
}
