/**
 * Drift guard: every GraphQL operation the renderer defines must validate against the server's
 * contract (src/server/graphql/schema/*.graphql). A renamed field, a changed argument or a new
 * non-null input breaks this test, and so the build, instead of a screen at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { buildSchema, Kind, parse, validate, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { registeredOperations } from './op';

// Importing every feature's operations module registers its operations.
const modules = import.meta.glob<Record<string, unknown>>('../features/*/operations.ts', {
  eager: true,
});

const schemaFolder = new URL('../../server/graphql/schema/', import.meta.url);
const schema = buildSchema(
  readdirSync(schemaFolder)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => readFileSync(new URL(name, schemaFolder), 'utf8'))
    .join('\n'),
);

function isDocument(value: unknown): value is DocumentNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === Kind.DOCUMENT
  );
}

const exportedDocuments = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isDocument(value))
    .map(([name, value]) => ({ label: `${file}#${name}`, document: value as DocumentNode })),
);

describe('renderer GraphQL operations against schema/*.graphql', () => {
  it('given the feature folders, when their operations modules load, then operations are found', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(5);
    expect(exportedDocuments.length).toBeGreaterThanOrEqual(10);
  });

  it('given every exported operation, then each one is registered with a result schema', () => {
    const registered = new Set(registeredOperations().map((spec) => spec.document));
    for (const { label, document } of exportedDocuments) {
      expect(registered.has(document), `${label} is not built with op()`).toBe(true);
    }
  });

  it.each(exportedDocuments.map((entry) => [entry.label, entry.document] as const))(
    'given %s, when validated against the server schema, then it has no errors',
    (_label, document) => {
      const errors = validate(schema, document).map((error) => error.message);
      expect(errors).toEqual([]);
    },
  );

  it('given a document that drifted from the schema, then validation reports it (the guard can fail)', () => {
    const drifted = parse('query Drifted { viewer { company { name legacy_name } } }');
    expect(validate(schema, drifted).map((error) => error.message)).toEqual([
      'Cannot query field "legacy_name" on type "Company".',
    ]);
  });

  it('given all operations, then no two share a name (the validation link finds them by name)', () => {
    const names = registeredOperations().map((spec) => spec.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
