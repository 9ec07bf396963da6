/**
 * The GraphQL boundary's text check: every resolver's arguments (inline literals and variables
 * alike, after coercion) are walked before it runs, and a string PostgreSQL cannot store (U+0000,
 * a lone surrogate) anywhere in them is refused as INVALID_INPUT naming its argument path. GraphQL's
 * Int is 32-bit already; ids and other strings then go through the domains' zod schemas, built on
 * the same helpers (shared/schemas/input.ts).
 */
import { unsafeTextIssue } from '../../shared/schemas/input';
import { ValidationError } from '../errors';

/**
 * Arguments checked by their resolver instead, row by row: a CSV import reports bad text with its
 * line (cases/csvImport.ts checkRow) and imports the other rows.
 */
const CHECKED_BY_RESOLVER: Readonly<Record<string, readonly string[]>> = {
  'Mutation.importLegalCases': ['csv'],
};

type Fields = Record<string, unknown>;
type ResolverFn = (parent: unknown, args: Record<string, unknown>, ...rest: unknown[]) => unknown;

function checked(fieldPath: string, resolve: ResolverFn): ResolverFn {
  const skip = CHECKED_BY_RESOLVER[fieldPath] ?? [];
  return (parent, args, ...rest) => {
    for (const [name, value] of Object.entries(args)) {
      if (skip.includes(name)) continue;
      // An `input` object is what the resolver hands its service: name fields as its schema does.
      const issue = unsafeTextIssue(value, name === 'input' ? [] : [name]);
      if (issue) throw new ValidationError([issue]);
    }
    return resolve(parent, args, ...rest);
  };
}

/** `resolvers` with every field resolver (and subscription subscribe) wrapped by the check. */
export function guardArguments(
  resolvers: Record<string, Record<string, unknown>>,
): Record<string, Record<string, unknown>> {
  const guarded: Record<string, Record<string, unknown>> = {};
  for (const [type, fields] of Object.entries(resolvers)) {
    const out: Fields = {};
    for (const [name, field] of Object.entries(fields)) {
      const path = `${type}.${name}`;
      // __resolveType / __isTypeOf take no arguments (their second parameter is the context).
      if (name.startsWith('__')) out[name] = field;
      else if (typeof field === 'function') out[name] = checked(path, field as ResolverFn);
      else if (field && typeof field === 'object' && 'subscribe' in field) {
        const subscription = field as { subscribe: ResolverFn };
        out[name] = { ...subscription, subscribe: checked(path, subscription.subscribe) };
      } else out[name] = field;
    }
    guarded[type] = out;
  }
  return guarded;
}
