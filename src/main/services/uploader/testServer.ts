/**
 * Test support: a real @tus/server + FileStore at /uploads in a bare node:http server, plus a
 * small fake of the contract's createRawFile and GraphQL calls (idempotency, status, finish
 * check by SHA-256), with hooks to inject faults. Used by the uploader's tests only.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';

export const TEST_TOKEN = 'test-token-0123456789abcdef';
/** A second user's session on the same fake server (per-user upload lists). */
export const OTHER_TEST_TOKEN = 'other-token-0123456789abcdef';
/** `viewer { user { id } }` of each test token. */
export const TEST_USERS: Readonly<Record<string, string>> = {
  [TEST_TOKEN]: 'user-1',
  [OTHER_TEST_TOKEN]: 'user-2',
};

export interface FakeRawFile {
  id: string;
  name: string;
  size: number;
  status: string;
  sha256: string;
  company_id: string;
  idempotency_key: string;
}

/** Return true when the hook answered the request itself (a fault). */
export type FaultHook = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

export interface TestServer {
  url: string;
  rawFiles: Map<string, FakeRawFile>;
  /** Bytes the tus store took in through PATCH requests. */
  bytesReceived(): number;
  requests: { method: string; path: string }[];
  setFault(hook: FaultHook | null): void;
  /** Forgets every tus upload (as an expiry would). */
  expireUploads(): Promise<void>;
  close(): Promise<void>;
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const refusal = (status: number, code: string, message: string) => ({
  status_code: status,
  body: JSON.stringify({ error: { code, message } }),
});

export async function startTestServer(): Promise<TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'lexdesk-tus-'));
  const store = new FileStore({ directory });
  const rawFiles = new Map<string, FakeRawFile>();
  const requests: { method: string; path: string }[] = [];
  let received = 0;
  let fault: FaultHook | null = null;

  const tus = new TusServer({
    path: '/uploads',
    datastore: store,
    onIncomingRequest: (req) => {
      if (req.headers.get('authorization') !== `Bearer ${TEST_TOKEN}`) {
        throw refusal(401, 'UNAUTHENTICATED', 'Sign in first.');
      }
      return Promise.resolve();
    },
    onUploadCreate: (_req, upload) => {
      const raw = rawFiles.get(upload.metadata?.raw_file_id ?? '');
      if (!raw || raw.status !== 'Uploading')
        throw refusal(400, 'RAW_FILE_NOT_UPLOADING', 'No raw file waits for these bytes.');
      if (upload.size !== raw.size)
        throw refusal(400, 'UPLOAD_LENGTH_MISMATCH', 'Upload-Length differs from the raw file.');
      return Promise.resolve({});
    },
    onUploadFinish: async (_req, upload) => {
      const raw = rawFiles.get(upload.metadata?.raw_file_id ?? '');
      if (!raw) throw refusal(400, 'RAW_FILE_NOT_UPLOADING', 'Unknown raw file.');
      if ((await sha256Of(path.join(directory, upload.id))) !== raw.sha256) {
        raw.status = 'Uploading_Failed';
        throw refusal(422, 'HASH_MISMATCH', 'The file arrived damaged (checksum mismatch).');
      }
      raw.status = 'Uploaded';
      return {};
    },
  });

  const createRawFile = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.headers.authorization !== `Bearer ${TEST_TOKEN}`) return send(res, 401, {});
    const body = await readJson(req);
    const files = body.files as Record<string, unknown>[];
    const data = files.map((file) => {
      const name = String(file.name);
      if (!/\.(pdf|png|jpe?g|txt|csv|docx?)$/i.test(name)) return null;
      const key = String(file.idempotency_key);
      const existing = [...rawFiles.values()].find(
        (raw) => raw.idempotency_key === key && raw.company_id === body.company_id,
      );
      const raw = existing ?? {
        id: randomUUID(),
        name,
        size: Number(file.size),
        status: 'Uploading',
        sha256: String(file.sha256),
        company_id: String(body.company_id),
        idempotency_key: key,
      };
      rawFiles.set(raw.id, raw);
      return { index: file.index, created: !existing, raw_file: { ...raw, url: '' } };
    });
    if (data.includes(null)) {
      return send(res, 400, {
        error: { code: 'INVALID_FILE_TYPE', message: 'Invalid file type or format' },
      });
    }
    send(res, 200, { data });
  };

  const graphql = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { query, variables } = (await readJson(req)) as {
      query: string;
      variables: Record<string, string>;
    };
    if (query.includes('signIn(')) {
      return variables.password === 'right-password'
        ? send(res, 200, { data: { signIn: { token: TEST_TOKEN } } })
        : send(res, 200, { data: null, errors: [{ message: 'Invalid email or password' }] });
    }
    if (/\bviewer\b/.test(query)) {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const userId = TEST_USERS[token];
      return send(res, 200, { data: { viewer: userId ? { user: { id: userId } } : null } });
    }
    const raw = rawFiles.get(variables.id ?? '');
    if (!raw) return send(res, 200, { data: null, errors: [{ message: 'Not found' }] });
    if (query.includes('updateRawFileStatus(')) {
      // As the real server: a client may only give an upload up (Uploading -> Uploading_Failed).
      const allowed =
        variables.status === 'Uploading_Failed' &&
        (raw.status === 'Uploading' || raw.status === 'Uploading_Failed');
      if (!allowed)
        return send(res, 200, {
          data: null,
          errors: [{ message: 'Some of the information entered is not valid.' }],
        });
      raw.status = 'Uploading_Failed';
    }
    const field = query.includes('updateRawFileStatus(') ? 'updateRawFileStatus' : 'rawFile';
    send(res, 200, { data: { [field]: { id: raw.id, status: raw.status } } });
  };

  const http = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push({ method: req.method ?? '', path: pathname });
    void (async () => {
      if (fault && (await fault(req, res))) return;
      if (pathname === '/processed-legal-file/createRawFile') return createRawFile(req, res);
      if (pathname === '/graphql') return graphql(req, res);
      if (req.method === 'PATCH') {
        const start = Number(req.headers['upload-offset'] ?? 0);
        const id = pathname.split('/').pop() ?? '';
        res.on('close', () => {
          void store.getUpload(id).then(
            (upload) => (received += (upload.offset ?? 0) - start),
            () => undefined,
          );
        });
      }
      await tus.handle(req, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { code: 'TEST', message: String(error) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    rawFiles,
    bytesReceived: () => received,
    requests,
    setFault: (hook) => {
      fault = hook;
    },
    expireUploads: async () => {
      const { readdir } = await import('node:fs/promises');
      for (const entry of await readdir(directory)) await rm(path.join(directory, entry));
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      });
      await rm(directory, { recursive: true, force: true });
    },
  };
}
