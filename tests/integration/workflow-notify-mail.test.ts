/**
 * The notify step's mail (issue 17) against a real SMTP server on loopback: its listed emails and
 * the receivers by role and by id get one mail each, through the server's mailer; a repeat of the
 * step (a transient SMTP failure, a replay of the effect) never mails an address twice.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notification } from '../../src/server/db/schema';
import { workflowNodeLog, workflowRun } from '../../src/server/db/schemaWorkflows';
import { createMailer } from '../../src/server/domains/notification-rules/mailer';
import { notifyMail } from '../../src/server/domains/workflows/engine/effects';
import type { DocumentFacts } from '../../src/server/domains/workflows/engine/facts';
import { NODE_KINDS } from '../../src/shared/workflows';
import { startTestServer, type TestServer } from '../support/server';
import { startTestSmtp, type TestSmtp } from '../support/smtp';
import { until } from '../support/until';
import { activeWorkflow, completedDocument, edge, node } from './fixtures/workflows';

let server: TestServer;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer(
    { smtp: smtp.config, workflowWorkers: 1 },
    { workflows: { retryBaseMs: 0, maxAttempts: 3, pollingIntervalSeconds: 1 } },
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function notifyLog(documentId: string) {
  const [log] = await server.db
    .select()
    .from(workflowNodeLog)
    .where(
      and(
        eq(workflowNodeLog.legal_processed_file_id, documentId),
        eq(workflowNodeLog.node_id, 'tell'),
      ),
    );
  return log;
}

async function completedNotify(documentId: string) {
  await until(
    async () => (await notifyLog(documentId))?.status === 'Completed',
    60_000,
    'the notify step to complete',
  );
  return (await notifyLog(documentId))!;
}

const mailsTo = (address: string, marker: string) =>
  smtp.messages.filter((m) => m.envelopeTo.includes(address) && m.parsed.text?.includes(marker));

describe('the notify step mails', () => {
  it('mails its emails and the receivers by role and id once each, beside the in-app notices', async () => {
    const signed = await server.signUpCompany({ is_legal: true });
    const companyId = signed.company.id;
    const staff = await server.addUser({ companyId, legalUserType: 'paralegal' });
    const config = {
      roles: ['admin'],
      staff_ids: [staff.user.id],
      emails: ['Ops@Firm.test', 'ops@firm.test'],
      message: 'Mail check {name}',
    };
    await activeWorkflow(
      server,
      signed.admin,
      companyId,
      [
        node('t', 'trigger.document', { event: 'completed' }),
        node('tell', 'action.notify', config),
      ],
      [edge('t', 'tell')],
    );
    const start = smtp.messages.length;
    const doc = await completedDocument(server, companyId, { name: 'roles.pdf' });
    const log = await completedNotify(doc);
    await smtp.waitFor(start + 3);
    const marker = 'Mail check roles.pdf';
    const admin = signed.admin.user.email.toLowerCase();
    const paralegal = staff.user.email.toLowerCase();
    for (const address of ['ops@firm.test', admin, paralegal])
      expect(mailsTo(address, marker)).toHaveLength(1);
    expect(smtp.messages.slice(start)).toHaveLength(3);
    expect(log.output).toMatchObject({ mailed: [admin, 'ops@firm.test', paralegal].sort() });
    const notices = await server.db
      .select()
      .from(notification)
      .where(eq(notification.content, marker));
    expect(notices.map((n) => n.receiver_id).sort()).toEqual(
      [signed.admin.user.id, staff.user.id].sort(),
    );

    // A repeat of the step's effect (a crash after the mail, before the step's commit) reads what
    // was sent instead of mailing again.
    const [run] = await server.db.select().from(workflowRun).where(eq(workflowRun.id, log.run_id));
    const mailer = createMailer(smtp.config)!;
    try {
      const replay = await notifyMail(
        {
          db: server.db,
          facts: { id: doc, name: 'roles.pdf' } as DocumentFacts,
          run: run!,
          log,
          allowPrivateWebhooks: false,
          mailer,
        },
        NODE_KINDS['action.notify'].config.parse(config),
      );
      expect(replay).toMatchObject({ mailed: [admin, 'ops@firm.test', paralegal].sort() });
    } finally {
      mailer.close();
    }
    expect(smtp.messages.slice(start)).toHaveLength(3);
  });

  it('retries a transient SMTP failure without mailing an address twice', async () => {
    const signed = await server.signUpCompany({ is_legal: true });
    const companyId = signed.company.id;
    await activeWorkflow(
      server,
      signed.admin,
      companyId,
      [
        node('t', 'trigger.document', { event: 'completed' }),
        node('tell', 'action.notify', {
          emails: ['a@firm.test', 'b@firm.test'],
          message: 'Retry check {name}',
        }),
      ],
      [edge('t', 'tell')],
    );
    const start = smtp.messages.length;
    // The first address is mailed; the server refuses the next mail (451) once.
    const firstArrived = smtp.waitFor(start + 1).then(() => smtp.failNext(1));
    const doc = await completedDocument(server, companyId, { name: 'retry.pdf' });
    await firstArrived;
    const log = await completedNotify(doc);
    await smtp.waitFor(start + 2);
    expect(mailsTo('a@firm.test', 'Retry check retry.pdf')).toHaveLength(1);
    expect(mailsTo('b@firm.test', 'Retry check retry.pdf')).toHaveLength(1);
    expect(smtp.messages.slice(start)).toHaveLength(2);
    expect(log).toMatchObject({ status: 'Completed', attempts: 2 });
    expect(log.output).toMatchObject({ mailed: ['a@firm.test', 'b@firm.test'] });
  });
});
