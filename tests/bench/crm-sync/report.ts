/** The crm-sync bench's result (bench-results/crm-sync.json) and its section of PERFORMANCE.md. */
import type { SyncResult } from '../../../src/shared/crm';
import type { machine } from '../stats';

export interface CrmSyncResult {
  date: string;
  machine: ReturnType<typeof machine>;
  load_average_after: number;
  cases: number;
  docs: number;
  concurrency: number;
  fail_rate: number;
  retry_after_s: number;
  /** Seconds for 100,000 cases (scaled when `cases` is smaller). */
  cases_in_100k_s: number;
  cases_in_s: number;
  cases_in_per_s: number;
  sync: SyncResult;
  cases_stored: number;
  idle_rss_mb: number;
  peak_rss_mb: number;
  peak_rss_mb_over_idle: number;
  docs_out_s: number;
  docs_failed_after_retries: number;
  lost: number;
  duplicated: number;
  incomplete_in_crm: number;
  faults: Record<string, number>;
  fake_requests: number;
}

export function renderCrmSyncSection(r: CrmSyncResult): string {
  const full = r.cases === 100_000 && r.docs === 10_000;
  const faults = Object.entries(r.faults)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  return `## CRM sync (\`npm run bench -- crm-sync\`)

\`npm run bench -- crm-sync [--cases N] [--docs N] [--fail-rate R] [--retry-after S] [--concurrency N]\`
runs the Clio Manage API v4 fake (tests/support/fakeClio.ts: 200 matters a page, paged by cursor as
Clio does) in a process of its own, and the server in the bench's process on an embedded
PostgreSQL. A new firm's administrator connects Clio through the OAuth routes; then the server's own
sync (\`CrmService.syncIntegration\`: advisory lock, Clio connector, one integration log row per call,
cases written in chunks of 500, one transaction each) takes the matters in, timed, while the
process's RSS is sampled every 10 ms against its RSS just before (the idle server). Then documents
go out through the Clio connector (create the document on its matter, PUT the bytes, mark it fully
uploaded; every attempt logged in the database, ${r.concurrency} at a time) while the fake answers
${r.fail_rate * 100}% of API and upload calls with a fault before doing anything: in turn 429 with
\`Retry-After: ${r.retry_after_s}\`, 500, 502, 503. The one HTTP client of connectors waits Retry-After
or a backoff and tries 4 times. \`lost\`: documents with no fully uploaded copy in the fake at the end;
\`duplicated\`: extra fully uploaded copies. Targets: \`cases_in_100k_s\` ≤ 60,
\`peak_rss_mb_over_idle\` < 200, \`lost\` 0.

The server has no documents-out sync of its own yet (workflow actions send to the built-in local
CRM): the bench sends each document once through the connector and counts one that still fails after
the client's 4 attempts as lost; nothing sends it again.

Last run ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${r.machine.cores} cores (${r.machine.cpu}),
load average ${r.machine.loadAverage} before and ${r.load_average_after} after${full ? '' : `, **reduced size** (the targets are for 100,000 cases and 10,000 documents; \`cases_in_100k_s\` is scaled from ${r.cases.toLocaleString('en-US')})`}:

| Measure | Result |
| --- | --- |
| Cases in (${r.cases.toLocaleString('en-US')} matters, ${r.sync.chunks} chunks) | ${r.cases_in_s} s (${r.cases_in_per_s.toLocaleString('en-US')} cases/s) |
| \`cases_in_100k_s\` | ${r.cases_in_100k_s} s |
| Sync result | ${r.sync.created} created, ${r.sync.updated} updated, ${r.sync.skipped} skipped, ${r.sync.duplicates} duplicates; ${r.cases_stored} stored |
| RSS idle → peak while syncing | ${r.idle_rss_mb} → ${r.peak_rss_mb} MB |
| \`peak_rss_mb_over_idle\` | ${r.peak_rss_mb_over_idle} MB |
| Documents out (${r.docs.toLocaleString('en-US')}) | ${r.docs_out_s} s |
| Faults answered by the fake | ${faults || 'none'} |
| Documents failing after 4 attempts | ${r.docs_failed_after_retries} |
| \`lost\` / \`duplicated\` | ${r.lost} / ${r.duplicated} |
| Created in the CRM but never completed | ${r.incomplete_in_crm} |

### What the first run changed in the sync (issue 18)

The first full run (same machine, load average about 24) took 77.1 s for 100,000 cases with the
process's RSS 206.6 MB over idle, both over target. Timing each step showed the chunk's write
dominating (about 0.7 ms a case), most of it drizzle building a 500-row \`insert ... values\` of
about 9,000 parameters and their objects; the heap grew by about 3 KB a case, garbage that
a forced GC took back (nothing was kept). \`domains/crm/sync.ts\` now writes each chunk of 500 as one
\`insert ... select from unnest(<one array per column>) on conflict do update\` (same rules: empty
CRM fields keep LexDesk's values, a deleted case comes back), and reads the next page while a chunk
is written (one write at a time; a failing page waits for the write in flight). At 20,000 cases
that took the sync from 21.7 s to 4.5 s and the peak from +73 MB to +18.5 MB.
`;
}
