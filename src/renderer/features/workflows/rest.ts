/**
 * The REST half of the workflow screens' calls: one `call` that sends the session's bearer token,
 * checks the answer with zod, and turns a refusal into a WorkflowApiError with the server's
 * catalogue code and message (and the graph problems of a refused save). Without a code of its own
 * a failure carries the catalogue message of the operation that failed (`fallback`).
 */
import { z } from 'zod';
import { ERRORS } from '../../../shared/errors';
import { readErrorCode } from '../../app/errors';

export interface Connection {
  serverUrl: string;
  token: string;
  fetchFn?: typeof fetch;
}

/** A graph problem the server named (the shape of validateGraph's GraphProblem). */
export interface ServerProblem {
  nodeId?: string;
  edgeId?: string;
  field?: string;
  message: string;
}

const ErrorAnswer = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

/**
 * A refused save names each graph problem by path: `nodes.<id>[.<field>]`, `edges.<id>` or
 * `graph` (the server's graphError); other paths are problems of the whole graph.
 */
export function problemFromIssue(issue: { path: string; message: string }): ServerProblem {
  const [head, ...rest] = issue.path.split('.');
  if (head === 'nodes' && rest.length > 0) {
    const [nodeId = '', field] = rest;
    return { nodeId, ...(field ? { field } : {}), message: issue.message };
  }
  if (head === 'edges' && rest.length > 0)
    return { edgeId: rest.join('.'), message: issue.message };
  return { message: issue.message };
}

export class WorkflowApiError extends Error {
  readonly code: string | null;
  readonly status: number;
  readonly problems: ServerProblem[];
  constructor(
    message: string,
    code: string | null,
    status: number,
    problems: ServerProblem[] = [],
  ) {
    super(message);
    this.name = 'WorkflowApiError';
    this.code = code;
    this.status = status;
    this.problems = problems;
  }
}

export async function call<T>(
  connection: Connection,
  path: string,
  init: { method: 'GET' | 'POST' | 'PATCH' | 'PUT'; body?: unknown },
  answer: z.ZodType<T>,
  fallback: string,
): Promise<T> {
  const fetchFn = connection.fetchFn ?? fetch;
  const response = await fetchFn(`${connection.serverUrl}${path}`, {
    method: init.method,
    headers: {
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      Authorization: `Bearer ${connection.token}`,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ErrorAnswer.safeParse(body);
    const coded = parsed.success ? readErrorCode(parsed.data.error) : null;
    throw new WorkflowApiError(
      coded?.message ?? fallback,
      coded?.code ?? null,
      response.status,
      parsed.success ? (parsed.data.error.issues ?? []).map(problemFromIssue) : [],
    );
  }
  const parsed = answer.safeParse(body);
  if (!parsed.success) {
    throw new WorkflowApiError(
      ERRORS.INVALID_RESPONSE_STRUCTURE,
      'INVALID_RESPONSE_STRUCTURE',
      200,
    );
  }
  return parsed.data;
}
