/**
 * A workflow worker (`npm run worker`) killed with SIGKILL in the middle of a webhook action: the
 * receiver on loopback holds the first call open until the worker is dead, so the kill always
 * lands inside the action. A second worker takes the run back; afterwards every (run, node)
 * reached the receiver under one idempotency key only (the held call comes again under the same
 * key, so a receiver that honours the key applies each effect exactly once), and the database
 * effects (notifications) exist once each.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notification } from '../../src/server/db/schema';
import { workflowRun } from '../../src/server/db/schemaWorkflows';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { activeWorkflow, completedDocument, edge, node } from './fixtures/workflows';

let server: TestServer;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  // This server only queues; the workers are separate processes.
  server = await startTestServer({ workflowWorkers: 0 });
}, 120_000);
afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  await server.close();
});

function startWorker() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: server.config.databaseUrl,
      DATA_DIR: server.config.dataDir,
      PIPELINE_WORKERS: '1',
      WORKFLOW_WORKERS: '2',
      WORKFLOW_WEBHOOK_ALLOW_PRIVATE: 'true',
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  workers.push(child);
  return { child, exited: new Promise<void>((resolve) => child.once('exit', () => resolve())) };
}

/** A counting receiver: every call by (run, node) and key; holds calls while `holding`. */
async function countingTarget() {
  const calls: Array<{ key: string; run: string; node: string }> = [];
  const held: http.ServerResponse[] = [];
  let holding = true;
  let firstHeld: () => void = () => undefined;
  const oneHeld = new Promise<void>((resolve) => (firstHeld = resolve));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        run_id: string;
        node_id: string;
      };
      calls.push({
        key: String(req.headers['idempotency-key']),
        run: body.run_id,
        node: body.node_id,
      });
      if (holding) {
        held.push(res);
        firstHeld();
        return;
      }
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    calls,
    oneHeld,
    release() {
      holding = false;
      for (const res of held) res.destroy();
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

it('given a worker killed mid-webhook, then the next one finishes the runs with each effect once', async () => {
  const target = await countingTarget();
  try {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const wf = await activeWorkflow(
      server,
      admin,
      company.id,
      [
        node('t', 'trigger.document', { event: 'completed' }),
        node('tell', 'action.notify', { roles: ['admin'], message: 'Kill test {name}' }),
        node('hook', 'action.webhook', { url: target.url, secret: 'a-secret-of-16-chars' }),
        node('hook2', 'action.webhook', { url: target.url, secret: 'a-secret-of-16-chars' }),
      ],
      [edge('t', 'tell'), edge('tell', 'hook'), edge('hook', 'hook2')],
    );
    const documents = 4;
    for (let i = 0; i < documents; i += 1)
      await completedDocument(server, company.id, { name: `Doc ${i}` });

    const first = startWorker();
    await target.oneHeld;
    first.child.kill('SIGKILL');
    await first.exited;
    const killedKeys = new Set(target.calls.map((c) => c.key));
    target.release();

    startWorker();
    await until(
      async () => {
        const runs = await server.db
          .select({ status: workflowRun.status })
          .from(workflowRun)
          .where(eq(workflowRun.workflow_id, wf));
        return runs.length === documents && runs.every((r) => r.status === 'Completed');
      },
      180_000,
      'every run to complete on the second worker',
    );

    const keysByEffect = new Map<string, Set<string>>();
    for (const call of target.calls) {
      const effect = `${call.run}:${call.node}`;
      keysByEffect.set(effect, (keysByEffect.get(effect) ?? new Set()).add(call.key));
    }
    expect(keysByEffect.size).toBe(documents * 2);
    expect([...keysByEffect.values()].every((keys) => keys.size === 1)).toBe(true);
    // The calls cut by the kill came again under their own keys: none was lost.
    for (const key of killedKeys)
      expect(target.calls.filter((c) => c.key === key).length).toBeGreaterThanOrEqual(2);
    const told = await server.db
      .select()
      .from(notification)
      .where(and(eq(notification.receiver_id, admin.user.id), eq(notification.module, 'workflow')));
    expect(told).toHaveLength(documents);
  } finally {
    await target.close();
  }
}, 400_000);
