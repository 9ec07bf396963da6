/**
 * Waiting at start for PostgreSQL's autoprewarm (embedded-prewarm.ts) to read its saved blocks
 * back (issue 13: content search after a reboot). Right after PostgreSQL starts, autoprewarm's
 * leader (a background process with no database connection, so not in pg_stat_activity) reads
 * autoprewarm.blocks and starts one "autoprewarm worker" per database in turn, each listed while it
 * reads its blocks back. A search sent meanwhile reads its own pages from disk beside that worker
 * (the review bench saw it still reading in 6 to 9 of 10 cold samples, the first searches 1.5 to 2
 * times slower). So the server waits for the workers before it listens, at most `timeoutMs`.
 *
 * Not waited for: PostgreSQL without pg_prewarm loaded (an external server, a build without it),
 * one that started more than a minute ago (the read-back is long over), and one with no blocks
 * file (a fresh cluster: nothing to read back). Between two databases' workers none is listed for
 * a moment, so the read-back counts as over only after several polls in a row find none.
 */
import type pg from 'pg';

/** The longest the server's start waits for autoprewarm; past it the server starts anyway. */
export const AUTOPREWARM_WAIT_MS = 20_000;
/** Past this age of the postmaster the read-back is over (it starts at PostgreSQL's start). */
const RECENT_START_S = 60;
const POLL_MS = 50;
/** Polls in a row that must find no worker. */
const QUIET_POLLS = 3;

export interface AutoprewarmWait {
  /** Milliseconds waited. */
  waitedMs: number;
  /** False when the wait stopped at the time limit with blocks still being read. */
  finished: boolean;
  /** Why there was nothing to wait for, when there was not. */
  skipped?: 'not loaded' | 'started long ago' | 'no blocks file';
}

type Queryable = Pick<pg.Pool, 'query'>;

async function reason(pool: Queryable): Promise<AutoprewarmWait['skipped']> {
  const { rows } = await pool.query<{ loaded: boolean; up_s: number }>(
    `select current_setting('shared_preload_libraries') like '%pg_prewarm%' as loaded,
            extract(epoch from now() - pg_postmaster_start_time())::float8 as up_s`,
  );
  const state = rows[0];
  if (!state?.loaded) return 'not loaded';
  if (state.up_s > RECENT_START_S) return 'started long ago';
  try {
    const file = await pool.query<{ size: string | null }>(
      `select (pg_stat_file('autoprewarm.blocks', true)).size::text as size`,
    );
    if (file.rows[0]?.size == null) return 'no blocks file';
  } catch {
    // Not allowed to look (not a superuser): wait for the workers as if there were a file.
  }
  return undefined;
}

export async function awaitAutoprewarm(
  pool: Queryable,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<AutoprewarmWait> {
  const timeoutMs = options.timeoutMs ?? AUTOPREWARM_WAIT_MS;
  const pollMs = options.pollMs ?? POLL_MS;
  const started = performance.now();
  const skipped = await reason(pool);
  if (skipped) return { waitedMs: 0, finished: true, skipped };
  let quiet = 0;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where backend_type = 'autoprewarm worker'`,
    );
    quiet = (rows[0]?.n ?? 0) === 0 ? quiet + 1 : 0;
    const waitedMs = Math.round(performance.now() - started);
    if (quiet >= QUIET_POLLS) return { waitedMs, finished: true };
    if (waitedMs >= timeoutMs) return { waitedMs, finished: false };
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
