/**
 * The fuzz loop: walks every endpoint (GraphQL fields from the schema, REST routes from the running
 * server's route table) in a seeded order, one case at a time, bounded by a count and a time
 * budget; judges each reply (oracle.ts) and keeps the fixtures usable between cases.
 */
import type { Fixtures, IdKind, Role } from './fixtures';
import { graphqlTargets } from './graphql';
import { infrastructureTarget } from './graphql-transport';
import type { Harness } from './harness';
import { judge, type Verdict } from './oracle';
import { badAuthorization } from './payloads';
import { SWEEPS } from './mutate';
import { createRng } from './prng';
import { createCollector, type FuzzReport } from './report';
import { restTarget } from './rest';
import type { FuzzCase, Target } from './types';
import { send, Unsendable } from './wire';

export interface RunOptions {
  seed: number;
  count: number;
  seconds: number;
  /** A reply slower than this is a failure of kind 'slow'. */
  slowMs: number;
  /** Give up on one request after this long (counted as no reply). */
  timeoutMs: number;
  /** Only endpoints whose name contains this. */
  only?: string;
  /** Run just this case of the seed (replay). */
  caseIndex?: number;
  /** Called with each case before it is sent, and with each failure (for --verbose). */
  onCase?: (index: number, fuzzCase: FuzzCase, verdicts: Verdict[]) => void;
}

/** HEAD routes are left out of the route table; the tus HEAD is fuzzed all the same. */
const EXTRA_ROUTES = ['HEAD /uploads/:id'];

export function listTargets(registeredRoutes: readonly string[]): {
  targets: Target[];
  untemplated: string[];
} {
  const untemplated: string[] = [];
  const rest = [...registeredRoutes, ...EXTRA_ROUTES].map((route) => {
    const infrastructure = infrastructureTarget(route);
    if (infrastructure) return infrastructure;
    const target = restTarget(route);
    if (!target.templated) untemplated.push(route);
    return target;
  });
  return { targets: [...graphqlTargets(), ...rest], untemplated };
}

const SIGNED_OUT = /"code":"(SESSION_EXPIRED|NOT_AUTHENTICATED)"/;
const signedIn = (role: Role) => role !== 'anonymous' && role !== 'bad-token';

/** Keeps the fixtures whole after a case that may have changed them. */
async function afterCase(
  fuzzCase: FuzzCase,
  status: number | null,
  body: string,
  fixtures: Fixtures,
) {
  const { target } = fuzzCase;
  if (/delete|DELETE/.test(target)) await fixtures.restore();
  if (target.endsWith('/uploads/:id') || target === 'POST /uploads') {
    if (target.startsWith('DELETE') && status !== null && status < 300)
      await fixtures.renewUpload();
  }
  if (
    (status === 401 || SIGNED_OUT.test(body)) &&
    signedIn(fuzzCase.role) &&
    !fuzzCase.authorization
  )
    await fixtures.renewSessions();
}

async function alive(harness: Harness): Promise<boolean> {
  try {
    const reply = await send(
      new URL(harness.server.url),
      { method: 'GET', path: '/health', headers: {} },
      10_000,
    );
    return reply.status === 200;
  } catch {
    return false;
  }
}

/**
 * Case `index` of a run over `order`: the first SWEEPS.length rounds over every endpoint are the
 * sweeps (one kind of value in every leaf of its slot, as A's admin); the rest are random breaks.
 */
export function makeCase(
  order: readonly Target[],
  seed: number,
  index: number,
  fixtures: Fixtures,
): FuzzCase {
  const target = order[index % order.length]!;
  const rng = createRng(seed, index + 1);
  const sweep = SWEEPS[Math.floor(index / order.length)];
  // Sweeps aim at firm A's own records (the first of each kind), so the bad value gets past the
  // visibility checks and reaches the code behind them.
  const view: Fixtures = sweep
    ? { ...fixtures, pickId: (kind: IdKind) => fixtures.ids[kind][0]! }
    : fixtures;
  const fuzzCase = target.generate(rng, view, sweep);
  if (sweep) return fuzzCase.disposableSession ? fuzzCase : { ...fuzzCase, role: 'A.admin' };
  if (rng.chance(0.04) && !fuzzCase.disposableSession) {
    const bad = badAuthorization(fixtures.token('A.admin'), rng);
    return {
      ...fuzzCase,
      mutation: `${fuzzCase.mutation}+bad-authorization`,
      kind: `${fuzzCase.kind}+${bad.kind}`,
      authorization: bad.value,
    };
  }
  return fuzzCase;
}

