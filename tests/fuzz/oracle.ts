/**
 * Judges one reply. A failure is: any 5xx; a masked internal error (the server logged an error
 * while answering: an unexpected fault it replaced by the operation's catalogue message, see
 * src/server/errors.ts failAs and graphql/errors.ts, or a GraphQL error coded
 * INTERNAL_SERVER_ERROR); a crash (an uncaught exception or unhandled rejection in the server's
 * process, or the server no longer answering); no reply at all; a reply slower than the limit.
 */
import { INTERNAL_ERROR_CODE } from '../../src/server/graphql/errors';
import type { LogLine, WireReply } from './types';

export type Cause = '5xx' | 'masked' | 'crash' | 'no-reply' | 'slow';

export interface Verdict {
  cause: Cause;
  status: number | null;
  /** What explains it: the server's log message (and its error's), or the reply. */
  detail: string;
}

const ERROR_LEVEL = 50;

export function describeLog(line: LogLine): string {
  return line.err ? `${line.msg}: ${line.err}` : line.msg;
}

function graphqlInternal(body: string): boolean {
  if (!body.includes(INTERNAL_ERROR_CODE)) return false;
  try {
    const parsed = JSON.parse(body) as { errors?: Array<{ extensions?: { code?: string } }> };
    return (parsed.errors ?? []).some((e) => e.extensions?.code === INTERNAL_ERROR_CODE);
  } catch {
    return true;
  }
}

export function judge(
  reply: WireReply,
  logs: readonly LogLine[],
  crashes: readonly string[],
  slowMs: number,
): Verdict[] {
  const verdicts: Verdict[] = [];
  const errors = logs.filter((line) => line.level >= ERROR_LEVEL);
  const logged = errors.map(describeLog).join(' | ');
  for (const crash of crashes)
    verdicts.push({ cause: 'crash', status: reply.status, detail: crash });
  if (reply.status >= 500)
    verdicts.push({
      cause: '5xx',
      status: reply.status,
      detail: logged || reply.body.slice(0, 200),
    });
  else if (errors.length > 0 || graphqlInternal(reply.body))
    verdicts.push({
      cause: 'masked',
      status: reply.status,
      detail: logged || reply.body.slice(0, 200),
    });
  if (reply.ms > slowMs)
    verdicts.push({ cause: 'slow', status: reply.status, detail: `${Math.round(reply.ms)} ms` });
  return verdicts;
}
