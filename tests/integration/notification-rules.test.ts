/**
 * Notification rules (issue 20) against a real SMTP server on loopback (smtp-server, each mail
 * parsed with mailparser): a company's managers create, list (with the filter queries), change,
 * toggle and delete rules whose JSON is checked; a rule fires on processed documents of its file
 * types or on its cron under a hand-moved clock, mails and notifies in-app, writes history, and
 * never sends twice, not even with two dispatchers ticking at once on separate connections.
 */
import { Cron } from 'croner';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRON_MESSAGE, RULES_JSON_MESSAGE } from '../../src/shared/notifications/rules';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { legalFileType } from '../../src/server/db/schemaPipeline';
import {
  notificationSubscription,
  notificationSubscriptionHistory,
} from '../../src/server/db/schemaNotify';
import {
  createRuleDispatcher,
  type RuleDispatcher,
} from '../../src/server/domains/notification-rules/dispatcher';
import { documentWake, startNotifyLoop } from '../../src/server/domains/notification-rules/loop';
import { createMailer, type Mailer } from '../../src/server/domains/notification-rules/mailer';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { startTestSmtp, type TestSmtp } from '../support/smtp';
import { seedDocuments } from './fixtures/documents';

let server: TestServer;
let smtp: TestSmtp;
let mailer: Mailer;
let second: DatabaseHandle;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;
let qme: string;
let claimForm: string;
let staffId: string;
const errors: string[] = [];
const log = {
  warn: () => undefined,
  error: (obj: object) => void errors.push(JSON.stringify(obj)),
};

type Gql = {
  errors?: Array<{ message: string; extensions?: { code?: string; issues?: unknown } }>;
};
const codeOf = (r: Gql) => r.errors?.[0]?.extensions?.code;

async function ok<T>(query: string, variables: Record<string, unknown>, token = admin.token) {
  const r = await server.gql<T>(query, variables, token);
  expect(r.errors).toBeUndefined();
  return r.data!;
}

const CREATE = `mutation($i: CreateNotificationRuleInput!) { createNotificationRule(input: $i) {
  id name rules is_active last_sent_at } }`;

function rulesJson(overrides: {
  type?: 'document_processed' | 'schedule';
  file_types?: string[];
  cron?: string;
  delivery?: string[];
  roles?: string[];
  external_emails?: string[];
  legal_staff?: string[];
}) {
  return JSON.stringify({
    trigger: {
      type: overrides.type ?? 'document_processed',
      metadata: {
        file_types: overrides.file_types ?? [],
        ...(overrides.cron ? { cron_expression: overrides.cron } : {}),
      },
    },
    delivery: overrides.delivery ?? ['email'],
    recipients: {
      roles: overrides.roles ?? [],
      external_emails: overrides.external_emails ?? [],
      legal_staff: overrides.legal_staff ?? [],
    },
  });
}

async function createRule(name: string, rules: string, isActive?: boolean) {
  return (
    await ok<{ createNotificationRule: { id: string; is_active: boolean } }>(CREATE, {
      i: {
        company_id: companyId,
        name,
        rules,
        ...(isActive === undefined ? {} : { is_active: isActive }),
      },
    })
  ).createNotificationRule;
}

/** Turns every other rule off, so each test's tick sees only its own rules. */
async function onlyActive(...ids: string[]) {
  await server.db
    .update(notificationSubscription)
    .set({ is_active: sql`${notificationSubscription.id} in ${ids}` });
}

