/**
 * Well-formed values for GraphQL arguments, from their types in the schema and their names: real
 * fixture ids of the right kind, plausible text, small numbers. The fuzzer starts from these and
 * breaks one thing at a time, so the broken value reaches the code behind validation.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql';
import type { Fixtures, IdKind } from './fixtures';
import { seededUuid, type Rng } from './prng';

/** Which kind of record an ID argument names, from its name and its field's name. */
export function idKindFor(fieldName: string, argName: string): IdKind | 'new' {
  if (/LegalRequest/i.test(fieldName)) {
    if (argName === 'id') return /Comment/.test(fieldName) ? 'requestComment' : 'legalRequest';
    if (/request_id|parent_task/.test(argName)) return 'legalRequest';
    if (/requested_by|assignee/.test(argName)) return 'user';
  }
  if (/Chat|IntakeScript/.test(fieldName)) {
    if (/room_id/.test(argName)) return 'chatRoom';
    if (/intake_script_id/.test(argName) || (argName === 'id' && /IntakeScript/.test(fieldName)))
      return 'intakeScript';
    if (/user_id|member_user_ids/.test(argName)) return 'user';
  }
  const name = argName === 'id' ? fieldName : argName;
  const rules: Array<[RegExp, IdKind | 'new']> = [
    [/idempotency|extraction/i, 'new'],
    [/raw_?file/i, 'rawFile'],
    [/processed_?file|ExtractedData/i, argName === 'id' ? 'extractedValue' : 'processedFile'],
    [/case/i, 'legalCase'],
    [/file_?type/i, 'fileType'],
    [/folder/i, 'folder'],
    [/notification/i, 'notification'],
    [/company/i, 'company'],
    [/receiver|user|AboutMe|uploaded_by/i, 'user'],
  ];
  return rules.find(([pattern]) => pattern.test(name))?.[1] ?? 'company';
}

function stringFor(name: string, rng: Rng): string {
  const rules: Array<[RegExp, () => string]> = [
    [/email/i, () => `fuzz.${rng.int(1, 1e6)}@example.test`],
    // A notification rule's JSON text (shared/notifications/rules.ts).
    [
      /^rules$/,
      () =>
        JSON.stringify({
          trigger: rng.pick([
            { type: 'document_processed', metadata: { file_types: [] } },
            { type: 'schedule', metadata: { cron_expression: '0 8 * * 1-5' } },
          ]),
          delivery: rng.pick([['email'], ['in_app'], ['email', 'in_app']]),
          recipients: { roles: ['paralegal'], external_emails: ['fuzz@example.test'] },
        }),
    ],
    [/^frequency$/, () => rng.pick(['daily', 'weekly', '0 8 * * 1-5'])],
    [/^trigger_type$/, () => rng.pick(['document_processed', 'schedule'])],
    [/^delivery$/, () => rng.pick(['email', 'in_app'])],
    [/^role$/, () => rng.pick(['admin', 'paralegal'])],
    [/^kind$/, () => rng.pick(['user', 'staff', 'contact', 'guest'])],
    [/password/i, () => 'not the password 1'],
    [/sha256/i, () => 'a'.repeat(64)],
    [/sort_order|sortOrder/i, () => rng.pick(['asc', 'desc'])],
    [/sort_by|sortBy/i, () => rng.pick(['created_at', 'name', 'case_number'])],
    [/statusType/i, () => rng.pick(['all', 'no_file_type', 'multi_case', 'needs_case_number'])],
    [/^table$/, () => rng.pick(['document_center', 'review_queue'])],
    [/date|_at$|_from$|_to$/i, () => rng.pick(['2024-05-01', '2024-05-01T10:00:00Z'])],
    [/csv/i, () => 'case_number,name,date_of_injury\nFZ-1,Fuzz v. Fixture,2024-01-02\n'],
    [/format/i, () => 'MM/DD/YYYY'],
    [/url/i, () => '/files/abc'],
    [/automation_review_status/, () => rng.pick(['In Review', 'Automatable'])],
    [/priority/, () => rng.pick(['Urgent', 'Low'])],
    [/status/i, () => rng.pick(['Processed', 'Uploaded', 'Done'])],
    [/medium/i, () => 'desktop'],
    [/folder/i, () => 'no_file_type'],
    [/^type$/, () => 'application/pdf'],
    [/name/i, () => 'fuzz.pdf'],
  ];
  return rules.find(([pattern]) => pattern.test(name))?.[1]() ?? 'fuzz';
}

function intFor(name: string, rng: Rng): number {
  if (/page_size|limit/i.test(name)) return rng.pick([1, 10, 100]);
  if (/page$|offset/i.test(name)) return rng.pick([0, 1, 2]);
  if (/index/.test(name)) return 0;
  if (/width/.test(name)) return 120;
  if (/page_no/.test(name)) return 1;
  return rng.int(0, 10);
}

export interface ValueContext {
  fieldName: string;
  rng: Rng;
  fixtures: Fixtures;
  /** Optional input fields are left out this often. */
  omitOptional: number;
}

export function validValue(type: GraphQLInputType, name: string, ctx: ValueContext): unknown {
  if (isNonNullType(type)) return validValue(type.ofType, name, ctx);
  if (isListType(type)) {
    const length = ctx.rng.int(1, 2);
    return Array.from({ length }, () => validValue(type.ofType, name, ctx));
  }
  if (isEnumType(type)) return ctx.rng.pick(type.getValues()).name;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (!isNonNullType(field.type) && ctx.rng.chance(ctx.omitOptional)) continue;
      out[field.name] = validValue(field.type, field.name, ctx);
    }
    return out;
  }
  const scalar = getNamedType(type);
  if (!isScalarType(scalar)) return null;
  switch (scalar.name) {
    case 'ID': {
      const kind = idKindFor(ctx.fieldName, name);
      return kind === 'new' ? seededUuid(ctx.rng) : ctx.fixtures.pickId(kind, ctx.rng);
    }
    case 'Int':
      return intFor(name, ctx.rng);
    case 'Float':
      return ctx.rng.pick([1, 1024, 2.5]);
    case 'Boolean':
      return ctx.rng.chance(0.5);
    case 'DateTime':
      return '2024-05-01T10:00:00Z';
    default:
      return stringFor(name, ctx.rng);
  }
}
