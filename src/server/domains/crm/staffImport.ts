/**
 * Staff import (spec section 7 "Users, integrations and intake": POST /legal-user/staff): the
 * firm's staff read page by page from a CRM connector and written as legal_staff of the company.
 * A person is matched by email (any case) to a live staff member, who is updated; anyone else is
 * added. Their role is the company's legal role of that CRM whose crm_role_convention (or, without
 * one, name) is the CRM's role name; none matches: the role is left as it is. People without a
 * usable email are counted as skipped. Everything read is written in one transaction, serialised
 * per company, so an import is all or nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StaffImportResult } from '../../../shared/crm';
import type { Database } from '../../db/connection';
import { company } from '../../db/schema';
import { legalRole, legalStaff } from '../../db/schemaPeople';
import type { CrmConnector, CrmStaffMember } from './connector';

/** Pages read at most (200 people each at Clio): a firm larger than this is refused, not cut. */
export const STAFF_PAGES_MAX = 100;
const NAME_MAX = 200;

const emailSchema = z.email().max(320);

function usable(person: CrmStaffMember) {
  const email = person.email?.trim() ?? '';
  if (!emailSchema.safeParse(email).success) return null;
  const local = email.split('@')[0] ?? email;
  const first = (person.first_name?.trim() || local).slice(0, NAME_MAX);
  const last = (person.last_name?.trim() ?? '').slice(0, NAME_MAX);
  return {
    email,
    key: email.toLowerCase(),
    first_name: first,
    last_name: last,
    display_name: `${first} ${last}`.trim().slice(0, NAME_MAX),
    role: person.role?.trim().toLowerCase() || null,
  };
}

export async function importStaff(input: {
  db: Database;
  connector: CrmConnector & Required<Pick<CrmConnector, 'listStaff'>>;
  companyId: string;
  crmType: string;
  /** Only this person (any case). */
  email?: string | undefined;
}): Promise<StaffImportResult> {
  const { db, connector, companyId, crmType } = input;
  const wanted = input.email?.toLowerCase();
  const people = new Map<string, NonNullable<ReturnType<typeof usable>>>();
  let received = 0;
  let skipped = 0;
  let cursor: string | null = null;
  for (let page = 0; ; page += 1) {
    if (page === STAFF_PAGES_MAX) throw new Error('the CRM listed more staff than can be imported');
    const answer = await connector.listStaff(cursor);
    for (const person of answer.staff) {
      if (wanted && person.email?.trim().toLowerCase() !== wanted) continue;
      received += 1;
      const row = usable(person);
      if (!row) skipped += 1;
      // The first listing of an email wins.
      else if (!people.has(row.key)) people.set(row.key, row);
    }
    cursor = answer.next;
    if (!cursor) break;
  }

  return db.transaction(async (tx) => {
    await tx
      .select({ id: company.id })
      .from(company)
      .where(eq(company.id, companyId))
      .for('update');
    const roles = await tx
      .select({ id: legalRole.id, name: legalRole.name, convention: legalRole.crm_role_convention })
      .from(legalRole)
      .where(
        and(
          eq(legalRole.company_id, companyId),
          eq(legalRole.legal_crm, crmType),
          eq(legalRole.is_deleted, false),
        ),
      );
    const roleOf = new Map<string, string>();
    for (const role of roles) {
      const key = (role.convention ?? role.name).trim().toLowerCase();
      if (!roleOf.has(key)) roleOf.set(key, role.id);
    }
    const keys = [...people.keys()];
    const existing = keys.length
      ? await tx
          .select({ id: legalStaff.id, key: sql<string>`lower(${legalStaff.email})` })
          .from(legalStaff)
          .where(
            and(
              eq(legalStaff.company_id, companyId),
              eq(legalStaff.is_deleted, false),
              inArray(sql`lower(${legalStaff.email})`, keys),
            ),
          )
      : [];
    const idOf = new Map(existing.map((row) => [row.key, row.id]));
    let created = 0;
    let updated = 0;
    for (const person of people.values()) {
      const roleId = person.role ? roleOf.get(person.role) : undefined;
      const values = {
        first_name: person.first_name,
        last_name: person.last_name,
        display_name: person.display_name,
        ...(roleId ? { role_id: roleId } : {}),
      };
      const id = idOf.get(person.key);
      if (id) {
        await tx
          .update(legalStaff)
          .set({ ...values, updated_at: new Date() })
          .where(eq(legalStaff.id, id));
        updated += 1;
      } else {
        await tx
          .insert(legalStaff)
          .values({ ...values, company_id: companyId, email: person.email });
        created += 1;
      }
    }
    return { received, created, updated, skipped };
  });
}