const historyOf = (ruleId: string) =>
  server.db
    .select()
    .from(notificationSubscriptionHistory)
    .where(eq(notificationSubscriptionHistory.notification_subscription_id, ruleId));

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtp: smtp.config, notifyTickSeconds: 0 });
  mailer = createMailer({ ...smtp.config })!;
  second = openDatabase(server.database.url);
  const firm = await server.signUpCompany({ name: 'Rules Firm', is_legal: true });
  companyId = firm.company.id;
  admin = firm.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
  await ok('query($c: ID!) { legalFileTypes(company_id: $c) { id } }', { c: companyId });
  const typeId = async (key: string) =>
    (
      await server.db
        .select({ id: legalFileType.id })
        .from(legalFileType)
        .where(and(eq(legalFileType.company_id, companyId), eq(legalFileType.key, key)))
    )[0]!.id;
  qme = await typeId('qme_report');
  claimForm = await typeId('claim_form');
  staffId = (
    await ok<{ createLegalStaff: { id: string } }>(
      'mutation($i: CreateLegalStaffInput!) { createLegalStaff(input: $i) { id } }',
      {
        i: {
          company_id: companyId,
          first_name: 'Sam',
          last_name: 'Staff',
          email: 'Sam.Staff@firm.example',
        },
      },
    )
  ).createLegalStaff.id;
}, 120_000);

afterAll(async () => {
  mailer?.close();
  await second?.close();
  await server?.close();
  await smtp?.close();
});

