/**
 * Run-time checks of GraphQL data at the boundary, derived from the schema and the operation
 * itself, so no selection is written a second time as a zod schema:
 *
 * - `checkResult(document, data, variables)` walks a result along the operation's selection set
 *   (fragments, aliases, @include/@skip) and the schema's field types: every selected field present,
 *   non-null fields not null, lists as arrays, objects as objects, scalars and enum values of their
 *   type. Extra fields (such as the `__typename` Apollo adds) are allowed.
 * - `checkFragment(fragment, value)` does the same for a value stored by the app earlier (an offline
 *   cache) that should hold a fragment's fields.
 * - `checkVariables(document, variables)` coerces the variables as the server would
 *   (graphql-js `getVariableValues`): required ones present, each of its declared input type.
 *
 * Each returns a list of problems, `path: message`; an empty list means the data is in shape.
 */
import {
  buildSchema,
  getNamedType,
  getNullableType,
  getVariableValues,
  isAbstractType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  Kind,
  valueFromAST,
  GraphQLBoolean,
  GraphQLSkipDirective,
  GraphQLIncludeDirective,
  type DirectiveNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { DocumentDecoration } from 'gql.tada';
import { SCHEMA_SDL } from './schema.generated';

let cached: GraphQLSchema | null = null;

/** The server's schema, built once from the generated SDL. */
export function clientSchema(): GraphQLSchema {
  cached ??= buildSchema(SCHEMA_SDL);
  return cached;
}

/** How each scalar's serialized value is recognised. A scalar missing here fails every check. */
const SCALARS: Record<string, (value: unknown) => boolean> = {
  ID: (value) => typeof value === 'string',
  String: (value) => typeof value === 'string',
  Boolean: (value) => typeof value === 'boolean',
  Int: (value) =>
    typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= 2 ** 31,
  Float: (value) => typeof value === 'number' && Number.isFinite(value),
  // ISO-8601 text from the server; offline caches fill unknown times with '' (what zod took before).
  DateTime: (value) => typeof value === 'string',
};

type Variables = Readonly<Record<string, unknown>>;

interface Walk {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: Variables;
  problems: string[];
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function pathText(path: ReadonlyArray<string | number>): string {
  return path.length === 0 ? '(root)' : path.map(String).join('.');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether @skip/@include leave a selection in, with the operation's variables. */
function included(directives: ReadonlyArray<DirectiveNode> | undefined, vars: Variables): boolean {
  for (const directive of directives ?? []) {
    const name = directive.name.value;
    if (name !== GraphQLSkipDirective.name && name !== GraphQLIncludeDirective.name) continue;
    const argument = directive.arguments?.find((arg) => arg.name.value === 'if');
    const condition = argument ? valueFromAST(argument.value, GraphQLBoolean, vars) : undefined;
    if (name === GraphQLSkipDirective.name && condition === true) return false;
    if (name === GraphQLIncludeDirective.name && condition !== true) return false;
  }
  return true;
}

/** Whether a fragment with this type condition applies to an object of `runtime` type. */
function applies(walk: Walk, condition: string | undefined, runtime: string | undefined): boolean {
  if (condition === undefined || condition === runtime) return true;
  const conditionType = walk.schema.getType(condition);
  const runtimeType = runtime === undefined ? undefined : walk.schema.getType(runtime);
  if (!conditionType || !isAbstractType(conditionType) || !isObjectType(runtimeType)) return false;
  return walk.schema.isSubType(conditionType, runtimeType);
}

function checkSelection(
  walk: Walk,
  parent: GraphQLCompositeType,
  selectionSet: SelectionSetNode,
  value: Record<string, unknown>,
  path: ReadonlyArray<string | number>,
): void {
  const typename = value['__typename'];
  const runtime = isAbstractType(parent)
    ? typeof typename === 'string'
      ? typename
      : undefined
    : parent.name;
  for (const selection of selectionSet.selections) {
    if (!included(selection.directives, walk.variables)) continue;
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      const key = selection.alias?.value ?? name;
      const fieldPath = [...path, key];
      if (!(key in value)) {
        walk.problems.push(`${pathText(fieldPath)}: missing`);
        continue;
      }
      if (name === '__typename') {
        if (typeof value[key] !== 'string')
          walk.problems.push(`${pathText(fieldPath)}: expected a type name`);
        continue;
      }
      const field = isUnionType(parent) ? undefined : parent.getFields()[name];
      if (!field) {
        walk.problems.push(`${pathText(fieldPath)}: not a field of ${parent.name} in the schema`);
        continue;
      }
      checkValue(walk, field.type, selection.selectionSet, value[key], fieldPath);
      continue;
    }
    const fragment =
      selection.kind === Kind.FRAGMENT_SPREAD
        ? walk.fragments.get(selection.name.value)
        : selection;
    if (!fragment) {
      walk.problems.push(`${pathText(path)}: unknown fragment`);
      continue;
    }
    const condition = fragment.typeCondition?.name.value;
    if (isAbstractType(parent) && runtime === undefined && condition !== parent.name) {
      walk.problems.push(`${pathText(path)}: __typename is needed to check a fragment`);
      continue;
    }
    if (!applies(walk, condition, runtime)) continue;
    const target = condition === undefined ? parent : walk.schema.getType(condition);
    if (!target || !(isObjectType(target) || isAbstractType(target))) {
      walk.problems.push(`${pathText(path)}: unknown type ${condition ?? ''}`);
      continue;
    }
    checkSelection(walk, target, fragment.selectionSet, value, path);
  }
}

function checkValue(
  walk: Walk,
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  value: unknown,
  path: ReadonlyArray<string | number>,
): void {
  if (value === null || value === undefined) {
    if (isNonNullType(type)) walk.problems.push(`${pathText(path)}: expected a value, got null`);
    return;
  }
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) {
      walk.problems.push(`${pathText(path)}: expected array, got ${describe(value)}`);
      return;
    }
    value.forEach((item: unknown, index) =>
      checkValue(walk, nullable.ofType, selectionSet, item, [...path, index]),
    );
    return;
  }
  const named = getNamedType(nullable);
  if (isScalarType(named)) {
    const accepts = SCALARS[named.name];
    if (!accepts) walk.problems.push(`${pathText(path)}: no run-time check for ${named.name}`);
    else if (!accepts(value))
      walk.problems.push(`${pathText(path)}: expected ${named.name}, got ${describe(value)}`);
    return;
  }
  if (isEnumType(named)) {
    if (typeof value !== 'string' || !named.getValue(value))
      walk.problems.push(`${pathText(path)}: expected one of ${named.name}, got ${String(value)}`);
    return;
  }
  if (!isRecord(value)) {
    walk.problems.push(`${pathText(path)}: expected object, got ${describe(value)}`);
    return;
  }
  if (!selectionSet) {
    walk.problems.push(`${pathText(path)}: object field without a selection`);
    return;
  }
  checkSelection(walk, named, selectionSet, value, path);
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  return fragments;
}

