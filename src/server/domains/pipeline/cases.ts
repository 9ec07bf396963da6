/**
 * The company's cases as the matcher sees them. Candidates are narrowed in SQL (any shared
 * normalised number, or a reading of one through OCR look-alikes, through a GIN index, or the
 * applicant's surname in the client name) so a company with tens of thousands of cases is never
 * loaded whole; matchCase ranks what comes back.
 */
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/connection';
import { legalCase, type LegalCaseRow } from '../../db/schemaPipeline';
import { nameTokens, normaliseNumber, numberReadings } from '../../pipeline/match/tolerance';
import type { CaseCandidate, ExtractedFields } from '../../pipeline/types';

/** At most this many candidates per document reach the ranking. */
const MAX_CANDIDATES = 50;
/** At most this many numbers (readings included) in one candidate lookup. */
const MAX_LOOKUP_NUMBERS = 2000;

export type NewCase = Omit<
  typeof legalCase.$inferInsert,
  'id' | 'match_numbers' | 'created_at' | 'updated_at'
>;

/** Every number a case carries, normalised, split where a field holds several. */
export function caseMatchNumbers(
  values: Pick<
    NewCase,
    'case_number' | 'eams_number' | 'wcab_number' | 'primary_number' | 'alternate_number'
  >,
): string[] {
  const all = [
    values.case_number,
    values.eams_number,
    values.wcab_number,
    values.primary_number,
    values.alternate_number,
  ]
    .flatMap((value) => (value ? value.split(/[,;]/) : []))
    .map(normaliseNumber)
    .filter((value) => value.length >= 4);
  return [...new Set(all)];
}

export function toCandidate(row: LegalCaseRow): CaseCandidate {
  return {
    caseId: row.id,
    caseNumber: row.case_number,
    name: row.name,
    clientName: row.client_name,
    eamsNumber: row.eams_number,
    wcabNumber: row.wcab_number,
    primaryNumber: row.primary_number,
    alternateNumber: row.alternate_number,
    dateOfInjury: row.date_of_injury,
    dateOfIncident: row.date_of_incident,
  };
}

/** Inserts cases, or updates the one with the same case_number; returns the rows. */
export async function upsertCases(db: DatabaseExecutor, cases: NewCase[]): Promise<LegalCaseRow[]> {
  if (cases.length === 0) return [];
  return db
    .insert(legalCase)
    .values(cases.map((c) => ({ ...c, match_numbers: caseMatchNumbers(c) })))
    .onConflictDoUpdate({
      target: [legalCase.company_id, legalCase.case_number],
      set: {
        name: sql`excluded.name`,
        client_name: sql`excluded.client_name`,
        eams_number: sql`excluded.eams_number`,
        wcab_number: sql`excluded.wcab_number`,
        primary_number: sql`excluded.primary_number`,
        alternate_number: sql`excluded.alternate_number`,
        date_of_injury: sql`excluded.date_of_injury`,
        date_of_incident: sql`excluded.date_of_incident`,
        match_numbers: sql`excluded.match_numbers`,
        updated_at: sql`now()`,
      },
    })
    .returning();
}

export async function findCaseCandidates(
  db: DatabaseExecutor,
  companyId: string,
  fields: ExtractedFields,
): Promise<CaseCandidate[]> {
  // Each number as printed and as the case numbers its OCR look-alikes may stand for, so a
  // scanned "Rl-4379507" still finds the case RI-4379507 (matchCase then scores it as damaged).
  const numbers = [
    ...new Set(
      [...fields.adjNumbers, ...fields.wcabNumbers, ...fields.caseNumbers, ...fields.claimNumbers]
        .flatMap(numberReadings)
        .filter((n) => n.length >= 4),
    ),
  ].slice(0, MAX_LOOKUP_NUMBERS);
  // The longest token of the applicant's name is most likely the surname and the most selective.
  const surname = fields.applicant
    ? nameTokens(fields.applicant).sort((a, b) => b.length - a.length)[0]
    : undefined;
  const conditions = [
    numbers.length > 0
      ? sql`${legalCase.match_numbers} && ${sql.param(numbers)}::text[]`
      : undefined,
    surname && surname.length >= 3
      ? ilike(legalCase.client_name, `%${surname.replace(/[%_\\]/g, '')}%`)
      : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return [];
  const rows = await db
    .select()
    .from(legalCase)
    .where(
      and(eq(legalCase.company_id, companyId), eq(legalCase.is_deleted, false), or(...conditions)),
    )
    .limit(MAX_CANDIDATES);
  return rows.map(toCandidate);
}
