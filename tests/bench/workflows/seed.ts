/**
 * Seeds a company's workflow history with SQL, fast: `logRows` node log rows, five per run, one run
 * per document of a seeded workflow (documents that never start runs: they are not complete), runs
 * ended over the last 30 days, a few in every status and the newest still open, as a busy firm's
 * logs look. Written in chunks so each statement stays small; vacuumed and analyzed afterwards.
 */
import type pg from 'pg';

const NODES = ['t', 'c', 'name', 'tell', 'hook'];

export async function seedLogHistory(
  pool: pg.Pool,
  companyId: string,
  workflowId: string,
  logRows: number,
  log: (line: string) => void,
): Promise<void> {
  const runs = Math.ceil(logRows / NODES.length);
  const chunk = 20_000;
  const started = performance.now();
  for (let from = 0; from < runs; from += chunk) {
    const to = Math.min(runs, from + chunk) - 1;
    await pool.query(
      `with raw as (
         insert into raw_file (name, size, status, company_id, idempotency_key)
         select 'seeded-' || i || '.pdf', 10, 'Processed', $1, gen_random_uuid()
         from generate_series($3::int, $4::int) i returning id),
       docs as (
         insert into legal_processed_file
           (name, legal_raw_file_id, company_id, start_page_no, end_page_no, action_status)
         select 'Seeded document', id, $1, 1, 1, 'processing' from raw returning id),
       numbered as (select id, row_number() over () + $3 - 1 as i from docs),
       runs as (
         insert into workflow_run
           (workflow_id, company_id, version, trigger, legal_processed_file_id, status, started_at, ended_at)
         select $2, $1, 1, 'document_completed', id,
           case when i % 97 = 0 then 'Failed' else 'Completed' end,
           now() - make_interval(secs => ($5::int - i) * 2.5 + 3),
           now() - make_interval(secs => ($5::int - i) * 2.5)
         from numbered returning id, legal_processed_file_id, status, started_at, ended_at)
       insert into workflow_node_log
         (run_id, workflow_id, company_id, legal_processed_file_id, node_id, node_type, status,
          attempts, queued_at, started_at, ended_at, input, output)
       select r.id, $2, $1, r.legal_processed_file_id, n.node_id, n.node_type,
         case when r.status = 'Failed' and n.node_id = 'hook' then 'Failed' else 'Completed' end,
         1, r.started_at, r.started_at, r.ended_at, '{}'::jsonb, '{}'::jsonb
       from runs r cross join (select * from unnest($6::text[], $7::text[]) as u(node_id, node_type)) n`,
      [
        companyId,
        workflowId,
        from,
        to,
        runs,
        NODES,
        [
          'trigger.document',
          'condition.field',
          'action.set_fields',
          'action.notify',
          'action.webhook',
        ],
      ],
    );
    if ((from / chunk) % 10 === 0)
      log(`  seeded ${((to + 1) * NODES.length).toLocaleString('en-US')} log rows`);
  }
  // What autovacuum does on a live database after a load: statistics and the visibility map.
  await pool.query(
    'vacuum analyze raw_file, legal_processed_file, workflow_run, workflow_node_log, workflow_log_group, workflow_log_group_count',
  );
  log(
    `  seeded ${(runs * NODES.length).toLocaleString('en-US')} log rows in ${Math.round((performance.now() - started) / 1000)} s`,
  );
}
