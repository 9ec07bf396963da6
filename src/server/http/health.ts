/**
 * GET /health: 200 {"status":"ok"} once the database answers and every migration this build ships
 * is applied; 503 {"status":"starting"} before that, and 503 {"status":"unavailable"} when the
 * database stops answering later (a load balancer or the desktop then knows to wait).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/connection';
import { defaultMigrationsFolder } from '../db/migrate';

function shippedMigrationCount(): number {
  const journal = JSON.parse(
    readFileSync(join(defaultMigrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export function registerHealthRoute(app: FastifyInstance, database: DatabaseHandle): void {
  const expected = shippedMigrationCount();
  let ready = false;

  async function check(): Promise<boolean> {
    if (ready) {
      await database.pool.query('select 1');
      return true;
    }
    const applied = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    ready = (applied.rows[0]?.n ?? 0) >= expected;
    return ready;
  }

  app.get('/health', async (_request, reply) => {
    const ok = await check().catch(() => false);
    const status = ok ? 'ok' : ready ? 'unavailable' : 'starting';
    return reply.status(ok ? 200 : 503).send({ status });
  });
}
