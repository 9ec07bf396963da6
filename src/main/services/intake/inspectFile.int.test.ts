import { createHash, randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import {
  appendFile,
  chmod,
  mkdir,
  mkdtemp,
  open,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cfb,
  FIXTURES,
  paddedPdf,
  PDF_END,
  zip,
} from '../../../../tests/integration/fixtures/files';
import { until } from '../../../../tests/support/until';
import { inspectFile, type InspectResult } from './inspectFile';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-inspect-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const MB = 1024 * 1024;
const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

async function put(name: string, bytes: Uint8Array | string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

/** The uid and gid of `nobody`, who owns none of the test's files. */
const NOBODY = 65_534;
const CHILD = fileURLToPath(new URL('./fixtures/inspect-child.ts', import.meta.url));

/**
 * inspectFile in a child process that lacks this user's privileges: root may read any file, so
 * a test running as root (as CI does) forks the child as `nobody`; anyone else forks as themself.
 */
function inspectAsUnprivileged(...files: string[]): Promise<InspectResult[]> {
  const asRoot = process.getuid?.() === 0;
  const child = fork(CHILD, files, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  return new Promise((resolve, reject) => {
    child.once('message', (results) => resolve(results as InspectResult[]));
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`the inspecting child exited (${code}) without results`)),
    );
  });
}

/** Bytes this process has read so far (Linux: /proc/self/io), or undefined elsewhere. */
async function bytesRead(): Promise<number | undefined> {
  const io = await readFile('/proc/self/io', 'utf8').catch(() => undefined);
  const rchar = io && /^rchar: (\d+)$/m.exec(io)?.[1];
  return rchar ? Number(rchar) : undefined;
}

/**
 * Resolves once inspectFile is hashing: this process has read 8 MiB more than `since`, more than
 * the type check ever reads, so the file's first stat is taken and most of its bytes are still to
 * come. Without /proc (not Linux) it can only give the hashing a head start of 30 ms.
 */
async function hashingUnderWay(since: number | undefined): Promise<void> {
  if (since === undefined) return new Promise((resolve) => setTimeout(resolve, 30));
  await until(
    async () => ((await bytesRead()) ?? 0) - since > 8 * MB,
    20_000,
    'the hashing to start',
  );
}

/** A sparse PDF of `size` bytes: the fixture's start, zeros, and a PDF's end. */
async function sparsePdf(name: string, size: number): Promise<string> {
  const file = await put(name, FIXTURES.pdf);
  const handle = await open(file, 'r+');
  await handle.write(PDF_END, 0, PDF_END.length, size - PDF_END.length);
  await handle.close();
  return file;
}

describe('inspectFile accepts files whose content and name agree', () => {
  it('given a PDF of several MiB, then it reports size, mtime, type, mime and the SHA-256 of all bytes', async () => {
    const bytes = Buffer.from(paddedPdf(randomBytes(3 * MB + 17)));
    const file = await put('claim.pdf', bytes);
    const result = await inspectFile(file, { maxBytes: 10 * MB });
    expect(result).toMatchObject({
      ok: true,
      path: file,
      name: 'claim.pdf',
      size: bytes.length,
      type: 'pdf',
      mime: 'application/pdf',
      sha256: sha(bytes),
    });
    expect(result.ok && result.mtimeMs).toBeGreaterThan(0);
  });

  it('given a name written in NFD, then the reported name is its NFC form', async () => {
    const file = await put('Résumé.pdf'.normalize('NFD'), FIXTURES.pdf);
    const result = await inspectFile(file, { maxBytes: MB });
    expect(result).toMatchObject({ ok: true, name: 'Résumé.pdf'.normalize('NFC') });
  });

  it('given a docx over 1 MiB whose word/ entry lies past the head, then the central directory identifies it', async () => {
    const big = 'x'.repeat(2 * MB);
    const bytes = zip({
      '[Content_Types].xml': '<Types/>',
      'media/big.bin': big,
      'word/document.xml': '<w/>',
    });
    const file = await put('brief.docx', bytes);
    expect(await inspectFile(file, { maxBytes: 10 * MB })).toMatchObject({
      ok: true,
      type: 'docx',
    });
  });

  it('given a .doc over 1 MiB whose directory sector lies past the head, then it is identified as doc', async () => {
    const small = Buffer.from(cfb(['WordDocument']));
    const header = Buffer.from(small.subarray(0, 512));
    const sector = 2100; // (2100 + 1) * 512 bytes is beyond the first MiB
    header.writeUInt32LE(sector, 48);
    const filler = Buffer.alloc(sector * 512);
    const bytes = Buffer.concat([header, filler, small.subarray(512, 1024)]);
    const file = await put('letter.doc', bytes);
    expect(await inspectFile(file, { maxBytes: 10 * MB })).toMatchObject({ ok: true, type: 'doc' });
  });
});

