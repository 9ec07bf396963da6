/**
 * `npm run bench -- chat [--clients N] [--rooms N] [--rate R] [--seconds S]`: live chat delivery on
 * loopback. The real server (src/server/main.ts) runs in a child process of its own on a fresh
 * embedded PostgreSQL; `clients` graphql-ws clients (default 200, guests who joined by invitation
 * link) follow `rooms` rooms (default 10), and messages are sent at `rate` per second (default 20)
 * for `seconds` (default 60) by random clients through sendChatMessage. Each message must reach
 * every member of its room once: delivery latency is from the send call to the arrival at each
 * receiver (p50/p95/max), `lost` counts deliveries that never came, `duplicated` those that came
 * twice. The server's RSS (/proc/<pid>/status VmRSS) is read after the clients connected and at
 * the end. The invitations are made with MUTATION_RATE_BURST raised for the set-up only.
 * Writes bench-results/chat.json and the Chat section of docs/PERFORMANCE.md.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { findFreePort } from '../../src/server/db/ports';
import { writeBenchResult } from './docSection';
import { connectInspector, inspectorUrlOf } from './inspectorMemory';
import { percentile } from './review/measure';
import { machine } from './stats';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FULL = { clients: 200, rooms: 10, rate: 20, seconds: 60 };

function whole(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number`);
  return value;
}

async function gql<T>(url: string, query: string, variables: object, token?: string): Promise<T> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data as T;
}

/** The troughs and peaks of the RSS samples in each half of the run. */
export function rssHalves(samples: number[]) {
  const middle = Math.floor(samples.length / 2);
  const first = samples.slice(0, middle);
  const second = samples.slice(middle);
  const low = (xs: number[]) => (xs.length ? Math.min(...xs) : null);
  const high = (xs: number[]) => (xs.length ? Math.max(...xs) : null);
  return {
    rss_first_half_min_mb: low(first),
    rss_first_half_max_mb: high(first),
    rss_second_half_min_mb: low(second),
    rss_second_half_max_mb: high(second),
  };
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

async function startServer(databaseUrl: string, dataDir: string) {
  const port = await findFreePort();
  // The inspector on a free port: the bench reads the server's memory in use after a full GC.
  const child = spawn(
    process.execPath,
    ['--inspect=127.0.0.1:0', '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        LEXDESK_READY_JSON: '1',
        LOG_LEVEL: 'warn',
        PIPELINE_WORKERS: '0',
        MUTATION_RATE_BURST: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const inspectorUrl = new Promise<string>((resolve) => {
    createInterface({ input: child.stderr! }).on('line', (line) => {
      const found = inspectorUrlOf(line);
      if (found) resolve(found);
      else if (!/^(For help, see|Debugger (attached|ending))/.test(line))
        process.stderr.write(`${line}\n`);
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ready line within 120 s')), 120_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.includes('"ready"')) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url.replace(/\/+$/, ''));
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return { child, url, inspector: await connectInspector(await inspectorUrl) };
}

interface Receiver {
  client: Client;
  room: number;
  seen: Map<string, number>;
}

export async function run(args: string[]): Promise<void> {
  const clients = whole(args, 'clients', FULL.clients);
  const rooms = Math.min(whole(args, 'rooms', FULL.rooms), clients);
  const rate = whole(args, 'rate', FULL.rate);
  const seconds = whole(args, 'seconds', FULL.seconds);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const before = machine();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lexdesk-bench-chat-'));
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg') });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const receivers: Receiver[] = [];
  try {
    server = await startServer(postgres.url, path.join(dataDir, 'server'));
    const { url } = server;
    const admin = await gql<{ setUp: { token: string } }>(
      url,
      'mutation($input: SetUpInput!) { setUp(input: $input) { token } }',
      {
        input: {
          company_name: 'Bench Chat LLP',
          is_legal: true,
          first_name: 'Bench',
          last_name: 'Admin',
          email: 'bench@chat.test',
          password: 'correct horse battery',
        },
      },
    );
    const companyId = (
      await gql<{ viewer: { company: { id: string } } }>(
        url,
        '{ viewer { company { id } } }',
        {},
        admin.setUp.token,
      )
    ).viewer.company.id;
    const roomIds: string[] = [];
    for (let r = 0; r < rooms; r += 1)
      roomIds.push(
        (
          await gql<{ createChatRoom: { id: string } }>(
            url,
            'mutation($i: CreateChatRoomInput!) { createChatRoom(input: $i) { id } }',
            { i: { company_id: companyId, name: `Bench room ${r + 1}` } },
            admin.setUp.token,
          )
        ).createChatRoom.id,
      );
    log(`set-up: ${rooms} rooms; inviting and joining ${clients} guests`);
    const tokens: string[] = [];
    for (let c = 0; c < clients; c += 1) {
      const invite = await gql<{ addChatRoomMember: { invitation_token: string } }>(
        url,
        'mutation($i: AddChatRoomMemberInput!) { addChatRoomMember(input: $i) { invitation_token } }',
        { i: { room_id: roomIds[c % rooms], kind: 'guest', name: `Guest ${c + 1}` } },
        admin.setUp.token,
      );
      const joined = await gql<{ joinChatRoom: { token: string } }>(
        url,
        'mutation($t: String) { joinChatRoom(token: $t) { token } }',
        { t: invite.addChatRoomMember.invitation_token },
      );
      tokens.push(joined.joinChatRoom.token);
    }
    const duplicates = { count: 0 };
    await Promise.all(
      tokens.map(
        (token, c) =>
          new Promise<void>((resolve, reject) => {
            const receiver: Receiver = {
              room: c % rooms,
              seen: new Map(),
              client: createClient({
                url: `${url.replace(/^http/, 'ws')}/graphql`,
                webSocketImpl: WebSocket,
                connectionParams: { authorization: `Bearer ${token}` },
                retryAttempts: 0,
              }),
            };
            receivers.push(receiver);
            receiver.client.subscribe<{
              chatRoomEvents: { type: string; message: { client_id: string | null } | null };
            }>(
              {
                query: `subscription { chatRoomEvents(room_id: "${roomIds[c % rooms]}") { type message { client_id } } }`,
              },
              {
                next: ({ data }) => {
                  const event = data?.chatRoomEvents;
                  if (event?.type === 'SUBSCRIBED') return resolve();
                  const id = event?.message?.client_id;
                  if (event?.type !== 'MESSAGE' || !id) return;
                  if (receiver.seen.has(id)) duplicates.count += 1;
                  else receiver.seen.set(id, performance.now());
                },
                error: (error) =>
                  reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
                complete: () => undefined,
              },
            );
          }),
      ),
    );
    const serverPid = server.child.pid!;
    const rssStart = await rssMb(serverPid);
    const retainedStart = await server.inspector.retainedMb();
    log(
      `${clients} clients following; server RSS ${rssStart} MB; sending ${rate}/s for ${seconds} s`,
    );

    // RSS every 10 s while sending: whether it levels off or keeps growing (a leak) over a long run.
    const rssSamples: number[] = [];
    const sampler = setInterval(
      () =>
        void rssMb(serverPid).then(
          (mb) => rssSamples.push(mb),
          () => undefined,
        ),
      10_000,
    );
    const sent: Array<{ id: string; room: number; at: number }> = [];
    const sends: Array<Promise<void>> = [];
    let failures = 0;
    const total = rate * seconds;
    const start = performance.now();
    for (let n = 0; n < total; n += 1) {
      const due = start + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sender = Math.floor(Math.random() * clients);
      const id = `bench-${n}`;
      sent.push({ id, room: sender % rooms, at: performance.now() });
      sends.push(
        gql(
          url,
          'mutation($r: ID!, $m: String, $c: String) { sendChatMessage(room_id: $r, message: $m, client_id: $c) { id } }',
          { r: roomIds[sender % rooms], m: `Message ${n}`, c: id },
          tokens[sender],
        ).then(
          () => undefined,
          () => void (failures += 1),
        ),
      );
    }
    await Promise.all(sends);
    clearInterval(sampler);
    // Deliveries still on their way: wait until every receiver has every message of its room, or 10 s.
    const expected = sent.reduce(
      (sum, m) => sum + receivers.filter((r) => r.room === m.room).length,
      0,
    );
    const received = () => receivers.reduce((sum, r) => sum + r.seen.size, 0);
    const settleBy = performance.now() + 10_000;
    while (received() < expected && performance.now() < settleBy)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const rssEnd = await rssMb(server.child.pid!);
    const retainedEnd = await server.inspector.retainedMb();

    const latencies: number[] = [];
    // Per minute of sending too: a backlog that builds up late (history growing) shows apart from
    // a machine that was busy for a while.
    const byMinute: number[][] = [];
    for (const message of sent)
      for (const receiver of receivers)
        if (receiver.room === message.room) {
          const at = receiver.seen.get(message.id);
          if (at === undefined) continue;
          latencies.push(at - message.at);
          (byMinute[Math.floor((message.at - start) / 60_000)] ??= []).push(at - message.at);
        }
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const report = {
      date: new Date().toISOString(),
      machine: before,
      load_average_after: machine().loadAverage,
      reduced: clients < FULL.clients || rate < FULL.rate || seconds < FULL.seconds,
      clients,
      rooms,
      offered_rate_per_s: rate,
      seconds,
      messages_sent: sent.length,
      send_failures: failures,
      deliveries_expected: expected,
      deliveries: latencies.length,
      delivery_p50_ms: round(percentile(latencies, 50)),
      delivery_p95_ms: round(percentile(latencies, 95)),
      delivery_max_ms: round(latencies.reduce((a, b) => Math.max(a, b), 0)),
      delivery_p95_by_minute_ms: Array.from(byMinute, (xs) => round(percentile(xs ?? [], 95))),
      lost: expected - latencies.length,
      duplicated: duplicates.count,
      // Heap used + external after a full GC, before sending and after the last delivery: the
      // memory the server keeps (RSS also holds what the collector has not taken back yet).
      retained_start_mb: retainedStart,
      retained_end_mb: retainedEnd,
      retained_growth_mb: Math.round((retainedEnd - retainedStart) * 10) / 10,
      server_memory_flat: retainedEnd - retainedStart < 16,
      rss_start_mb: rssStart,
      rss_end_mb: rssEnd,
      rss_samples_mb: rssSamples,
      // RSS saws up and down with garbage collection; a leak shows as the later peaks and troughs
      // climbing. Compared by halves of the run (peak and trough of each).
      ...rssHalves(rssSamples),
    };
    log(JSON.stringify(report, null, 2));
    const section = [
      '## Chat (issue 21)',
      '',
      `\`npm run bench -- chat\`: ${clients} graphql-ws clients (guests joined by link) in ${rooms} rooms on loopback, ` +
        `${rate} messages/s for ${seconds} s through sendChatMessage; the server in a process of its own on a fresh ` +
        `embedded PostgreSQL. Latency is from the send call to each member's arrival (the NOTIFY at commit, the bus, ` +
        `one message load per process, the push).`,
      '',
      '| measure | value |',
      '| --- | --- |',
      `| messages sent | ${report.messages_sent} (${report.send_failures} failed) |`,
      `| deliveries | ${report.deliveries} of ${report.deliveries_expected} |`,
      `| delivery p50 / p95 / max | ${report.delivery_p50_ms} / ${report.delivery_p95_ms} / ${report.delivery_max_ms} ms |`,
      `| lost / duplicated | ${report.lost} / ${report.duplicated} |`,
      `| server memory in use after a full GC, start / end | ${report.retained_start_mb} / ${report.retained_end_mb} MB (flat: ${report.server_memory_flat ? 'yes' : 'no'}) |`,
      `| server RSS start / end | ${report.rss_start_mb} / ${report.rss_end_mb} MB |`,
      `| delivery p95 by minute of sending | ${report.delivery_p95_by_minute_ms.join(', ')} ms |`,
      `| server RSS every 10 s | ${report.rss_samples_mb.join(', ')} MB |`,
      `| RSS trough / peak, first half of the run | ${report.rss_first_half_min_mb} / ${report.rss_first_half_max_mb} MB |`,
      `| RSS trough / peak, second half of the run | ${report.rss_second_half_min_mb} / ${report.rss_second_half_max_mb} MB |`,
      '',
      `Machine: ${JSON.stringify(before)}; load average after: ${JSON.stringify(report.load_average_after)}.`,
    ].join('\n');
    await writeBenchResult(root, 'chat', report, section);
  } finally {
    await Promise.all(receivers.map((r) => r.client.dispose()));
    if (server?.child.exitCode === null) {
      server.inspector.close();
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server?.child.once('exit', resolve));
    }
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
