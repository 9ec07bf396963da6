/**
 * The smart inbox (issue 20) against a real dovecot on loopback (tests/support/dovecot.ts) and a
 * real SMTP server (tests/support/smtp.ts): connecting seals the password; a sync brings mail in
 * incrementally (a huge mail is skipped and counted, the rest goes on), flags travel both ways,
 * threads group replies, PDFs become raw files once per company, and send / draft / forward go
 * out over SMTP and land in Sent. Skips only where dovecot is not installed (CI installs it).
 */
import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatError } from '../../src/shared/errors';
import { rawFile } from '../../src/server/db/schema';
import { mailFolder, mailIntegration, mailMessage } from '../../src/server/db/schemaMail';
import { dovecotMissing, startTestDovecot, type TestDovecot } from '../support/dovecot';
import { mailSource, minimalPdf } from '../support/mailFixtures';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { startTestSmtp, type TestSmtp } from '../support/smtp';

const missing = dovecotMissing();
if (missing) console.warn(missing);

let dovecot: TestDovecot;
let smtp: TestSmtp;
let server: TestServer;
let admin: TestUser;
let companyId: string;

interface Reply<T> {
  data: T;
  error?: { code: string; message: string };
}
async function call<T>(method: string, path: string, body?: unknown, token = admin.token) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Reply<T> };
}

async function imap<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
}
const append = (raw: string | Buffer, flags: string[] = [], folder = 'INBOX') =>
  imap((client) => client.append(folder, raw, flags));