describe('rules: writing and reading', () => {
  it('given bad rules JSON or a bad shape, then it is refused with a clear error and nothing is stored', async () => {
    const before = await server.db.select().from(notificationSubscription);
    const cases: Array<[string, string, string]> = [
      ['{not json', 'rules', RULES_JSON_MESSAGE],
      [
        rulesJson({ type: 'schedule', roles: ['admin'] }),
        'rules.trigger.metadata.cron_expression',
        CRON_MESSAGE,
      ],
      [
        rulesJson({ type: 'schedule', cron: 'every tuesday', roles: ['admin'] }),
        'rules.trigger.metadata.cron_expression',
        CRON_MESSAGE,
      ],
      [
        rulesJson({}),
        'rules.recipients',
        'Name at least one recipient: a role, a legal staff member or an email address.',
      ],
      [
        rulesJson({ roles: ['admin'], delivery: [] }),
        'rules.delivery',
        'Choose at least one delivery: email or in_app.',
      ],
      [
        rulesJson({ roles: ['admin'], file_types: ['00000000-0000-4000-8000-000000000000'] }),
        'rules.trigger.metadata.file_types',
        'Unknown document type.',
      ],
      [
        rulesJson({ legal_staff: ['00000000-0000-4000-8000-000000000000'] }),
        'rules.recipients.legal_staff',
        'Unknown legal staff member.',
      ],
      [
        rulesJson({ external_emails: ['not-an-address'] }),
        'rules.recipients.external_emails.0',
        'Enter a valid email address.',
      ],
      ['[]', 'rules', 'Invalid input: expected object, received array'],
    ];
    for (const [rules, path, message] of cases) {
      const r = await server.gql(
        CREATE,
        { i: { company_id: companyId, name: 'Bad', rules } },
        admin.token,
      );
      expect(codeOf(r), rules).toBe('INVALID_INPUT');
      expect(r.errors?.[0]?.extensions?.issues, rules).toContainEqual({ path, message });
    }
    expect(await server.db.select().from(notificationSubscription)).toHaveLength(before.length);
  });

  it('given rules, then they default to active, list and filter by company, update, toggle and delete', async () => {
    const a = await createRule(
      'QME to paralegals',
      rulesJson({ file_types: [qme], roles: ['paralegal'], delivery: ['email', 'in_app'] }),
    );
    expect(a.is_active).toBe(true);
    const b = await createRule(
      'Morning report',
      rulesJson({
        type: 'schedule',
        cron: '0 8 * * 1-5',
        external_emails: ['Out@Counsel.example'],
        legal_staff: [staffId],
      }),
      false,
    );
    const list = async (filter: Record<string, unknown>) =>
      (
        await ok<{ notificationRules: Array<{ id: string }> }>(
          'query($c: ID!, $f: NotificationRuleFilter) { notificationRules(company_id: $c, filter: $f) { id } }',
          { c: companyId, f: filter },
          paralegal.token,
        )
      ).notificationRules.map((r) => r.id);
    expect(await list({})).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await list({ trigger_type: 'schedule' })).toEqual([b.id]);
    expect(await list({ delivery: 'in_app' })).toEqual([a.id]);
    expect(await list({ role: 'paralegal' })).toEqual([a.id]);
    expect(await list({ file_type: qme })).toEqual([a.id]);
    expect(await list({ frequency: '0 8 * * 1-5' })).toEqual([b.id]);
    expect(await list({ search: 'morning' })).toEqual([b.id]);
    expect(await list({ search: '%' })).toEqual([]);
    expect(await list({ external_email: 'out@counsel.example' })).toEqual([b.id]);
    expect(await list({ legal_staff: staffId })).toEqual([b.id]);
    expect(
      await list({ created_from: '2000-01-01T00:00:00Z', created_to: '2000-01-02T00:00:00Z' }),
    ).toEqual([]);
    const stats = await ok<{ notificationRuleStats: Record<string, number> }>(
      'query($c: ID!) { notificationRuleStats(company_id: $c) { total active inactive schedule in_app } }',
      { c: companyId },
    );
    expect(stats.notificationRuleStats).toMatchObject({ schedule: 1, in_app: 1 });
    expect(stats.notificationRuleStats.inactive).toBeGreaterThanOrEqual(1);

    // The stored rules are the normalised JSON (addresses lower-cased).
    const got = await ok<{ notificationRule: { rules: string; is_active: boolean } }>(
      'query($id: ID!) { notificationRule(id: $id) { rules is_active } }',
      { id: b.id },
    );
    expect(JSON.parse(got.notificationRule.rules).recipients.external_emails).toEqual([
      'out@counsel.example',
    ]);
    const toggled = async (v?: boolean) =>
      (
        await ok<{ toggleNotificationRule: { is_active: boolean } }>(
          'mutation($id: ID!, $v: Boolean) { toggleNotificationRule(id: $id, is_active: $v) { is_active } }',
          { id: b.id, ...(v === undefined ? {} : { v }) },
        )
      ).toggleNotificationRule.is_active;
    expect(await toggled(false)).toBe(false);
    expect(await toggled()).toBe(true);
    const renamed = await ok<{ updateNotificationRule: { name: string } }>(
      'mutation($id: ID!, $i: UpdateNotificationRuleInput!) { updateNotificationRule(id: $id, input: $i) { name } }',
      { id: b.id, i: { name: 'Evening report' } },
    );
    expect(renamed.updateNotificationRule.name).toBe('Evening report');
    const badUpdate = await server.gql(
      'mutation($id: ID!, $i: UpdateNotificationRuleInput!) { updateNotificationRule(id: $id, input: $i) { name } }',
      { id: b.id, i: { rules: '{"trigger":' } },
      admin.token,
    );
    expect(codeOf(badUpdate)).toBe('INVALID_INPUT');

    // A paralegal reads but does not change rules.
    const forbidden = await server.gql(
      'mutation($id: ID!) { deleteNotificationRule(id: $id) }',
      { id: b.id },
      paralegal.token,
    );
    expect(codeOf(forbidden)).toBe('FORBIDDEN');
    await ok('mutation($id: ID!) { deleteNotificationRule(id: $id) }', { id: b.id });
    expect(await list({})).not.toContain(b.id);
  });
});

