/**
 * Data extraction settings (spec section 3 "Data extraction"): which data fields the pipeline
 * extracts from a company's documents. data_field_prompts are the fields (the shared catalogue,
 * company_id null, plus each company's own); legal_company_data_for_extraction links a field to a
 * company with is_active. The pipeline reads exactly the company's live, active links
 * (domains/pipeline/dataFields.ts companyDataFields), so a field switched off here is neither
 * extracted nor stored by the next run.
 *
 * Readers of the company list and look up; its managers create, link, toggle and remove. A
 * company's own prompts are seen by that company only; another tenant's ids answer like missing.
 */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  companyArgs,
  createDataFieldInput,
  dataFieldByNameInput,
  idArgs,
  linkDataFieldInput,
  toggleAllDataFieldsInput,
  toggleDataFieldInput,
  variableOf,
} from '../../../shared/schemas/legalPeople';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { company } from '../../db/schema';
import { dataFieldPrompts, legalCompanyDataForExtraction } from '../../db/schemaPipeline';
import { notFound, parseInput } from '../../errors';
import { canManageCompany, canViewCompany, type Viewer } from '../../permissions';

export interface CompanyDataFieldView {
  id: string;
  company_id: string;
  data_field_id: string;
  data_field: string;
  data_field_variable: string;
  data_extraction_for_automation: boolean;
  is_active: boolean;
}

export interface DataFieldPromptView {
  id: string;
  data_field: string;
  data_field_variable: string;
  data_extraction_for_automation: boolean;
  /** The company's own field (else the shared catalogue's). */
  is_own: boolean;
  /** The company's live link to it, if any. */
  company_field: CompanyDataFieldView | null;
}

const noCompany = () => new AppError('NO_COMPANY', 404);
const exists = () => new AppError('DATA_FIELD_EXISTS', 409);

/** Prompts a company may see: the catalogue and its own. */
const visibleTo = (companyId: string) =>
  or(isNull(dataFieldPrompts.company_id), eq(dataFieldPrompts.company_id, companyId));

const LINK_COLUMNS = {
  id: legalCompanyDataForExtraction.id,
  company_id: legalCompanyDataForExtraction.company_id,
  data_field_id: legalCompanyDataForExtraction.data_field_id,
  data_field: dataFieldPrompts.data_field,
  data_field_variable: dataFieldPrompts.data_field_variable,
  data_extraction_for_automation: dataFieldPrompts.data_extraction_for_automation,
  is_active: legalCompanyDataForExtraction.is_active,
};

