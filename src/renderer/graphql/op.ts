/**
 * Typed GraphQL operations without code generation.
 *
 * `op(source, resultSchema, variablesSchema?)` parses a document and returns a
 * TypedDocumentNode whose result and variables types are inferred from zod schemas, so hooks
 * such as `useQuery(OP)` are typed end to end. Every operation is also recorded in a registry
 * by its operation name; the validation link (app/validation-link.ts) looks results up there
 * and checks them at the boundary, and graphql/operations.test.ts validates every document
 * against the server's schema/*.graphql.
 */
import { parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { TypedDocumentNode } from '@apollo/client';
import type { z } from 'zod';

/** A reusable selection: the fragment's text and the zod schema of what it selects. */
export interface Fragment<S extends z.ZodType> {
  name: string;
  source: string;
  schema: S;
}

export function fragment<S extends z.ZodType>(source: string, schema: S): Fragment<S> {
  const match = /fragment\s+(\w+)\s+on\s+\w+/.exec(source);
  if (!match?.[1]) throw new Error(`Not a fragment definition: ${source.slice(0, 60)}`);
  return { name: match[1], source, schema };
}

export interface OperationSpec {
  name: string;
  kind: 'query' | 'mutation' | 'subscription';
  document: DocumentNode;
  source: string;
  result: z.ZodType;
  variables: z.ZodType | null;
}

const registry = new Map<string, OperationSpec>();

/** The variables type of an operation that takes none. */
type NoVariables = z.ZodType<Record<string, never>, Record<string, never>>;

/** Builds a typed, registered operation. The document must hold exactly one named operation. */
export function op<R extends z.ZodType, V extends z.ZodType = NoVariables>(
  source: string,
  result: R,
  variables?: V,
  fragments: ReadonlyArray<Fragment<z.ZodType>> = [],
): TypedDocumentNode<z.output<R>, z.input<V>> {
  const fullSource = [source, ...fragments.map((f) => f.source)].join('\n');
  const document = parse(fullSource);
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
  );
  const [definition] = operations;
  if (operations.length !== 1 || !definition?.name) {
    throw new Error(
      `An operation document needs exactly one named operation: ${source.slice(0, 60)}`,
    );
  }
  const name = definition.name.value;
  const existing = registry.get(name);
  if (existing && existing.source !== fullSource) {
    throw new Error(`Two different operations are both named ${name}.`);
  }
  registry.set(name, {
    name,
    kind: definition.operation,
    document,
    source: fullSource,
    result,
    variables: variables ?? null,
  });
  return document as TypedDocumentNode<z.output<R>, z.input<V>>;
}

export function findOperation(name: string | undefined): OperationSpec | undefined {
  return name === undefined ? undefined : registry.get(name);
}

export function registeredOperations(): OperationSpec[] {
  return [...registry.values()];
}

export type CheckOutcome = { ok: true } | { ok: false; problems: string[] };

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map(
    (issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
  );
}

/** Checks a server result against the operation's schema. Unknown operations pass unchecked. */
export function checkResult(name: string | undefined, data: unknown): CheckOutcome {
  const spec = findOperation(name);
  if (!spec) return { ok: true };
  const parsed = spec.result.safeParse(data);
  return parsed.success ? { ok: true } : { ok: false, problems: describeIssues(parsed.error) };
}

/** Checks outgoing variables, so a programming slip is reported before it reaches the server. */
export function checkVariables(name: string | undefined, variables: unknown): CheckOutcome {
  const spec = findOperation(name);
  if (!spec?.variables) return { ok: true };
  const parsed = spec.variables.safeParse(variables ?? {});
  return parsed.success ? { ok: true } : { ok: false, problems: describeIssues(parsed.error) };
}
