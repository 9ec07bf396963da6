/**
 * Case rules (spec sections 3, 5 and 7): lists, stats and single cases scoped to the caller's
 * companies (another tenant's ids answer exactly like missing ones), create/update/soft delete with
 * validation and unique case numbers per company, the CSV import (skip rows without a number, drop
 * repeated numbers, chunks of 500 each in one transaction, bad rows reported by line) and the cases
 * of a raw file's documents. Writing a case needs its company visible (like uploading for it).
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { text } from '../../../shared/schemas/input';
import { notFound, parseInput, ValidationError } from '../../errors';
import { canViewCompany, type Viewer } from '../../permissions';
import { normaliseNumber } from '../../pipeline/match/matchCase';
import { CsvError } from './csv';
import { CaseCsvError, checkRow, chunksOf, planImport, readCaseCsv } from './csvImport';
import { createCaseSchema, updateCaseSchema } from './input';
import type {
  CaseRepository,
  CaseSortColumn,
  CaseWithCount,
  ImportRow,
  WriteResult,
} from './repository';

export const CASE_SORT_COLUMNS = [
  'case_number',
  'name',
  'client_name',
  'updated_at',
  'created_at',
  'date_of_injury',
  'legal_case_status',
  'legal_case_type',
] as const satisfies readonly CaseSortColumn[];

export const MAX_CASE_PAGE_SIZE = 200;
/** At most this many words of a search are used. */
const MAX_SEARCH_WORDS = 8;

/** A whole number given as JSON or as query-string digits; blank or null means "not given". */
const whole = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) =>
      v === '' || v === null
        ? undefined
        : typeof v === 'string' && /^\d+$/.test(v.trim())
          ? Number(v)
          : v,
    z
      .number({ error: `${label} must be a whole number from ${min} to ${max}.` })
      .int(`${label} must be a whole number from ${min} to ${max}.`)
      .min(min, `${label} must be a whole number from ${min} to ${max}.`)
      .max(max, `${label} must be a whole number from ${min} to ${max}.`)
      .optional(),
  );

const optionalWord = (max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    text({ error: 'Must be text.' })
      .trim()
      .max(max, `At most ${max} characters.`)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  );

const flag = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'Must be true or false.' }).optional(),
);

const listSchema = z.object({
  companyIds: z
    .preprocess(
      (v) => (v === null ? undefined : typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z
        .array(text({ error: 'Company ids must be text.' }))
        .max(1000)
        .optional(),
    )
    .optional(),
  query: optionalWord(200),
  page: whole('page', 1, 1_000_000),
  limit: whole('limit', 1, MAX_CASE_PAGE_SIZE),
  crmType: optionalWord(100),
  filters: z
    .preprocess(
      (v) => (v === null ? undefined : v),
      z
        .object({
          legal_case_status: optionalWord(500),
          legal_case_type: optionalWord(500),
          has_documents: flag,
        })
        .optional(),
    )
    .optional(),
  sortBy: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .enum(CASE_SORT_COLUMNS, {
        error: `Sort by one of: ${CASE_SORT_COLUMNS.join(', ')}.`,
      })
      .optional(),
  ),
  sortOrder: z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(['asc', 'desc'], { error: 'The sort order is asc or desc.' }).optional(),
  ),
});
export type CaseListInput = z.input<typeof listSchema>;

const statsSchema = z.object({ crmType: optionalWord(100) });
const importSchema = z.object({
  csv: z.string({ error: 'Send the CSV text (a header row, then one case per row).' }),
});

/** Dates newest first, text A to Z, unless an order is given. */
function defaultOrder(sortBy: CaseSortColumn | undefined): 'asc' | 'desc' {
  return sortBy === undefined || DATE_SORTS.has(sortBy) ? 'desc' : 'asc';
}
const DATE_SORTS: ReadonlySet<CaseSortColumn> = new Set([
  'updated_at',
  'created_at',
  'date_of_injury',
]);

/** The company id a stats or import call names; COMPANY_ID_REQUIRED without one. */
function requiredCompanyId(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new AppError('COMPANY_ID_REQUIRED', 400);
  return value.trim();
}

