/**
 * Interval sync: every `tickSeconds` the server looks for active interval integrations whose
 * interval has passed since their last sync and syncs them (services.crm.syncDue; one sync of an
 * integration at a time across processes). At start, credentials an older key sealed are sealed
 * again with the current key.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connection';
import type { KeyRing } from '../../crypto/keyRing';
import { resealAll } from './credentials';
import type { CrmService } from './service';

export function startCrmScheduler(input: {
  db: Database;
  ring: KeyRing;
  crm: CrmService;
  tickSeconds: number;
  log: FastifyBaseLogger;
}) {
  let stopped = false;
  let current: Promise<unknown> = resealAll(input.db, input.ring)
    .then((count) => {
      if (count > 0) input.log.info({ count }, 'crm credentials sealed again with the current key');
    })
    .catch((error: unknown) => input.log.error({ err: error }, 'crm credential re-seal failed'));
  const timer =
    input.tickSeconds > 0
      ? setInterval(() => {
          if (stopped) return;
          current = current
            .then(() => input.crm.syncDue())
            .catch((error: unknown) => input.log.error({ err: error }, 'crm interval sync failed'));
        }, input.tickSeconds * 1000)
      : undefined;
  timer?.unref();
  return {
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await current;
    },
  };
}
