/** Writes that never leave a half-written file under the final name: temp file, then rename. */
import { randomBytes } from 'node:crypto';
import { copyFile, rename, rm, writeFile } from 'node:fs/promises';

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
  return viaTemp(target, (temp) => writeFile(temp, data));
}

export function copyFileAtomic(source: string, target: string): Promise<void> {
  return viaTemp(target, (temp) => copyFile(source, temp));
}
