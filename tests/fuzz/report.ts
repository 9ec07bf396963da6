/**
 * Collects verdicts into distinct failures (by endpoint, cause and the server's message with its
 * values taken out) and prints them with the seed and a case to replay each.
 */
import type { Cause, Verdict } from './oracle';
import type { FuzzCase } from './types';

export interface Failure {
  target: string;
  cause: Cause;
  signature: string;
  status: number | null;
  count: number;
  /** Value kinds (and mutations) that produced it, with counts. */
  kinds: Map<string, number>;
  /** The first case that produced it. */
  example: { index: number; fuzzCase: FuzzCase; detail: string };
}

export interface FuzzReport {
  seed: number;
  cases: number;
  seconds: number;
  targets: number;
  /** Targets fuzzed with generic values only (no template). */
  untemplated: string[];
  /** Cases node refused to send (not a server finding). */
  unsendable: number;
  /** Cases the fuzzer could not build (its own faults). */
  generatorErrors: string[];
  failures: Failure[];
  /** Requests per target, to show the walk covered everything. */
  perTarget: Map<string, number>;
}

/** The message without ids, numbers and quoted values, so one cause groups as one failure. */
export function signatureOf(detail: string): string {
  return detail
    .replace(/: "[^\n]*"$/, ': "…"')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\$\d+/g, '$n')
    .replace(/\d+/g, 'N')
    .slice(0, 240);
}

export function createCollector() {
  const failures = new Map<string, Failure>();
  return {
    add(index: number, fuzzCase: FuzzCase, verdict: Verdict) {
      const signature =
        verdict.cause === 'slow' ? 'slower than the limit' : signatureOf(verdict.detail);
      const key = `${fuzzCase.target}\u0001${verdict.cause}\u0001${signature}`;
      const found = failures.get(key);
      const kind = `${fuzzCase.mutation}/${fuzzCase.kind} @${fuzzCase.where}`;
      if (found) {
        found.count += 1;
        found.kinds.set(kind, (found.kinds.get(kind) ?? 0) + 1);
        return;
      }
      failures.set(key, {
        target: fuzzCase.target,
        cause: verdict.cause,
        signature,
        status: verdict.status,
        count: 1,
        kinds: new Map([[kind, 1]]),
        example: { index, fuzzCase, detail: verdict.detail },
      });
    },
    failures: () => [...failures.values()],
  };
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** A request as text a person can read and replay by hand (bodies clipped). */
export function describeRequest(fuzzCase: FuzzCase): string {
  const { method, path, headers, body } = fuzzCase.request;
  const lines = [
    `${method} ${clip(path, 300)}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${clip(v, 200)}`),
  ];
  if (fuzzCase.authorization !== undefined)
    lines.push(`authorization: ${clip(fuzzCase.authorization, 80)}`);
  if (body && body.length > 0) lines.push('', clip(JSON.stringify(body.toString('utf8')), 600));
  return lines.join('\n    ');
}

export function formatReport(report: FuzzReport, options: { failOnSlow: boolean }): string {
  const out: string[] = [];
  const byCause = (cause: Cause) => report.failures.filter((f) => f.cause === cause).length;
  out.push(
    `fuzz: seed ${report.seed}, ${report.cases} cases over ${report.targets} endpoints in ${report.seconds.toFixed(1)} s` +
      (report.unsendable ? ` (${report.unsendable} unsendable, skipped)` : ''),
  );
  for (const error of report.generatorErrors) out.push(`fuzzer fault: ${clip(error, 300)}`);
  if (report.untemplated.length > 0)
    out.push(
      `endpoints without a template (generic values only): ${report.untemplated.join(', ')}`,
    );
  const never = [...report.perTarget].filter(([, n]) => n === 0).map(([t]) => t);
  if (never.length > 0)
    out.push(`endpoints not reached in this run (raise --count): ${never.length}`);
  out.push(
    `distinct failures: ${report.failures.length} (5xx ${byCause('5xx')}, masked ${byCause('masked')}, crash ${byCause('crash')}, no-reply ${byCause('no-reply')}, slow ${byCause('slow')}${options.failOnSlow ? '' : ', slow ones reported only'})`,
  );
  const causes = new Map<string, Set<string>>();
  for (const failure of report.failures) {
    const key = `[${failure.cause}] ${failure.signature}`;
    causes.set(key, (causes.get(key) ?? new Set()).add(failure.target));
  }
  if (causes.size > 0) out.push('', 'by cause:');
  for (const [key, targets] of [...causes].sort((a, b) => b[1].size - a[1].size))
    out.push(
      `  ${clip(key, 200)}  (${targets.size} endpoints: ${clip([...targets].join(', '), 300)})`,
    );
  const sorted = [...report.failures].sort(
    (a, b) => a.target.localeCompare(b.target) || a.cause.localeCompare(b.cause),
  );
  for (const failure of sorted) {
    const kinds = [...failure.kinds]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, n]) => `${k} x${n}`);
    out.push(
      '',
      `[${failure.cause}] ${failure.target}  status ${failure.status ?? '-'}  x${failure.count}`,
      `  server said: ${clip(failure.example.detail, 400)}`,
      `  kinds: ${kinds.join(', ')}`,
      `  replay: npm run fuzz -- --seed ${report.seed} --case ${failure.example.index}  (role ${failure.example.fuzzCase.role})`,
      `    ${describeRequest(failure.example.fuzzCase)}`,
    );
  }
  return out.join('\n');
}