export async function runFuzz(
  harness: Harness,
  fixtures: Fixtures,
  options: RunOptions,
): Promise<FuzzReport> {
  const { targets: all, untemplated } = listTargets(harness.server.app.lexdesk.routes);
  const chosen = options.only ? all.filter((t) => t.name.includes(options.only!)) : all;
  if (chosen.length === 0) throw new Error(`no endpoint matches ${options.only}`);
  const order = createRng(options.seed, 0).shuffle(chosen);
  const origin = new URL(harness.server.url);
  const collector = createCollector();
  const perTarget = new Map(order.map((t) => [t.name, 0]));
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const indexes =
    options.caseIndex !== undefined
      ? [options.caseIndex]
      : Array.from({ length: options.count }, (_, i) => i);
  let cases = 0;
  let unsendable = 0;
  const generatorErrors: string[] = [];
  for (const index of indexes) {
    if (performance.now() > deadline) break;
    const target = order[index % order.length]!;
    let fuzzCase: FuzzCase;
    try {
      fuzzCase = makeCase(order, options.seed, index, fixtures);
    } catch (error) {
      // A fault of the fuzzer itself: say so, and go on with the other cases.
      generatorErrors.push(`case ${index} (${target.name}): ${String(error)}`);
      continue;
    }
    const token = fuzzCase.disposableSession
      ? await fixtures.disposableToken()
      : fixtures.token(fuzzCase.role);
    const authorization = fuzzCase.authorization ?? (token ? `Bearer ${token}` : undefined);
    const request = {
      ...fuzzCase.request,
      headers: { ...fuzzCase.request.headers, ...(authorization ? { authorization } : {}) },
    };
    const logMark = harness.logs.lines.length;
    const crashMark = harness.crashes.length;
    cases += 1;
    perTarget.set(target.name, (perTarget.get(target.name) ?? 0) + 1);
    let verdicts: Verdict[];
    let status: number | null = null;
    let body = '';
    try {
      const reply = await send(origin, request, options.timeoutMs);
      await new Promise((resolve) => setImmediate(resolve));
      status = reply.status;
      body = reply.body;
      verdicts = judge(
        reply,
        harness.logs.lines.slice(logMark),
        harness.crashes.slice(crashMark),
        options.slowMs,
      );
    } catch (error) {
      if (error instanceof Unsendable) {
        unsendable += 1;
        continue;
      }
      const reason = error instanceof Error ? error.message : String(error);
      const up = await alive(harness);
      verdicts = [
        {
          cause: up ? 'no-reply' : 'crash',
          status: null,
          detail: up ? reason : `server stopped answering: ${reason}`,
        },
        ...harness.crashes
          .slice(crashMark)
          .map((crash) => ({ cause: 'crash' as const, status: null, detail: crash })),
      ];
      if (!up) {
        for (const verdict of verdicts) collector.add(index, fuzzCase, verdict);
        options.onCase?.(index, fuzzCase, verdicts);
        break;
      }
    }
    for (const verdict of verdicts) collector.add(index, fuzzCase, verdict);
    options.onCase?.(index, fuzzCase, verdicts);
    await afterCase(fuzzCase, status, body, fixtures);
  }
  return {
    seed: options.seed,
    cases,
    seconds: (performance.now() - started) / 1000,
    targets: order.length,
    untemplated,
    unsendable,
    generatorErrors,
    failures: collector.failures(),
    perTarget,
  };
}

/** The failures that fail a run: all of them, or all but the slow ones. */
export function failing(report: FuzzReport, failOnSlow: boolean) {
  return report.failures.filter((failure) => failOnSlow || failure.cause !== 'slow');
}
