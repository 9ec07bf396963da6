import { mkdtempSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfCache, serverLink } from './pdfCache';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4_000, 0x20)]);
let server: Server;
let url: string;
const seenAuth: (string | undefined)[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seenAuth.push(req.headers.authorization);
    if (req.url?.startsWith('/files/pdf')) return res.end(PDF);
    if (req.url?.startsWith('/files/html')) return res.end('<html>sign in</html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

function cache() {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-pdf-cache-'));
  dirs.push(dir);
  return createPdfCache({ dir: path.join(dir, 'pdf') });
}

describe('the PDF cache', () => {
  it('given a signed link on the server, when downloaded, then the bytes are kept under a hashed name and read back', async () => {
    const pdfs = cache();
    const name = pdfs.fileNameFor('u1', '../../etc/passwd');
    expect(name).toMatch(/^[0-9a-f]{40}\.pdf$/);
    const result = await pdfs.download(
      `${url}/files/pdf?sig=1`,
      { serverUrl: url, token: 'tok' },
      name,
      1_000_000,
    );
    expect(result).toEqual({ ok: true, bytes: PDF.length });
    expect((await pdfs.read(name))?.equals(PDF)).toBe(true);
    expect(seenAuth.at(-1)).toBe('Bearer tok');
    expect(await readdir(pdfs.dir)).toEqual([name]);
  });

  it('given a link to another origin, when downloaded, then nothing is fetched and the token goes nowhere', async () => {
    const pdfs = cache();
    const before = seenAuth.length;
    const result = await pdfs.download(
      `http://127.0.0.2:1/files/pdf`,
      { serverUrl: url, token: 'tok' },
      pdfs.fileNameFor('u1', 'd1'),
      1_000_000,
    );
    expect(result.ok).toBe(false);
    expect(seenAuth.length).toBe(before);
    expect(serverLink('/files/x', url)?.href).toBe(`${url}/files/x`);
  });

  it('given an answer that is not a PDF or is too large, when downloaded, then nothing is kept', async () => {
    const pdfs = cache();
    const name = pdfs.fileNameFor('u1', 'd1');
    const html = await pdfs.download(
      `${url}/files/html`,
      { serverUrl: url, token: 't' },
      name,
      1e6,
    );
    expect(html).toMatchObject({ ok: false, message: 'The server did not send a PDF.' });
    const big = await pdfs.download(`${url}/files/pdf`, { serverUrl: url, token: 't' }, name, 100);
    expect(big).toMatchObject({ ok: false, message: 'The PDF is larger than the cache.' });
    expect(await readdir(pdfs.dir)).toEqual([]);
  });

  it('given files the store does not know, when swept, then only those are removed', async () => {
    const pdfs = cache();
    const keep = pdfs.fileNameFor('u1', 'keep');
    await pdfs.download(`${url}/files/pdf`, { serverUrl: url, token: 't' }, keep, 1e6);
    await writeFile(path.join(pdfs.dir, `${keep}.part-abc`), 'partial');
    expect(await pdfs.sweep(new Set([keep]))).toBe(1);
    expect(await readdir(pdfs.dir)).toEqual([keep]);
    await expect(pdfs.read('../x.pdf')).resolves.toBeNull();
  });
});
