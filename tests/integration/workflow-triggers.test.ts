/**
 * Workflow triggers that start without a document (issue 17): a schedule fires at its cron time
 * exactly once, however many engines tick (two server processes share one database) and across a
 * restart, with the clock moved by hand; a raw file received starts its workflows' runs once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notification, rawFile } from '../../src/server/db/schema';
import { workflowRun } from '../../src/server/db/schemaWorkflows';
import {
  startWorkflowEngine,
  type WorkflowEngine,
} from '../../src/server/domains/workflows/engine/engine';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { until } from '../support/until';
import { rest } from './fixtures/raw-files';
import { activeWorkflow, edge, node } from './fixtures/workflows';

let server: TestServer;
let companyId: string;
let admin: TestUser;
/** The clock every engine here reads; tests move it. */
let now = new Date();
const clock = () => now;
const silent = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  server = await startTestServer(
    { workflowWorkers: 1 },
    { workflows: { clock, retryBaseMs: 0, pollingIntervalSeconds: 1 } },
  );
}, 120_000);

beforeEach(async () => {
  const signed = await server.signUpCompany({ is_legal: true });
  companyId = signed.company.id;
  admin = signed.admin;
});

afterAll(async () => {
  await server?.close();
});

/** Another server process's engine on the same database (queues only: it runs no node). */
const otherEngine = () =>
  startWorkflowEngine({
    databaseUrl: server.config.databaseUrl!,
    db: server.db,
    workers: 0,
    allowPrivateWebhooks: false,
    log: silent,
    clock,
  });

async function runsOf(workflowId: string) {
  return server.db
    .select()
    .from(workflowRun)
    .where(eq(workflowRun.workflow_id, workflowId))
    .orderBy(workflowRun.started_at);
}

async function notified(content: string) {
  return server.db
    .select()
    .from(notification)
    .where(and(eq(notification.receiver_id, admin.user.id), eq(notification.content, content)));
}