describe('inspectFile refuses with a clear code and message', () => {
  it('given a zero-byte file, then FILE_EMPTY', async () => {
    const file = await put('empty.pdf', '');
    expect(await inspectFile(file, { maxBytes: MB })).toEqual({
      ok: false,
      code: 'FILE_EMPTY',
      message: 'The file is empty.',
      retryable: false,
    });
  });

  it('given a file over the limit, then FILE_TOO_LARGE', async () => {
    const file = await put(
      'big.pdf',
      Buffer.concat([Buffer.from(FIXTURES.pdf), Buffer.alloc(2048)]),
    );
    expect(await inspectFile(file, { maxBytes: 1024 })).toMatchObject({
      ok: false,
      code: 'FILE_TOO_LARGE',
      message: 'The file is larger than the upload limit.',
    });
  });

  it('given a PDF header on a large file without a PDF end (an executable), then INVALID_FILE_TYPE before hashing', async () => {
    const file = await put(
      'invoice.pdf',
      Buffer.concat([Buffer.from('%PDF-1.4\n\x7fELF', 'latin1'), randomBytes(2 * MB)]),
    );
    expect(await inspectFile(file, { maxBytes: 10 * MB })).toMatchObject({
      ok: false,
      code: 'INVALID_FILE_TYPE',
      message: 'Invalid file type or format',
    });
  });

  it('given a PNG named .pdf (lying extension), then INVALID_FILE_TYPE with the catalogue words', async () => {
    const file = await put('report.pdf', FIXTURES.png);
    expect(await inspectFile(file, { maxBytes: MB })).toMatchObject({
      ok: false,
      code: 'INVALID_FILE_TYPE',
      message: 'Invalid file type or format',
    });
  });

  it('given an executable, then INVALID_FILE_TYPE', async () => {
    const file = await put('setup.exe', FIXTURES.exe);
    expect(await inspectFile(file, { maxBytes: MB })).toMatchObject({ code: 'INVALID_FILE_TYPE' });
  });

  it('given a path that does not exist, then FILE_NOT_FOUND', async () => {
    expect(await inspectFile(path.join(dir, 'gone.pdf'), { maxBytes: MB })).toMatchObject({
      ok: false,
      code: 'FILE_NOT_FOUND',
      message: 'The file no longer exists.',
    });
  });

  it('given a directory, then NOT_A_FILE', async () => {
    await mkdir(path.join(dir, 'folder.pdf'));
    expect(await inspectFile(path.join(dir, 'folder.pdf'), { maxBytes: MB })).toMatchObject({
      code: 'NOT_A_FILE',
    });
  });

  it('given a file its reader has no permission to read, then FILE_UNREADABLE', async () => {
    const secret = await put('secret.pdf', FIXTURES.pdf);
    const readable = await put('readable.pdf', FIXTURES.pdf);
    await chmod(secret, 0o000);
    // The folder may be searched by the reader, so only the file's own mode keeps it out.
    await chmod(dir, 0o755);
    const [allowed, refused] = await inspectAsUnprivileged(readable, secret);
    // The same reader reads a file it may read: the refusal is the permission's doing.
    expect(allowed).toMatchObject({ ok: true, type: 'pdf' });
    expect(refused).toMatchObject({ ok: false, code: 'FILE_UNREADABLE', retryable: false });
  });
});

describe('inspectFile on large and changing files', () => {
  it('given a 300 MB sparse file, when it is hashed, then RSS grows by less than 48 MB', async () => {
    const file = await sparsePdf('huge.pdf', 300 * MB);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      const result = await inspectFile(file, { maxBytes: 400 * MB });
      expect(result).toMatchObject({ ok: true, size: 300 * MB, type: 'pdf' });
    } finally {
      clearInterval(sampler);
    }
    expect((peak - before) / MB).toBeLessThan(48);
  });

  it('given a file appended to while it is hashed, then FILE_CHANGED, retryable', async () => {
    const file = await sparsePdf('growing.pdf', 256 * MB);
    const read = await bytesRead();
    const inspecting = inspectFile(file, { maxBytes: 2048 * MB });
    await hashingUnderWay(read);
    await appendFile(file, 'more');
    expect(await inspecting).toMatchObject({ ok: false, code: 'FILE_CHANGED', retryable: true });
  });

  it('given a file replaced by another of the same size during hashing, then FILE_CHANGED', async () => {
    const file = await sparsePdf('swapped.pdf', 256 * MB);
    const other = await sparsePdf('other.pdf', 256 * MB);
    const read = await bytesRead();
    const inspecting = inspectFile(file, { maxBytes: 2048 * MB });
    await hashingUnderWay(read);
    await rename(other, file);
    expect(await inspecting).toMatchObject({ ok: false, code: 'FILE_CHANGED' });
  });
});
