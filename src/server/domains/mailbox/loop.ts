/**
 * Background sync: every `tickSeconds` each active mailbox is synced in turn (one at a time per
 * process; a slow or unreachable server only delays the next mailbox). 0 turns it off: mail then
 * comes in when a user asks (POST /legal-email/sync).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { mailIntegration } from '../../db/schemaMail';
import type { SyncRunner } from './syncRunner';

export function startMailSyncLoop(deps: {
  db: Database;
  runner: SyncRunner;
  tickSeconds: number;
  log: { error(details: Record<string, unknown>, message: string): void };
}): { stop(): Promise<void> } {
  if (deps.tickSeconds <= 0) return { stop: async () => undefined };
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const rows = await deps.db
      .select()
      .from(mailIntegration)
      .where(eq(mailIntegration.is_active, true));
    for (const row of rows) {
      if (stopped) return;
      await deps.runner.sync(row);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick()
        .catch((error: unknown) => deps.log.error({ err: error }, 'mailbox sync tick failed'))
        .finally(schedule);
    }, deps.tickSeconds * 1000);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