/** The requested companies the caller may see (all of theirs when none are named). */
function scope(viewer: Viewer, requested: readonly string[] | undefined): string[] {
  if (!requested || requested.length === 0) return [...viewer.companyIds];
  return [...new Set(requested)].filter((id) => canViewCompany(viewer, id));
}

function duplicateNumber(caseNumber: string): ValidationError {
  return new ValidationError([
    {
      path: 'case_number',
      message: `A case with the case number "${caseNumber}" already exists in this company.`,
    },
  ]);
}

function written(result: WriteResult, caseNumber: string | undefined) {
  if (result.kind === 'not_found') throw notFound();
  if (result.kind === 'duplicate') throw duplicateNumber(caseNumber ?? '');
  return result.row;
}

export interface CaseImportResult {
  created: number;
  updated: number;
  skipped: number;
  duplicates: number;
  chunks: number;
  errors: Array<{ line: number; message: string }>;
}

export function createCaseService(
  repo: CaseRepository,
  options: {
    logError?: (error: unknown, context: string) => void;
    /**
     * A company's cases were created or imported: its documents without a case are matched
     * again in the background (the pipeline's re-match job). Never awaited by the caller.
     */
    onCasesAdded?: (companyId: string) => void;
  } = {},
) {
  const logError = options.logError ?? (() => undefined);
  const casesAdded = options.onCasesAdded ?? (() => undefined);

  async function withCount(viewer: Viewer, row: Parameters<typeof repo.withCounts>[1][number]) {
    const [counted] = await repo.withCounts(viewer.companyIds, [row]);
    return counted!;
  }

  return {
    async list(viewer: Viewer, raw: unknown) {
      const input = parseInput(listSchema, raw ?? {});
      const page = input.page ?? 1;
      const limit = input.limit ?? 10;
      const companyIds = scope(viewer, input.companyIds);
      const query = input.query ?? '';
      const { rows, total } = await repo.list(companyIds, {
        words: query.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS),
        number: normaliseNumber(query),
        crmType: input.crmType,
        status: input.filters?.legal_case_status,
        type: input.filters?.legal_case_type,
        hasDocuments: input.filters?.has_documents,
        sortBy: input.sortBy ?? 'updated_at',
        sortOrder: input.sortOrder ?? defaultOrder(input.sortBy),
        limit,
        offset: (page - 1) * limit,
      });
      return { items: rows, total, page, limit, totalPages: Math.ceil(total / limit) };
    },

    /** A visible case (of `companyId` when given) with its document count, or null. */
    async get(viewer: Viewer, id: string, companyId?: string): Promise<CaseWithCount | null> {
      const row = await repo.find(viewer.companyIds, id, companyId);
      return row ? withCount(viewer, row) : null;
    },

    /** Stats of one visible company; another tenant's company counts like an empty one. */
    async stats(viewer: Viewer, raw: unknown) {
      const companyId = requiredCompanyId((raw as { companyId?: unknown } | null)?.companyId);
      const input = parseInput(statsSchema, raw);
      if (!canViewCompany(viewer, companyId))
        return { total: 0, with_documents: 0, added_last_30_days: 0, by_status: [], by_type: [] };
      return repo.stats(companyId, input.crmType);
    },

    async create(viewer: Viewer, companyId: string, raw: unknown): Promise<CaseWithCount> {
      if (!canViewCompany(viewer, companyId)) throw new AppError('NO_COMPANY', 404);
      const values = parseInput(createCaseSchema, raw ?? {});
      const row = written(await repo.create(companyId, values), values.case_number);
      casesAdded(companyId);
      return withCount(viewer, row);
    },

    /** Changes the given fields; `companyId` (REST path) must be the case's company. */
    async update(
      viewer: Viewer,
      id: string,
      raw: unknown,
      companyId?: string,
    ): Promise<CaseWithCount> {
      // Visibility first: another tenant's case is "not found" whatever the input.
      if (!(await repo.find(viewer.companyIds, id, companyId))) throw notFound();
      const changes = parseInput(updateCaseSchema, raw ?? {});
      const row = written(
        await repo.update(viewer.companyIds, id, changes, companyId),
        changes.case_number,
      );
      return withCount(viewer, row);
    },

    async remove(viewer: Viewer, id: string): Promise<CaseWithCount> {
      const row = await repo.softDelete(viewer.companyIds, id);
      if (!row) throw notFound();
      return withCount(viewer, row);
    },

    /** The CSV import (spec section 5); see csvImport.ts for the columns and row rules. */
    async importCsv(viewer: Viewer, raw: unknown): Promise<CaseImportResult> {
      const companyId = requiredCompanyId((raw as { companyId?: unknown } | null)?.companyId);
      if (!canViewCompany(viewer, companyId)) throw new AppError('NO_COMPANY', 404);
      // Bad text in a row is reported with its line (csvImport.ts checkRow), not for the whole CSV.
      const input = parseInput(importSchema, raw, { textCheckedLater: ['csv'] });
      let csv;
      try {
        csv = readCaseCsv(input.csv);
      } catch (error) {
        if (error instanceof CsvError || error instanceof CaseCsvError)
          throw new ValidationError([{ path: 'csv', message: error.message }]);
        throw error;
      }
      const plan = planImport(csv.rows);
      const result: CaseImportResult = {
        created: 0,
        updated: 0,
        skipped: plan.skipped,
        duplicates: plan.duplicates,
        chunks: 0,
        errors: [],
      };
      for (const chunk of chunksOf(plan.rows)) {
        result.chunks += 1;
        const good: ImportRow[] = [];
        for (const row of chunk) {
          const checked = checkRow(row, csv.columns);
          if (checked.ok) good.push({ line: checked.line, values: checked.values });
          else result.errors.push({ line: checked.line, message: checked.message });
        }
        const written = await repo.importChunk(companyId, good, (line, error) =>
          logError(error, `case import line ${line}`),
        );
        result.created += written.created;
        result.updated += written.updated;
        result.errors.push(...written.errors);
      }
      result.errors.sort((a, b) => a.line - b.line);
      if (result.created + result.updated > 0) casesAdded(companyId);
      return result;
    },

    /**
     * The cases of a visible raw file's documents: those linked (legal_case_id) and those
     * recommended (recommended_cases), each once; linked first, then by best score.
     */
    async rawFileCases(viewer: Viewer, rawFileId: string) {
      const found = await repo.rawFileCases(viewer.companyIds, rawFileId);
      if (!found) throw notFound();
      const linked = new Map<string, string[]>();
      const best = new Map<string, { score: number; reasons: string[] }>();
      for (const document of found.documents) {
        if (document.legal_case_id)
          linked.set(document.legal_case_id, [
            ...(linked.get(document.legal_case_id) ?? []),
            document.id,
          ]);
        for (const recommendation of recommendationsOf(document.recommended_cases)) {
          const current = best.get(recommendation.caseId);
          if (!current || recommendation.score > current.score)
            best.set(recommendation.caseId, {
              score: recommendation.score,
              reasons: recommendation.reasons,
            });
        }
      }
      const cases = await found.loadCases([...linked.keys(), ...best.keys()]);
      return cases
        .map((row) => ({
          case: row,
          linked_document_ids: linked.get(row.id) ?? [],
          recommendation: best.get(row.id) ?? null,
        }))
        .sort(
          (a, b) =>
            Number(b.linked_document_ids.length > 0) - Number(a.linked_document_ids.length > 0) ||
            (b.recommendation?.score ?? -1) - (a.recommendation?.score ?? -1) ||
            a.case.case_number.localeCompare(b.case.case_number),
        );
    },

    documentCounts: (viewer: Viewer, caseIds: readonly string[]) =>
      repo.documentCounts(viewer.companyIds, caseIds),
  };
}

const recommendationSchema = z.object({
  caseId: z.string(),
  score: z.number(),
  reasons: z.array(z.string()).catch([]),
});

/** recommended_cases entries ([{caseId, score, reasons}]); malformed ones are left out. */
function recommendationsOf(value: unknown): Array<z.output<typeof recommendationSchema>> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = recommendationSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export type CaseService = ReturnType<typeof createCaseService>;