/** The document's one operation (an error when there is none or more than one). */
export function operationOf(document: DocumentNode): OperationDefinitionNode {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const [operation] = operations;
  if (operations.length !== 1 || !operation) {
    throw new Error('A GraphQL document needs exactly one operation.');
  }
  return operation;
}

/** Problems of a result's `data` for the document's operation; empty when it is in shape. */
export function checkResult(
  document: DocumentNode,
  data: unknown,
  variables: Variables = {},
  schema: GraphQLSchema = clientSchema(),
): string[] {
  const operation = operationOf(document);
  const root = schema.getRootType(operation.operation);
  const walk: Walk = { schema, fragments: fragmentsOf(document), variables, problems: [] };
  if (!root) return [`(root): the schema has no ${operation.operation} type`];
  if (!isRecord(data)) return [`(root): expected object, got ${describe(data)}`];
  checkSelection(walk, root, operation.selectionSet, data, []);
  return walk.problems;
}

/** Problems of a value that should hold the document's first fragment's fields. */
export function checkFragment(
  document: DocumentNode,
  value: unknown,
  schema: GraphQLSchema = clientSchema(),
): string[] {
  const fragments = fragmentsOf(document);
  const [fragment] = fragments.values();
  if (!fragment) throw new Error('checkFragment needs a fragment document.');
  const type = schema.getType(fragment.typeCondition.name.value);
  if (!type || !(isObjectType(type) || isAbstractType(type))) {
    return [`(root): unknown type ${fragment.typeCondition.name.value}`];
  }
  if (!isRecord(value)) return [`(root): expected object, got ${describe(value)}`];
  const walk: Walk = { schema, fragments, variables: {}, problems: [] };
  checkSelection(walk, type, fragment.selectionSet, value, []);
  return walk.problems;
}

/** Problems of outgoing variables, as the server would coerce them; empty when they are fine. */
export function checkVariables(
  document: DocumentNode,
  variables: Variables | undefined,
  schema: GraphQLSchema = clientSchema(),
): string[] {
  const operation = operationOf(document);
  const outcome = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  return outcome.errors?.map((error) => error.message) ?? [];
}

/**
 * A value the app stored earlier (an offline cache) read back as a fragment's result type, or
 * null with the problems reported when it no longer holds the fragment's fields.
 */
export function parseFragmentValue<Result>(
  fragment: DocumentNode & DocumentDecoration<Result, never>,
  value: unknown,
  onProblems: (problems: string[]) => void = () => undefined,
): Result | null {
  const problems = checkFragment(fragment, value);
  if (problems.length === 0) return value as Result;
  onProblems(problems);
  return null;
}