export function createDataExtractionService(db: Database) {
  function readable(viewer: Viewer, companyId: string) {
    if (!canViewCompany(viewer, companyId)) throw noCompany();
    return companyId;
  }
  function manageable(viewer: Viewer, companyId: string) {
    readable(viewer, companyId);
    if (!canManageCompany(viewer, companyId)) throw new AppError('FORBIDDEN', 403);
    return companyId;
  }

  async function links(ex: DatabaseExecutor, companyId: string, linkId?: string) {
    return ex
      .select(LINK_COLUMNS)
      .from(legalCompanyDataForExtraction)
      .innerJoin(
        dataFieldPrompts,
        eq(dataFieldPrompts.id, legalCompanyDataForExtraction.data_field_id),
      )
      .where(
        and(
          eq(legalCompanyDataForExtraction.company_id, companyId),
          eq(legalCompanyDataForExtraction.is_deleted, false),
          linkId ? eq(legalCompanyDataForExtraction.id, linkId) : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${dataFieldPrompts.data_field})`), asc(dataFieldPrompts.id));
  }

  async function prompts(companyId: string, byName?: string): Promise<DataFieldPromptView[]> {
    const rows = await db
      .select({
        id: dataFieldPrompts.id,
        data_field: dataFieldPrompts.data_field,
        data_field_variable: dataFieldPrompts.data_field_variable,
        data_extraction_for_automation: dataFieldPrompts.data_extraction_for_automation,
        owner: dataFieldPrompts.company_id,
      })
      .from(dataFieldPrompts)
      .where(
        and(
          visibleTo(companyId),
          byName !== undefined
            ? sql`lower(${dataFieldPrompts.data_field}) = lower(${byName})`
            : undefined,
        ),
      )
      // The company's own first when a name is in both.
      .orderBy(
        asc(sql`lower(${dataFieldPrompts.data_field})`),
        sql`${dataFieldPrompts.company_id} is null`,
        asc(dataFieldPrompts.id),
      );
    const linked = new Map((await links(db, companyId)).map((l) => [l.data_field_id, l]));
    return rows.map(({ owner, ...row }) => ({
      ...row,
      is_own: owner !== null,
      company_field: linked.get(row.id) ?? null,
    }));
  }

  /** Links (or relinks) a visible prompt to the company, active; serialised per company. */
  async function link(tx: DatabaseExecutor, companyId: string, promptId: string) {
    const [row] = await tx
      .insert(legalCompanyDataForExtraction)
      .values({ company_id: companyId, data_field_id: promptId, is_active: true })
      .onConflictDoUpdate({
        target: [
          legalCompanyDataForExtraction.company_id,
          legalCompanyDataForExtraction.data_field_id,
        ],
        set: { is_deleted: false, is_active: true },
      })
      .returning({ id: legalCompanyDataForExtraction.id });
    return row!.id;
  }

  async function linkView(companyId: string, linkId: string) {
    const [row] = await links(db, companyId, linkId);
    if (!row) throw notFound();
    return row;
  }

  /** A link of a company the viewer sees, live. */
  async function findLink(viewer: Viewer, id: string) {
    const [row] = await db
      .select({
        id: legalCompanyDataForExtraction.id,
        company_id: legalCompanyDataForExtraction.company_id,
      })
      .from(legalCompanyDataForExtraction)
      .where(
        and(
          eq(legalCompanyDataForExtraction.id, id),
          eq(legalCompanyDataForExtraction.is_deleted, false),
        ),
      );
    if (!row || !canViewCompany(viewer, row.company_id)) throw notFound();
    return row;
  }

  return {
    /** List fields: the catalogue and the company's own, each with the company's link. */
    async fields(viewer: Viewer, raw: unknown) {
      const { company_id } = parseInput(companyArgs, raw);
      return prompts(readable(viewer, company_id));
    },
    /** Look up by name (case-insensitive): the company's own field first, else the catalogue's. */
    async fieldByName(viewer: Viewer, raw: unknown) {
      const input = parseInput(dataFieldByNameInput, raw);
      const [first] = await prompts(readable(viewer, input.company_id), input.data_field);
      return first ?? null;
    },
    /** The company's linked fields (active or not). */
    async companyFields(viewer: Viewer, raw: unknown) {
      const { company_id } = parseInput(companyArgs, raw);
      return links(db, readable(viewer, company_id));
    },

    /**
     * Create a prompt: refused when the company already has a live field of that name or
     * variable. A catalogue field of that name or variable is linked instead of copied.
     */
    async create(viewer: Viewer, raw: unknown) {
      const input = parseInput(createDataFieldInput, raw);
      const companyId = manageable(viewer, input.company_id);
      const variable = input.data_field_variable ?? variableOf(input.data_field);
      const linkId = await db.transaction(async (tx) => {
        // One create at a time per company, so the check below and the insert agree.
        await tx
          .select({ id: company.id })
          .from(company)
          .where(eq(company.id, companyId))
          .for('update');
        const same = await tx
          .select({ id: dataFieldPrompts.id, owner: dataFieldPrompts.company_id })
          .from(dataFieldPrompts)
          .where(
            and(
              visibleTo(companyId),
              or(
                sql`lower(${dataFieldPrompts.data_field}) = lower(${input.data_field})`,
                eq(dataFieldPrompts.data_field_variable, variable),
              ),
            ),
          );
        const live = new Set((await links(tx, companyId)).map((l) => l.data_field_id));
        if (same.some((p) => live.has(p.id))) throw exists();
        const reuse = same.find((p) => p.owner === companyId) ?? same[0];
        if (reuse) return link(tx, companyId, reuse.id);
        const [prompt] = await tx
          .insert(dataFieldPrompts)
          .values({
            company_id: companyId,
            data_field: input.data_field,
            data_field_variable: variable,
            data_extraction_for_automation: input.data_extraction_for_automation ?? false,
          })
          .returning({ id: dataFieldPrompts.id });
        return link(tx, companyId, prompt!.id);
      });
      return linkView(companyId, linkId);
    },

    /** Link a catalogue field (or the company's own) to the company, active. */
    async link(viewer: Viewer, raw: unknown) {
      const input = parseInput(linkDataFieldInput, raw);
      const companyId = manageable(viewer, input.company_id);
      const [prompt] = await db
        .select({ id: dataFieldPrompts.id })
        .from(dataFieldPrompts)
        .where(and(eq(dataFieldPrompts.id, input.data_field_id), visibleTo(companyId)));
      if (!prompt) throw notFound();
      return linkView(companyId, await link(db, companyId, prompt.id));
    },

    async toggle(viewer: Viewer, raw: unknown) {
      const input = parseInput(toggleDataFieldInput, raw);
      const found = await findLink(viewer, input.id);
      manageable(viewer, found.company_id);
      await db
        .update(legalCompanyDataForExtraction)
        .set({ is_active: input.is_active })
        .where(eq(legalCompanyDataForExtraction.id, input.id));
      return linkView(found.company_id, input.id);
    },

    async toggleAll(viewer: Viewer, raw: unknown) {
      const input = parseInput(toggleAllDataFieldsInput, raw);
      const companyId = manageable(viewer, input.company_id);
      await db
        .update(legalCompanyDataForExtraction)
        .set({ is_active: input.is_active })
        .where(
          and(
            eq(legalCompanyDataForExtraction.company_id, companyId),
            eq(legalCompanyDataForExtraction.is_deleted, false),
          ),
        );
      return links(db, companyId);
    },

    /** Soft-deletes the company's link (the field stays in the list to add again). */
    async remove(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(idArgs, raw);
      const found = await findLink(viewer, id);
      manageable(viewer, found.company_id);
      await db
        .update(legalCompanyDataForExtraction)
        .set({ is_deleted: true })
        .where(eq(legalCompanyDataForExtraction.id, id));
      return id;
    },
  };
}

export type DataExtractionService = ReturnType<typeof createDataExtractionService>;
