import { describe, expect, it } from 'vitest';
import {
  describeOutcome,
  filesOfEntry,
  filesToSend,
  findDuplicates,
  spoolFile,
  toHex,
} from './intake';

type Entry = Parameters<typeof filesOfEntry>[0];

function fileEntry(name: string): Entry {
  return Object.assign(
    { isFile: true, isDirectory: false, name },
    { file: (ok: (file: File) => void) => ok(new File(['x'], name)) },
  );
}

function dirEntry(name: string, children: Entry[]): Entry {
  return Object.assign(
    { isFile: false, isDirectory: true, name },
    {
      createReader() {
        // Batches, as browsers answer: two entries, then the rest, then an empty batch.
        const batches = [children.slice(0, 2), children.slice(2), []];
        return { readEntries: (ok: (entries: Entry[]) => void) => ok(batches.shift() ?? []) };
      },
    },
  );
}

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status });
}

describe('file intake', () => {
  it('given a dropped folder with subfolders and hidden files, then every visible file is found', async () => {
    const tree = dirEntry('case', [
      fileEntry('a.pdf'),
      fileEntry('.DS_Store'),
      dirEntry('sub', [fileEntry('b.pdf')]),
      dirEntry('.git', [fileEntry('c.pdf')]),
      fileEntry('d.pdf'),
    ]);
    const names = (await filesOfEntry(tree)).map((file) => file.name).sort();
    expect(names).toEqual(['a.pdf', 'b.pdf', 'd.pdf']);
  });

  it('given hashed and unhashed files, then each group is checked in its own request and duplicates named', async () => {
    const bodies: unknown[] = [];
    const fetchFn = (async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { fileNames: string[]; sha256s?: string[] };
      bodies.push(body);
      return answer(200, {
        data: body.fileNames.map((fileName) => ({ fileName, duplicate: fileName !== 'new.pdf' })),
      });
    }) as typeof fetch;
    const found = await findDuplicates({
      serverUrl: 'http://server',
      token: 't',
      companyId: 'c',
      files: [
        { name: 'old.pdf', sha256: 'ab'.repeat(32) },
        { name: 'new.pdf', sha256: 'cd'.repeat(32) },
        { name: 'huge.mp4', sha256: null },
      ],
      fetchFn,
    });
    expect([...found].sort()).toEqual(['huge.mp4', 'old.pdf']);
    expect(bodies).toEqual([
      {
        companyIds: ['c'],
        fileNames: ['old.pdf', 'new.pdf'],
        sha256s: ['ab'.repeat(32), 'cd'.repeat(32)],
      },
      { companyIds: ['c'], fileNames: ['huge.mp4'] },
    ]);
  });

  it('given a spooled file, then it is posted with the bridge token and the queue results come back', async () => {
    let seen: { url: string; headers: Record<string, string> } | null = null;
    const fetchFn = (async (url: string, init: RequestInit) => {
      seen = { url, headers: init.headers as Record<string, string> };
      return answer(200, {
        results: [
          {
            path: 'a b.pdf',
            fileName: 'a b.pdf',
            status: 'queued',
            jobId: 'j',
            code: null,
            message: null,
          },
        ],
      });
    }) as typeof fetch;
    const results = await spoolFile({
      origin: 'http://127.0.0.1:4780',
      bridgeToken: 'secret',
      windowKey: 'this-window',
      companyId: 'c1',
      file: new File(['%PDF'], 'a b.pdf'),
      fetchFn,
    });
    expect(results[0]?.status).toBe('queued');
    expect(seen).toEqual({
      url: 'http://127.0.0.1:4780/spool?name=a+b.pdf&company_id=c1',
      headers: {
        'X-LexDesk-Bridge-Token': 'secret',
        'X-LexDesk-Window': 'this-window',
        'Content-Type': 'application/octet-stream',
      },
    });
  });

  it('given the spool refuses (disk full), then the file is reported rejected with the host message', async () => {
    const fetchFn = (async () =>
      answer(507, {
        error: { code: 'SPOOL_DISK_FULL', message: 'Not enough disk space' },
      })) as unknown as typeof fetch;
    const [result] = await spoolFile({
      origin: 'http://h',
      bridgeToken: 't',
      windowKey: null,
      companyId: 'c',
      file: new File(['x'], 'x.pdf'),
      fetchFn,
    });
    expect(result).toMatchObject({
      status: 'rejected',
      code: 'SPOOL_DISK_FULL',
      message: 'Not enough disk space',
    });
    expect(describeOutcome(result ? [result] : [])).toEqual({
      queued: 0,
      problems: ['x.pdf: Not enough disk space'],
    });
  });

  it('given digest bytes, then the hex is lower-case and padded', () => {
    expect(toHex(new Uint8Array([0, 15, 255]).buffer)).toBe('000fff');
  });

  it('given duplicates, when the user skips, then only new files are sent; upload anyway sends all', () => {
    expect(filesToSend(['a', 'b', 'c'], ['b'], false)).toEqual(['a', 'c']);
    expect(filesToSend(['a', 'b', 'c'], ['b'], true)).toEqual(['a', 'b', 'c']);
  });
});
