/**
 * Which GraphQL requests may run as the caller's recent viewer while the fresh session check runs
 * beside them (http.ts): a single query operation whose root fields are all plain reads listed
 * here. Mutations, subscriptions and any other field always wait for the fresh check. The answer
 * of such a request is sent only when the fresh check agrees (auth/viewerHints.ts).
 */
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { GRAPHQL_LIMITS } from './limits';

/** Root query fields that only read, through services scoped by the viewer. */
export const SPECULATIVE_READS: ReadonlySet<string> = new Set([
  '__typename',
  'processedFiles',
  'documentCenterCounts',
  'reviewQueue',
  'reviewCounts',
  'processedFile',
  'processedFileLogs',
  'legalFileTypes',
  'legalCases',
  'legalCase',
  'caseStats',
  'rawFiles',
  'rawFile',
  'rawFileLogs',
  'rawFileCounts',
]);

/** Longest query text classified (longer ones simply wait for the session check). */
const MAX_QUERY_LENGTH = 16_384;
const MAX_CACHED = 500;
const classified = new Map<string, boolean>();

function selectedOperation(query: string, operationName: string | undefined) {
  let document;
  try {
    // Over the token limit, yoga refuses it anyway: stop lexing there.
    document = parse(query, { noLocation: true, maxTokens: GRAPHQL_LIMITS.maxTokens });
  } catch {
    return undefined;
  }
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operationName) return operations.find((operation) => operation.name?.value === operationName);
  return operations.length === 1 ? operations[0] : undefined;
}

function classify(query: string, operationName: string | undefined): boolean {
  const operation = selectedOperation(query, operationName);
  return (
    operation?.operation === 'query' &&
    operation.selectionSet.selections.every(
      (selection) => selection.kind === Kind.FIELD && SPECULATIVE_READS.has(selection.name.value),
    )
  );
}

/** True when this GraphQL request body may start before its session check has answered. */
export function isSpeculativeRead(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { query, operationName } = body as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string' || query.length > MAX_QUERY_LENGTH) return false;
  if (operationName != null && typeof operationName !== 'string') return false;
  const key = `${operationName ?? ''}\n${query}`;
  let allowed = classified.get(key);
  if (allowed === undefined) {
    allowed = classify(query, operationName ?? undefined);
    if (classified.size >= MAX_CACHED) classified.clear();
    classified.set(key, allowed);
  }
  return allowed;
}
