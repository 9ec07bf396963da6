/**
 * A 1 GiB scan through the whole ingest path against the real server: watched folder, content
 * check and SHA-256 at intake, the durable queue, a streamed tus PATCH, the server's check of the
 * hash. Memory stays flat: the process (agent and server both) grows by far less than the file.
 */
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../tests/support/server';
import { until } from '../../tests/support/until';
import { runAgent } from './agent';
import { sparsePdfFile, tempDir } from './services/uploader/uploaderTestSupport';

const GIB = 1024 ** 3;
/** Far below the file's size: anything that buffered the file would blow through it. */
const MAX_GROWTH_MB = 200;

let server: TestServer;
const dirs: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A 1 GiB PDF that costs no disk until read: the header, then a sparse tail. */
async function bigPdf(dir: string): Promise<string> {
  const file = path.join(dir, 'scanner-batch-1gib.pdf');
  await sparsePdfFile(file, GIB, '%PDF-1.7\n%\xE2\xE3\xCF\xD3\n');
  return file;
}

it(
  'given a 1 GiB file in a watched folder, when it uploads, then it is one Uploaded raw file and memory stays flat',
  { timeout: 240_000 },
  async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const staging = await tempDir();
    const watch = await tempDir();
    const data = await tempDir();
    dirs.push(staging, watch, data);
    const printed: string[] = [];
    const agent = await runAgent(
      {
        watch: [watch],
        serverUrl: server.url,
        companyId: company.id,
        auth: { kind: 'password', email: admin.user.email, password: TEST_PASSWORD },
        afterUpload: 'keep',
        dataDir: data,
        poll: false,
        quietMs: 200,
        help: false,
      },
      { print: (line) => void printed.push(line), report: () => undefined },
    );
    const source = await bigPdf(staging);
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    try {
      // Moved in whole, as a scanner's finished file appears.
      await rename(source, path.join(watch, 'scanner-batch-1gib.pdf'));
      await until(
        () => printed.some((line) => /^(uploaded|failed) scanner-batch-1gib\.pdf/.test(line)),
        200_000,
        'an outcome for scanner-batch-1gib.pdf',
      );
    } finally {
      clearInterval(sampler);
      await agent.close();
    }
    const line = printed.find((l) => l.startsWith('uploaded scanner-batch-1gib.pdf'));
    expect(line, printed.join('\n')).toBeDefined();
    const id = line?.split('raw_file=')[1] ?? '';
    const rows = await server.db.execute(
      sql`SELECT status, size FROM raw_file WHERE id = ${id} AND company_id = ${company.id}`,
    );
    expect(rows.rows.map((r) => ({ status: r.status, size: Number(r.size) }))).toEqual([
      { status: 'Uploaded', size: GIB },
    ]);
    expect((peak - idle) / 1024 / 1024).toBeLessThan(MAX_GROWTH_MB);
  },
);
