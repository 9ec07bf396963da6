/**
 * The kill -9 part of the workflows bench: `npm run worker` processes on the bench's database run
 * a workflow whose last step calls the counting target. The target holds one call open; the
 * worker is killed with SIGKILL while it waits on it, and a second worker finishes every run.
 * Then the effects are counted: webhook effects by (run, node) and distinct idempotency key, and
 * notifications by document. Anything applied more than once is a duplicate effect.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type pg from 'pg';
import type { CountingTarget } from './target';
import { writeCompletedDocument } from './setup';

export interface KillResult {
  documents: number;
  killed_after_calls: number;
  webhook_calls: number;
  webhook_duplicate_effects: number;
  webhook_missing_effects: number;
  notification_duplicates: number;
  duplicate_effects: number;
  runs_completed: number;
}

function startWorker(root: string, databaseUrl: string, dataDir: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PIPELINE_WORKERS: '1',
      WORKFLOW_WORKERS: '2',
      WORKFLOW_WEBHOOK_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, exited: new Promise<void>((resolve) => child.once('exit', () => resolve())) };
}

export async function killWorkerMidAction(opts: {
  root: string;
  pool: pg.Pool;
  databaseUrl: string;
  dataDir: string;
  companyId: string;
  workflowId: string;
  documents: number;
  target: CountingTarget;
  log: (line: string) => void;
}): Promise<KillResult> {
  const { pool, target, documents, log } = opts;
  const callsBefore = target.calls.length;
  const killAfter = Math.max(1, Math.floor(documents / 4));
  const held = target.holdCall(killAfter);
  const ids: string[] = [];
  for (let i = 0; i < documents; i += 1)
    ids.push(await writeCompletedDocument(pool, opts.companyId, i, 'Kill document'));

  const first = startWorker(opts.root, opts.databaseUrl, opts.dataDir);
  await held;
  first.child.kill('SIGKILL');
  await first.exited;
  log(`  worker killed (SIGKILL) while call ${killAfter} to the target was open`);
  target.release();

  const second = startWorker(opts.root, opts.databaseUrl, opts.dataDir);
  const deadline = Date.now() + Math.max(300_000, documents * 2_000);
  let completed: number;
  try {
    for (;;) {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from workflow_run where workflow_id = $1 and status = 'Completed'`,
        [opts.workflowId],
      );
      completed = rows[0]!.n;
      if (completed >= documents || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
  log(`  ${completed} of ${documents} runs completed after the kill`);

  const calls = target.calls.slice(callsBefore);
  const keysByEffect = new Map<string, Set<string>>();
  for (const call of calls)
    keysByEffect.set(call.effect, (keysByEffect.get(call.effect) ?? new Set()).add(call.key));
  const webhookDuplicates = [...keysByEffect.values()].reduce((n, keys) => n + keys.size - 1, 0);
  const { rows: told } = await pool.query<{ extra: number }>(
    `select coalesce(sum(n - 1), 0)::int as extra from (
       select count(*) as n from notification
       where module = 'workflow' and content like 'Kill document%' group by content) c`,
  );
  const notificationDuplicates = told[0]!.extra;
  return {
    documents,
    killed_after_calls: killAfter,
    webhook_calls: calls.length,
    webhook_duplicate_effects: webhookDuplicates,
    webhook_missing_effects: documents - keysByEffect.size,
    notification_duplicates: notificationDuplicates,
    duplicate_effects: webhookDuplicates + notificationDuplicates,
    runs_completed: completed,
  };
}