describe('rules: firing over SMTP', () => {
  it('given a document rule, when a processed document of its type arrives, then one mail, in-app notifications and history; a second tick sends nothing', async () => {
    const rule = await createRule(
      'New QME reports',
      rulesJson({
        file_types: [qme],
        roles: ['paralegal'],
        external_emails: ['outside@counsel.example'],
        delivery: ['email', 'in_app'],
      }),
    );
    await onlyActive(rule.id);
    const start = smtp.messages.length;
    const [qmeDoc] = await seedDocuments(server, companyId, [
      { name: 'QME <report> & "notes"', legal_file_type_id: qme },
      { name: 'Claim form', legal_file_type_id: claimForm },
      { name: 'QME exception', legal_file_type_id: qme, exception_reasons: ['multi_case'] },
    ]);
    const dispatcher = server.app.lexdesk.notify.rules;
    expect((await dispatcher.tick()).sent).toBe(1);
    const [mail] = (await smtp.waitFor(start + 1)).slice(start);
    expect(mail!.envelopeTo.sort()).toEqual(
      ['outside@counsel.example', paralegal.user.email.toLowerCase()].sort(),
    );
    expect(mail!.parsed.subject).toBe('New QME reports: 1 document(s)');
    expect(mail!.parsed.html).toContain('QME &lt;report&gt; &amp; &quot;notes&quot;');
    expect(mail!.parsed.html).not.toContain('Claim form');
    expect(mail!.parsed.text).toContain('- QME <report> & "notes" (');

    const [history] = await historyOf(rule.id);
    expect(history).toMatchObject({
      process_file_ids: [qmeDoc],
      file: 'QME <report> & "notes"',
    });
    expect(history!.email_content).toContain('QME &lt;report&gt;');
    expect(history!.recipients).toContain('outside@counsel.example');

    const inbox = await ok<{
      notifications: { items: Array<{ content: string; redirect: string }> };
    }>('{ notifications { items { content redirect } } }', {}, paralegal.token);
    expect(inbox.notifications.items[0]).toEqual({
      content: 'New QME reports: QME <report> & "notes"',
      redirect: `/documents/${qmeDoc}`,
    });
    const viaApi = await ok<{ notificationRuleHistory: Array<{ process_file_ids: string[] }> }>(
      'query($id: ID!) { notificationRuleHistory(notification_subscription_id: $id) { process_file_ids } }',
      { id: rule.id },
      paralegal.token,
    );
    expect(viaApi.notificationRuleHistory).toEqual([{ process_file_ids: [qmeDoc] }]);

    expect((await dispatcher.tick()).sent).toBe(0);
    expect(smtp.messages.length).toBe(start + 1);
  });

  it("given the loop running with its next tick an hour away, when a processed document of the rule's type arrives, then its pg NOTIFY fires the rule at once (mail and in-app), once", async () => {
    const rule = await createRule(
      'Prompt QME reports',
      rulesJson({ file_types: [qme], roles: ['paralegal'], delivery: ['email', 'in_app'] }),
    );
    await onlyActive(rule.id);
    const { bus } = server.app.lexdesk;
    const rules = server.app.lexdesk.notify.rules;
    const loop = startNotifyLoop({
      tickSeconds: 3600,
      ticks: [rules.tick],
      log,
      clock: () => new Date(),
      documents: documentWake(bus, rules),
    });
    try {
      await loop.idle(); // the loop's first tick, before the document: nothing to send
      expect(await historyOf(rule.id)).toEqual([]);
      const start = smtp.messages.length;
      const inApp = new Promise<string>((resolve) => {
        const off = bus.onNotification(paralegal.user.id, (event) => {
          off();
          resolve(event.id);
        });
      });
      const [doc] = await seedDocuments(server, companyId, [
        { name: 'Prompt QME', legal_file_type_id: qme },
      ]);
      const [mail] = (await smtp.waitFor(start + 1)).slice(start);
      expect(mail!.parsed.subject).toBe('Prompt QME reports: 1 document(s)');
      expect(mail!.envelopeTo).toEqual([paralegal.user.email.toLowerCase()]);
      await inApp;
      await loop.idle();
      const history = await historyOf(rule.id);
      expect(history.map((h) => h.process_file_ids)).toEqual([[doc]]);
      expect(smtp.messages.length).toBe(start + 1);
    } finally {
      await loop.stop();
    }
  });

  it('given the SMTP server refuses a mail, then nothing is recorded and the next tick sends it', async () => {
    const rule = await createRule(
      'Retry',
      rulesJson({ external_emails: ['retry@counsel.example'] }),
    );
    await onlyActive(rule.id);
    await seedDocuments(server, companyId, [
      { name: 'Retried doc', legal_file_type_id: claimForm },
    ]);
    const start = smtp.messages.length;
    smtp.failNext(1);
    const dispatcher = createRuleDispatcher({
      db: server.db,
      clock: () => new Date(),
      mailer,
      log,
    });
    expect((await dispatcher.tick()).sent).toBe(0);
    expect(errors.at(-1)).toContain('451 try again later');
    expect(await historyOf(rule.id)).toHaveLength(0);
    expect((await dispatcher.tick()).sent).toBe(1);
    const [mail] = (await smtp.waitFor(start + 1)).slice(start);
    expect(mail!.parsed.text).toContain('Retried doc');
  });

  it('given a cron rule and a hand-moved clock, then it fires once at its time and not again until the next', async () => {
    const rule = await createRule(
      'Daily 08:00',
      rulesJson({ type: 'schedule', cron: '0 8 * * *', legal_staff: [staffId] }),
    );
    await onlyActive(rule.id);
    await seedDocuments(server, companyId, [{ name: 'Morning doc', legal_file_type_id: qme }]);
    // The first 08:00 UTC after the rule was made: the clock starts a minute before it.
    const eight = new Cron('0 8 * * *', { timezone: 'UTC' }).nextRun(new Date())!;
    let now = new Date(eight.getTime() - 60_000);
    const dispatcher = createRuleDispatcher({ db: server.db, clock: () => now, mailer, log });
    const start = smtp.messages.length;
    const first = await dispatcher.tick();
    expect(first).toEqual({ sent: 0, next: eight });
    now = new Date(eight.getTime() + 1000);
    expect((await dispatcher.tick()).sent).toBe(1);
    const [mail] = (await smtp.waitFor(start + 1)).slice(start);
    expect(mail!.envelopeTo).toEqual(['sam.staff@firm.example']);
    expect(mail!.parsed.text).toContain('Morning doc');
    expect((await dispatcher.tick()).sent).toBe(0);
    const [history] = await historyOf(rule.id);
    expect(history!.fired_for).toEqual(eight);
    // The next day: nothing new was processed, so nothing is sent, but that time is spent.
    now = new Date(eight.getTime() + 86_400_000 + 1000);
    expect((await dispatcher.tick()).sent).toBe(0);
    const [row] = await server.db
      .select()
      .from(notificationSubscription)
      .where(eq(notificationSubscription.id, rule.id));
    expect(row!.last_fired_for).toEqual(new Date(eight.getTime() + 86_400_000));
    expect(smtp.messages.length).toBe(start + 1);
  });

  it('given two dispatchers on separate connections ticking at once, then each document and each cron time is mailed once', async () => {
    const docRule = await createRule(
      'Race docs',
      rulesJson({ external_emails: ['race@counsel.example'] }),
    );
    const cronRule = await createRule(
      'Race cron',
      rulesJson({
        type: 'schedule',
        cron: '30 6 * * *',
        external_emails: ['cron@counsel.example'],
      }),
    );
    await onlyActive(docRule.id, cronRule.id);
    await seedDocuments(server, companyId, [{ name: 'Raced doc', legal_file_type_id: qme }]);
    const due = new Cron('30 6 * * *', { timezone: 'UTC' }).nextRun(new Date())!;
    const clock = () => new Date(due.getTime() + 5000);
    const one: RuleDispatcher = createRuleDispatcher({ db: server.db, clock, mailer, log });
    const two: RuleDispatcher = createRuleDispatcher({ db: second.db, clock, mailer, log });
    const start = smtp.messages.length;
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all([one.tick(), two.tick(), one.tick(), two.tick()]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(round === 0 ? 2 : 0);
    }
    await smtp.waitFor(start + 2);
    const sent = smtp.messages.slice(start).map((m) => m.envelopeTo.join(','));
    expect(sent.sort()).toEqual(['cron@counsel.example', 'race@counsel.example']);
    expect(await historyOf(docRule.id)).toHaveLength(1);
    expect(await historyOf(cronRule.id)).toHaveLength(1);
  });
});
