/**
 * Digest subscriptions (issue 20) against a real SMTP server on loopback: a company's managers
 * create and change subscriptions over REST (bad input answers 400 naming the field, nothing
 * stored); the dispatcher, under a hand-moved clock, mails each period's processed documents once
 * as readable HTML and text, even with two dispatchers ticking at once on separate connections.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { legalFileType } from '../../src/server/db/schemaPipeline';
import { emailSubscription } from '../../src/server/db/schemaNotify';
import {
  createDigestDispatcher,
  latestPeriod,
} from '../../src/server/domains/notification-rules/digests';
import { createMailer, type Mailer } from '../../src/server/domains/notification-rules/mailer';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { startTestSmtp, type TestSmtp } from '../support/smtp';
import { seedDocuments } from './fixtures/documents';

let server: TestServer;
let smtp: TestSmtp;
let mailer: Mailer;
let second: DatabaseHandle;
let companyId: string;
let otherCompany: string;
let admin: TestUser;
let paralegal: TestUser;
let qme: string;
const log = { warn: () => undefined, error: () => undefined };

interface Digest {
  id: string;
}
interface Reply<T> {
  data: T;
  error: { issues: Array<{ path: string; message: string }> };
}

async function call<T = Digest>(method: string, path: string, token: string, body?: unknown) {
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

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtp: smtp.config, notifyTickSeconds: 0 });
  mailer = createMailer({ ...smtp.config })!;
  second = openDatabase(server.database.url);
  const firm = await server.signUpCompany({ name: 'Digest & Sons', is_legal: true });
  companyId = firm.company.id;
  admin = firm.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
  otherCompany = (await server.signUpCompany({ name: 'Other firm', is_legal: true })).company.id;
  await server.gql(
    'query($c: ID!) { legalFileTypes(company_id: $c) { id } }',
    { c: companyId },
    admin.token,
  );
  qme = (
    await server.db
      .select({ id: legalFileType.id })
      .from(legalFileType)
      .where(and(eq(legalFileType.company_id, companyId), eq(legalFileType.key, 'qme_report')))
  )[0]!.id;
}, 120_000);

afterAll(async () => {
  mailer?.close();
  await second?.close();
  await server?.close();
  await smtp?.close();
});

describe('digest subscriptions over REST', () => {
  it('given a manager, then create, get, list and update; bad input is a 400 naming the field and stores nothing', async () => {
    const base = '/email-subscription/imap';
    const created = await call('POST', `${base}/create-email-subscription`, admin.token, {
      emails: ['Partner@Firm.example', 'partner@firm.example'],
      starting_date: '2030-01-01',
      frequency: 'weekly',
      file_type: qme,
      company_id: companyId,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      emails: ['partner@firm.example'],
      starting_date: '2030-01-01',
      frequency: 'weekly',
      file_type: qme,
      provider: 'imap',
    });
    const id = created.body.data.id;
    const got = await call('GET', `${base}/subscription/${id}`, paralegal.token);
    expect(got.body.data.id).toBe(id);
    const listed = await call<Digest[]>(
      'GET',
      `${base}/subscriptions?company_id=${companyId}`,
      paralegal.token,
    );
    expect(listed.body.data.map((s) => s.id)).toContain(id);
    const updated = await call('PATCH', `${base}/update-email-subscription/${id}`, admin.token, {
      frequency: 'monthly',
      file_type: null,
    });
    expect(updated.body.data).toMatchObject({ frequency: 'monthly', file_type: null });

    const before = (await server.db.select().from(emailSubscription)).length;
    const bad: Array<[unknown, string, string]> = [
      [
        { emails: [], starting_date: '2030-01-01', frequency: 'daily', company_id: companyId },
        'emails',
        'Enter at least one email address.',
      ],
      [
        {
          emails: ['x@y.example'],
          starting_date: '2030-02-30',
          frequency: 'daily',
          company_id: companyId,
        },
        'starting_date',
        'Enter a date as YYYY-MM-DD.',
      ],
      [
        {
          emails: ['x@y.example'],
          starting_date: '2030-01-01',
          frequency: 'hourly',
          company_id: companyId,
        },
        'frequency',
        'The frequency is daily, weekly or monthly.',
      ],
      [
        {
          emails: ['nope'],
          starting_date: '2030-01-01',
          frequency: 'daily',
          company_id: companyId,
        },
        'emails.0',
        'Enter a valid email address.',
      ],
      [
        {
          emails: ['x@y.example'],
          starting_date: '2030-01-01',
          frequency: 'daily',
          company_id: companyId,
          file_type: '00000000-0000-4000-8000-000000000000',
        },
        'file_type',
        'Unknown document type.',
      ],
    ];
    for (const [body, path, message] of bad) {
      const r = await call('POST', `${base}/create-email-subscription`, admin.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.issues).toContainEqual({ path, message });
    }
    const provider = await call(
      'POST',
      '/email-subscription/gmail/create-email-subscription',
      admin.token,
      {
        emails: ['x@y.example'],
        starting_date: '2030-01-01',
        frequency: 'daily',
        company_id: companyId,
      },
    );
    expect(provider.status).toBe(400);
    expect(provider.body.error.issues).toContainEqual({
      path: 'provider',
      message: 'Unknown mail provider: use imap.',
    });
    const forbidden = await call('POST', `${base}/create-email-subscription`, paralegal.token, {
      emails: ['x@y.example'],
      starting_date: '2030-01-01',
      frequency: 'daily',
      company_id: companyId,
    });
    expect(forbidden.status).toBe(403);
    expect((await server.db.select().from(emailSubscription)).length).toBe(before);
  });

  it('given processed documents, then the digest document list pages them and the bulk variant is page 1', async () => {
    await seedDocuments(server, companyId, [
      { name: 'Listed one', legal_file_type_id: qme },
      { name: 'Listed two', legal_file_type_id: qme },
    ]);
    const page = await call<{ items: Array<{ name: string }>; page: number }>(
      'GET',
      `/email-subscription/imap/processed-documents?companyId=${companyId}&page=2&pageSize=1&file_name=Listed&sortBy=name&sortOrder=asc`,
      paralegal.token,
    );
    expect(page.status).toBe(200);
    expect(page.body.data.items.map((d) => d.name)).toEqual(['Listed two']);
    const bulk = await call<{ items: Array<{ name: string }>; page: number }>(
      'GET',
      `/email-subscription/imap/processed-documents/bulk?companyId=${companyId}&page=3&pageSize=5&file_name=Listed`,
      paralegal.token,
    );
    expect(bulk.body.data.page).toBe(1);
    expect(bulk.body.data.items).toHaveLength(2);
  });
});

describe('digest sending', () => {
  it('the periods end at 07:00 UTC: daily, weekly and monthly (clamped to short months)', () => {
    const at = (iso: string) => new Date(iso);
    expect(latestPeriod('2030-01-01', 'daily', at('2030-01-01T06:59:59Z'))).toBeUndefined();
    expect(latestPeriod('2030-01-01', 'daily', at('2030-01-03T08:00:00Z'))).toMatchObject({
      end: at('2030-01-03T07:00:00Z'),
      previous: at('2030-01-02T07:00:00Z'),
    });
    expect(latestPeriod('2030-01-01', 'weekly', at('2030-01-20T00:00:00Z'))?.end).toEqual(
      at('2030-01-15T07:00:00Z'),
    );
    expect(latestPeriod('2030-01-31', 'monthly', at('2030-03-01T00:00:00Z'))).toMatchObject({
      end: at('2030-02-28T07:00:00Z'),
      previous: at('2030-01-31T07:00:00Z'),
    });
  });

  it('given a daily digest and a hand-moved clock, then each period is mailed once, readable, with only its documents', async () => {
    const firm = await server.signUpCompany({ name: 'Clocked <Firm>', is_legal: true });
    const created = await call(
      'POST',
      '/email-subscription/imap/create-email-subscription',
      firm.admin.token,
      {
        emails: ['digest@firm.example'],
        starting_date: '2030-01-01',
        frequency: 'daily',
        company_id: firm.company.id,
      },
    );
    expect(created.status).toBe(200);
    await seedDocuments(server, firm.company.id, [
      { name: 'Early <doc>', created_at: new Date('2029-12-31T20:00:00Z') },
      { name: 'Day-one doc', created_at: new Date('2030-01-01T12:00:00Z') },
      {
        name: 'Exception doc',
        created_at: new Date('2030-01-01T12:00:00Z'),
        exception_reasons: ['multi_case'],
      },
    ]);
    await seedDocuments(server, otherCompany, [
      { name: 'Not ours', created_at: new Date('2030-01-01T12:00:00Z') },
    ]);
    let now = new Date('2030-01-01T06:59:00Z');
    const one = createDigestDispatcher({ db: server.db, clock: () => now, mailer, log });
    const two = createDigestDispatcher({ db: second.db, clock: () => now, mailer, log });
    const start = smtp.messages.length;
    const mine = () =>
      smtp.messages.slice(start).filter((m) => m.envelopeTo.includes('digest@firm.example'));

    expect((await one.tick()).sent).toBe(0);
    now = new Date('2030-01-01T07:00:01Z');
    const first = await Promise.all([one.tick(), two.tick()]);
    expect(first[0].sent + first[1].sent).toBe(1);
    await smtp.waitFor(start + 1);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.parsed.subject).toBe('Daily digest of Clocked <Firm>: 1 document(s)');
    expect(mine()[0]!.parsed.html).toContain('<td style="padding:4px 8px">Early &lt;doc&gt;</td>');
    expect(mine()[0]!.parsed.text).toContain('- Early <doc> (No type, 2029-12-31)');

    now = new Date('2030-01-02T09:00:00Z');
    const second_ = await Promise.all([one.tick(), two.tick(), one.tick()]);
    expect(second_.reduce((n, r) => n + r.sent, 0)).toBe(1);
    await smtp.waitFor(start + 2);
    const mail = mine()[1]!;
    expect(mail.parsed.text).toContain('Day-one doc');
    expect(mail.parsed.text).not.toContain('Not ours');
    expect(mail.parsed.text).not.toContain('Exception doc');
    expect(mail.parsed.text).not.toContain('Early');

    // A period without documents mails nothing but is marked covered.
    now = new Date('2030-01-03T07:30:00Z');
    expect((await one.tick()).sent).toBe(0);
    const [row] = await server.db
      .select()
      .from(emailSubscription)
      .where(eq(emailSubscription.company_id, firm.company.id));
    expect(row!.last_sent_for).toEqual(new Date('2030-01-03T07:00:00Z'));
    expect(mine()).toHaveLength(2);
  });
});
