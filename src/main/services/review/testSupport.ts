/**
 * Test support for offline review: a TCP proxy in front of a real server that can be cut
 * (connections refused, as when the server is down) and restored on the same port, or made to
 * swallow the server's answers (the request arrives, the answer is lost), plus fixtures that
 * write documents with a PDF into a test server's database and storage.
 */
import { randomBytes, createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestServer } from '../../../../tests/support/server';

export interface Proxy {
  url: string;
  /** Refuse connections (the server is "down"). */
  cut(): Promise<void>;
  /** Accept again, on the same port. */
  restore(): Promise<void>;
  /** Forward requests but drop every answer (until restore). */
  swallowAnswers(): void;
  close(): Promise<void>;
}

/**
 * `target` is read at each connection, so the proxy can start before the server behind it: the
 * server then takes the proxy's URL as its public URL, as a server behind any proxy must (its
 * signed links name the address clients reach, never the request's Host).
 */
export async function startProxy(target: () => string): Promise<Proxy> {
  const sockets = new Set<Socket>();
  let swallow = false;
  let server: Server | null = null;
  let port = 0;

  const listen = async (): Promise<void> => {
    const next = createServer((client) => {
      const { hostname, port: targetPort } = new URL(target());
      const upstream = connect(Number(targetPort), hostname);
      sockets.add(client);
      sockets.add(upstream);
      client.pipe(upstream);
      // Answers are dropped while swallowing, also on connections kept alive from before.
      upstream.on('data', (chunk: Buffer) => {
        if (!swallow) client.write(chunk);
      });
      const end = (): void => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
    port = (next.address() as { port: number }).port;
    server = next;
  };
  const stop = async (): Promise<void> => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    cut: stop,
    async restore() {
      swallow = false;
      for (const socket of sockets) socket.destroy();
      if (!server) await listen();
    },
    swallowAnswers() {
      swallow = true;
    },
    close: stop,
  };
}

export const PDF_BYTES = Buffer.concat([
  Buffer.from('%PDF-1.4\n% LexDesk offline review test\n'),
  Buffer.alloc(20_000, 0x20),
  Buffer.from('\n%%EOF\n'),
]);

/**
 * A raw file and `count` documents (exceptions waiting for review) of the company, each with
 * its own stored PDF, written the way the pipeline's write step leaves them.
 */
export async function insertDocuments(
  server: TestServer,
  companyId: string,
  names: readonly string[],
): Promise<string[]> {
  const raw = await server.db.execute(
    sql`INSERT INTO raw_file (name, size, company_id, status) VALUES ('bundle.pdf', 100, ${companyId}, 'Processed') RETURNING id`,
  );
  const rawId = String((raw.rows[0] as { id: string }).id);
  const ids: string[] = [];
  for (const [index, name] of names.entries()) {
    const key = randomBytes(24).toString('base64url').slice(0, 32);
    const folder = path.join(server.config.dataDir, 'files', companyId);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, key), PDF_BYTES);
    await server.db.execute(
      sql`INSERT INTO stored_file (key, company_id, content_type, size, sha256, original_name)
          VALUES (${key}, ${companyId}, 'application/pdf', ${PDF_BYTES.length},
                  ${createHash('sha256').update(PDF_BYTES).digest('hex')}, ${`${name}.pdf`})`,
    );
    const row = await server.db.execute(
      sql`INSERT INTO legal_processed_file (name, url, legal_raw_file_id, company_id, start_page_no,
            end_page_no, action_status, applicant, is_exception, exception_reasons)
          VALUES (${name}, ${`/files/${key}`}, ${rawId}, ${companyId}, ${index + 1}, ${index + 1},
                  'complete', 'Original Applicant', true, ARRAY['no_file_type'])
          RETURNING id`,
    );
    ids.push(String((row.rows[0] as { id: string }).id));
  }
  return ids;
}