/** The next 09:00 UTC after `from`. */
function nextNineUtc(from: Date): Date {
  const d = new Date(from);
  d.setUTCHours(9, 0, 0, 0);
  if (d <= from) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

describe('schedule trigger', () => {
  it('fires each cron time once across engines and a restart, and a missed stretch once', async () => {
    now = new Date();
    const message = `Daily check ${randomUUID().slice(0, 6)}`;
    const wf = await activeWorkflow(
      server,
      admin,
      companyId,
      [
        node('t', 'trigger.schedule', { cron: '0 9 * * *', timezone: 'UTC' }),
        node('tell', 'action.notify', { roles: ['admin'], message }),
      ],
      [edge('t', 'tell')],
    );
    const serverEngine = server.app.lexdesk.workflows!;
    let other: WorkflowEngine = await otherEngine();
    try {
      // Armed now: the 09:00 already past today is not fired.
      await Promise.all([serverEngine.tickSchedules(), other.tickSchedules()]);
      expect(await runsOf(wf)).toHaveLength(0);

      const first = nextNineUtc(now);
      now = new Date(first.getTime() + 1000);
      const ticks = await Promise.all([
        serverEngine.tickSchedules(),
        other.tickSchedules(),
        other.tickSchedules(),
      ]);
      expect(ticks.reduce((sum, t) => sum + t.started, 0)).toBe(1);
      expect((await runsOf(wf)).map((r) => [r.trigger, r.scheduled_for?.toISOString()])).toEqual([
        ['schedule', first.toISOString()],
      ]);
      await until(
        async () => (await runsOf(wf))[0]?.status === 'Completed',
        60_000,
        'the scheduled run to complete',
      );
      expect(await notified(message)).toHaveLength(1);

      // A restart (a new engine) at the same moment fires nothing again.
      await other.stop();
      other = await otherEngine();
      expect((await other.tickSchedules()).started).toBe(0);
      expect(await runsOf(wf)).toHaveLength(1);

      // Down over three 09:00s: the latest one fires, once.
      now = new Date(first.getTime() + 3 * 86_400_000 + 5000);
      await Promise.all([other.tickSchedules(), serverEngine.tickSchedules()]);
      const runs = await runsOf(wf);
      expect(runs.map((r) => r.scheduled_for?.toISOString())).toEqual([
        first.toISOString(),
        new Date(first.getTime() + 3 * 86_400_000).toISOString(),
      ]);
      await until(
        async () => (await runsOf(wf)).every((r) => r.status === 'Completed'),
        60_000,
        'both scheduled runs to complete',
      );
      expect(await notified(message)).toHaveLength(2);

      // Deactivated: the next 09:00 fires nothing.
      const off = await rest(server, 'POST', '/workflow/toggle-active', admin.token, {
        id: wf,
        is_active: false,
      });
      expect(off.status).toBe(200);
      now = new Date(now.getTime() + 86_400_000);
      expect((await other.tickSchedules()).started).toBe(0);
      expect(await runsOf(wf)).toHaveLength(2);
    } finally {
      await other.stop();
    }
  });
});

describe('raw file received trigger', () => {
  async function rawFileOf(values: Partial<typeof rawFile.$inferInsert> = {}) {
    const [row] = await server.db
      .insert(rawFile)
      .values({
        name: 'scan.pdf',
        size: 10,
        company_id: companyId,
        idempotency_key: randomUUID(),
        ...values,
      })
      .returning({ id: rawFile.id });
    return row!.id;
  }

  it('starts a run when the bytes of a raw file are stored, once, and mailed-only ones for mail', async () => {
    const any = `Received {name} ${randomUUID().slice(0, 6)}`;
    const mailed = `Mailed {name} ${randomUUID().slice(0, 6)}`;
    const wfAny = await activeWorkflow(
      server,
      admin,
      companyId,
      [
        node('t', 'trigger.raw_file', { only_email: false }),
        node('tell', 'action.notify', { roles: ['admin'], message: any }),
      ],
      [edge('t', 'tell')],
    );
    const wfMail = await activeWorkflow(
      server,
      admin,
      companyId,
      [
        node('t', 'trigger.raw_file', { only_email: true }),
        node('tell', 'action.notify', { roles: ['admin'], message: mailed }),
      ],
      [edge('t', 'tell')],
    );
    const uploaded = await rawFileOf({ name: 'upload.pdf' });
    expect(await runsOf(wfAny)).toHaveLength(0); // still Uploading: nothing received yet
    await server.db.update(rawFile).set({ status: 'Uploaded' }).where(eq(rawFile.id, uploaded));
    const email = await rawFileOf({
      name: 'mail.pdf',
      status: 'Uploaded',
      is_received_email: true,
    });

    await until(
      async () => (await notified(mailed.replace('{name}', 'mail.pdf'))).length === 1,
      60_000,
      'the mailed-only workflow to notify',
    );
    await until(
      async () =>
        (await notified(any.replace('{name}', 'upload.pdf'))).length === 1 &&
        (await notified(any.replace('{name}', 'mail.pdf'))).length === 1,
      60_000,
      'the any-file workflow to notify for both',
    );
    expect((await runsOf(wfAny)).map((r) => r.raw_file_id).sort()).toEqual(
      [uploaded, email].sort(),
    );
    expect((await runsOf(wfMail)).map((r) => [r.raw_file_id, r.trigger])).toEqual([
      [email, 'raw_file_received'],
    ]);

    // Reprocessing (back to Uploaded from Processing) is not a new arrival.
    await server.db.update(rawFile).set({ status: 'Processing' }).where(eq(rawFile.id, uploaded));
    await server.db.update(rawFile).set({ status: 'Uploaded' }).where(eq(rawFile.id, uploaded));
    await server.app.lexdesk.workflows!.drainEvents();
    expect(await runsOf(wfAny)).toHaveLength(2);
  });
});