interface Listed {
  id: string;
  thread_id: string;
  subject: string;
  is_read: boolean;
  is_starred: boolean;
  is_sent: boolean;
  is_draft: boolean;
  is_trash: boolean;
  raw_file_ids: string[];
}
interface Page {
  messages: Listed[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  hasMore: boolean;
}
const list = (body: unknown = {}) => call<Page>('POST', '/legal-email/messages', body);
const sync = () =>
  call<{ fetched: number; skipped: number; flag_updates: number }>('POST', '/legal-email/sync', {});
const bySubject = async (subject: string, body: unknown = {}) =>
  (await list({ pageSize: 100, ...(body as object) })).body.data.messages.find(
    (m) => m.subject === subject,
  );

describe.skipIf(missing !== null)('smart inbox over dovecot', () => {
  beforeAll(async () => {
    dovecot = await startTestDovecot();
    smtp = await startTestSmtp();
    // Loopback servers on test ports: allowed through the server setting, as an admin would.
    server = await startTestServer({
      mailSyncTickSeconds: 0,
      mailAllowedServers: [
        `${dovecot.host}:${dovecot.port}`,
        `${smtp.config.host}:${smtp.config.port}`,
      ],
    });
    const firm = await server.signUpCompany({ name: 'Inbox & Co', is_legal: true });
    admin = firm.admin;
    companyId = firm.company.id;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await dovecot?.stop();
  });

  const settings = (password: string) => ({
    email: dovecot.user,
    imap_host: dovecot.host,
    imap_port: dovecot.port,
    imap_tls: false,
    password,
    smtp_host: smtp.config.host,
    smtp_port: smtp.config.port,
    smtp_secure: false,
  });

  it('refuses mail servers the settings do not allow, without dialling them', async () => {
    // A loopback listener that is not in MAIL_ALLOWED_SERVERS: it must see no connection.
    const dialled: string[] = [];
    const listener = createServer((socket) => {
      dialled.push(String(socket.remotePort));
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    try {
      const cases = [
        { imap_host: '127.0.0.1', imap_port: port, server: `127.0.0.1:${port}` },
        { imap_host: '127.0.0.1', imap_port: 993, server: '127.0.0.1:993' },
        { imap_host: 'localhost', imap_port: 143, server: 'localhost:143' },
        { imap_host: '10.1.2.3', imap_port: 993, server: '10.1.2.3:993' },
        { smtp_host: '169.254.169.254', smtp_port: 25, server: '169.254.169.254:25' },
        { smtp_host: '[::1]', smtp_port: smtp.config.port, server: `::1:${smtp.config.port}` },
      ];
      for (const { server: named, ...change } of cases) {
        const refused = await call('POST', '/legal-email/integration', {
          ...settings(dovecot.password),
          ...change,
        });
        expect(refused.status, named).toBe(400);
        expect(refused.body.error).toMatchObject({
          code: 'MAIL_SERVER_NOT_ALLOWED',
          message: formatError('MAIL_SERVER_NOT_ALLOWED', { server: named }),
        });
      }
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
    expect(dialled).toEqual([]);
    expect(await server.db.select().from(mailIntegration)).toEqual([]);
  });

  it('connects only with the right password, and never answers or stores it in the clear', async () => {
    const wrong = await call('POST', '/legal-email/integration', settings('not-it'));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.message).toBe('Authentication failed');
    const right = await call<Record<string, unknown>>(
      'POST',
      '/legal-email/integration',
      settings(dovecot.password),
    );
    expect(right.status).toBe(200);
    expect(JSON.stringify(right.body)).not.toContain(dovecot.password);
    const [row] = await server.db.select().from(mailIntegration);
    expect(row!.imap_password_sealed).toMatch(/^k1:/);
    expect(row!.imap_password_sealed).not.toContain(dovecot.password);
  });

  it('syncs incrementally: pages of 10, threads, a huge mail skipped and counted', async () => {
    // The reply arrives first (lower UID) and carries the same whole-second Date as its
    // original, as a quick answer can: the thread must still list the original first.
    const sameSecond = new Date('2026-03-02T09:00:00Z');
    await append(
      mailSource({
        id: 'reply@client.test',
        subject: 'Re: Claim 4471',
        from: 'bob@client.test',
        references: ['root@client.test'],
        date: sameSecond,
      }),
      ['\\Seen'],
    );
    await append(
      mailSource({
        id: 'root@client.test',
        subject: 'Claim 4471',
        from: 'alice@client.test',
        date: sameSecond,
      }),
    );
    for (let i = 0; i < 11; i += 1)
      await append(mailSource({ id: `bulk${i}@client.test`, subject: `Bulk ${i}` }));
    await append(
      mailSource({ id: 'huge@client.test', subject: 'Huge', padding: 26 * 1024 * 1024 }),
    );
    await append(
      Buffer.from(
        'this is not\r\n a mail: at all\r\nContent-Type: multipart/mixed; boundary=\r\n\r\n--\r\n',
        'latin1',
      ),
    );
    const first = await sync();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ fetched: 14, skipped: 1 });
    const page = await list({});
    expect(page.body.data).toMatchObject({
      total: 14,
      page: 1,
      pageSize: 10,
      totalPages: 2,
      hasMore: true,
    });
    expect(page.body.data.messages).toHaveLength(10);
    // Pages of the older half are found from the index's other end: still one order, each once.
    const all = (await list({ pageSize: 100 })).body.data.messages.map((m) => m.id);
    const paged: string[] = [];
    for (let n = 1; n <= 5; n += 1)
      paged.push(...(await list({ page: n, pageSize: 3 })).body.data.messages.map((m) => m.id));
    expect(paged).toEqual(all);
    expect((await list({ page: 6, pageSize: 3 })).body.data.messages).toEqual([]);
    const again = await sync();
    expect(again.body.data).toMatchObject({ fetched: 0, skipped: 0 });

    const root = await bySubject('Claim 4471');
    const thread = await call<{ messages: Listed[] }>(
      'GET',
      `/email/thread-emails?provider=imap&threadId=${encodeURIComponent(root!.thread_id)}`,
    );
    expect(thread.body.data.messages.map((m) => m.subject)).toEqual([
      'Claim 4471',
      'Re: Claim 4471',
    ]);
  });

  it('writes flags to the server and reads the server’s own changes back', async () => {
    const root = (await bySubject('Claim 4471'))!;
    expect((await call('PATCH', `/legal-email/messages/${root.id}/star`)).status).toBe(200);
    const flags = await imap(async (client) => {
      await client.mailboxOpen('INBOX');
      const all = await client.fetchAll('1:*', { uid: true, flags: true, envelope: true });
      return all.find((m) => m.envelope?.subject === 'Claim 4471')?.flags;
    });
    expect(flags?.has('\\Flagged')).toBe(true);

    // Another client reads "Bulk 0": the next sync sees it (CONDSTORE on dovecot).
    await imap(async (client) => {
      await client.mailboxOpen('INBOX');
      const uids = await client.search({ subject: 'Bulk 0' }, { uid: true });
      await client.messageFlagsAdd((uids as number[]).join(','), ['\\Seen'], { uid: true });
    });
    expect((await sync()).body.data.flag_updates).toBe(1);
    expect((await bySubject('Bulk 0'))!.is_read).toBe(true);

    const before = await call<{ unread: number }>('GET', '/legal-email/unread-count');
    expect(before.body.data.unread).toBe(12);
    const unread = (await list({ pageSize: 100, is_read: false })).body.data.messages.map(
      (m) => m.id,
    );
    const bulk = await call('PATCH', '/legal-email/messages/bulk-read', { messageIds: unread });
    expect(bulk.status).toBe(200);
    const after = await call<{ unread: number }>('GET', '/legal-email/unread-count');
    expect(after.body.data.unread).toBe(0);
  });

  it('imports PDF attachments as mail raw files, once per company', async () => {
    const pdf = minimalPdf('Medical report of A. Client');
    await append(
      mailSource({
        id: 'scan1@client.test',
        subject: 'Scan 1',
        attachment: { name: 'report.pdf', content: pdf },
      }),
    );
    await append(
      mailSource({
        id: 'scan2@client.test',
        subject: 'Scan 2',
        attachment: { name: 'same.pdf', content: pdf },
      }),
    );
    await sync();
    const one = (await bySubject('Scan 1'))!;
    const two = (await bySubject('Scan 2'))!;
    expect(one.raw_file_ids).toHaveLength(1);
    expect(two.raw_file_ids).toEqual(one.raw_file_ids);
    const [row] = await server.db
      .select()
      .from(rawFile)
      .where(eq(rawFile.id, one.raw_file_ids[0]!));
    expect(row).toMatchObject({
      company_id: companyId,
      raw_file_medium: 'mail',
      is_received_email: true,
      status: 'Uploaded',
      name: 'report.pdf',
    });
  });

  it('sends with attachments over SMTP and keeps the copy in Sent', async () => {
    const form = new FormData();
    form.set(
      'data',
      JSON.stringify({
        companyId,
        userId: admin.user.id,
        provider: 'imap',
        to: ['carol@court.test'],
        bcc: ['hidden@firm.test'],
        subject: 'Filing',
        htmlBody: '<p>Please find the filing attached.</p>',
      }),
    );
    form.append(
      'attachments',
      new Blob([new Uint8Array(minimalPdf('Filing'))], { type: 'application/pdf' }),
      'filing.pdf',
    );
    const sent = await fetch(`${server.url}/email`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(sent.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo.sort()).toEqual(['carol@court.test', 'hidden@firm.test']);
    expect(mail!.parsed.attachments.map((a) => a.filename)).toEqual(['filing.pdf']);
    expect(mail!.parsed.headers.has('bcc')).toBe(false);
    const inSent = await bySubject('Filing', { is_sent: true });
    expect(inSent).toMatchObject({ is_sent: true, is_read: true });
  });

  it('saves a draft, sends it later, and forwards with the original attachments', async () => {
    const draft = await call<{ message: { id: string } }>('POST', '/email', {
      companyId,
      userId: admin.user.id,
      provider: 'imap',
      to: ['dave@client.test'],
      subject: 'Draft note',
      htmlBody: '<p>Not yet.</p>',
      sending_status: 'draft',
    });
    expect(draft.status).toBe(200);
    expect(await bySubject('Draft note', { is_draft: true })).toBeDefined();
    const go = await call('PATCH', '/email/draft', {
      id: draft.body.data.message.id,
      ph_email_sending_status: 'send',
    });
    expect(go.status).toBe(200);
    const mails = await smtp.waitFor(2);
    expect(mails[1]!.parsed.subject).toBe('Draft note');
    expect(await bySubject('Draft note', { is_draft: true })).toBeUndefined();

    const scan = (await bySubject('Scan 1'))!;
    const forwarded = await call('POST', '/email/forwarded-email', {
      emailId: scan.id,
      to: ['erin@insurer.test'],
      cc: ['frank@insurer.test'],
    });
    expect(forwarded.status).toBe(200);
    const all = await smtp.waitFor(3);
    expect(all[2]!.parsed.subject).toBe('Fwd: Scan 1');
    expect(all[2]!.parsed.attachments.map((a) => a.filename)).toEqual(['report.pdf']);
  });

  it('lists contacts with a global search, and deletes to Trash', async () => {
    const found = await call<{ data: Array<{ email: string }>; total: number }>(
      'POST',
      '/legal-email/contacts',
      {
        globalSearch: 'alice',
      },
    );
    expect(found.body.data).toEqual({
      data: [expect.objectContaining({ email: 'alice@client.test' })],
      total: 1,
    });

    const bulk = (await bySubject('Bulk 3'))!;
    expect((await call('DELETE', `/legal-email/messages/${bulk.id}`)).status).toBe(200);
    expect(await bySubject('Bulk 3')).toBeUndefined();
    expect(await bySubject('Bulk 3', { filters: { is_trash: true } })).toMatchObject({
      is_trash: true,
    });
  });

  it('applies the integration’s filtering rules to new mail', async () => {
    const integrations = await call<Array<{ id: string }>>('POST', '/legal-user/integrations', {});
    const id = integrations.body.data[0]!.id;
    const bad = await call('PATCH', `/legal-user-integration/integrations/rules/${id}`, {
      rules: [{ field: 'subject', contains: '', action: 'star' }],
    });
    expect(bad.status).toBe(400);
    const saved = await call('PATCH', `/legal-user-integration/integrations/rules/${id}`, {
      rules: [{ field: 'subject', contains: 'urgent', action: 'star' }],
    });
    expect(saved.status).toBe(200);
    await append(mailSource({ id: 'urgent@client.test', subject: 'URGENT hearing moved' }));
    await sync();
    expect(await bySubject('URGENT hearing moved')).toMatchObject({ is_starred: true });
  });

  it('starts a recreated folder (a new UIDVALIDITY) over, without losing or duplicating mail', async () => {
    const inMatters = () =>
      server.db
        .select({
          subject: mailMessage.subject,
          uid: mailMessage.uid,
          uidvalidity: mailFolder.uidvalidity,
        })
        .from(mailMessage)
        .innerJoin(mailFolder, eq(mailFolder.id, mailMessage.folder_id))
        .where(eq(mailFolder.path, 'Matters'))
        .orderBy(mailMessage.uid);
    const fill = (client: ImapFlow, names: string[]) =>
      names.reduce(
        (done, name) =>
          done.then(() =>
            client.append(
              'Matters',
              mailSource({ id: `matter-${name}@client.test`, subject: `Matter ${name}` }),
            ),
          ),
        Promise.resolve<unknown>(undefined),
      );
    await imap(async (client) => {
      await client.mailboxCreate('Matters');
      await fill(client, ['A', 'B', 'C']);
    });
    await sync();
    const before = await inMatters();
    expect(before.map((m) => m.subject)).toEqual(['Matter A', 'Matter B', 'Matter C']);

    // Deleted and created again: the new folder numbers its mail from UID 1 again.
    await imap(async (client) => {
      await client.mailboxDelete('Matters');
      await client.mailboxCreate('Matters');
      await fill(client, ['B', 'C', 'D']);
    });
    expect((await sync()).status).toBe(200);
    const after = await inMatters();
    expect(after.map((m) => [m.uid, m.subject])).toEqual([
      [1, 'Matter B'],
      [2, 'Matter C'],
      [3, 'Matter D'],
    ]);
    expect(after[0]!.uidvalidity).not.toBe(before[0]!.uidvalidity);
    expect((await sync()).body.data).toMatchObject({ fetched: 0 });
    expect(await inMatters()).toEqual(after);
  });

  it('stores a malformed mail (NUL characters in its subject and body) and goes on past it', async () => {
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    await append(
      Buffer.from(
        [
          'From: mallory@client.test',
          'To: clerk@lexdesk.test',
          `Subject: =?UTF-8?B?${b64('Broken\u0000subject')}?=`,
          'Date: Mon, 02 Mar 2026 10:00:00 +0000',
          'Message-ID: <nul@client.test>',
          'MIME-Version: 1.0',
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: base64',
          '',
          b64('A body with a \u0000 NUL inside.'),
          '',
        ].join('\r\n'),
      ),
    );
    await append(mailSource({ id: 'after-nul@client.test', subject: 'After the broken one' }));
    const result = await sync();
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ fetched: 2, skipped: 0 });
    expect(await bySubject('Brokensubject')).toBeDefined();
    expect(await bySubject('After the broken one')).toBeDefined();
  });

  it('answers another user’s message like a missing one, even with a mailbox of their own', async () => {
    const other = await server.addUser({ companyId, legalUserType: 'paralegal' });
    await dovecot.addUser('other@lexdesk.test', 'other-secret-1');
    const connected = await call(
      'POST',
      '/legal-email/integration',
      { ...settings('other-secret-1'), email: 'other@lexdesk.test' },
      other.token,
    );
    expect(connected.status).toBe(200);
    const root = (await bySubject('Claim 4471'))!;
    const stolen = await call(
      'PATCH',
      `/legal-email/messages/${root.id}/unstar`,
      undefined,
      other.token,
    );
    const missing = await call(
      'PATCH',
      '/legal-email/messages/00000000-0000-4000-8000-000000000000/unstar',
      undefined,
      other.token,
    );
    expect(stolen).toEqual(missing);
    expect(stolen.status).toBe(404);
    expect((await bySubject('Claim 4471'))!.is_starred).toBe(true);
    const theirs = await call<Page>('POST', '/legal-email/messages', {}, other.token);
    expect(theirs.body.data.total).toBe(0);
  });
});
