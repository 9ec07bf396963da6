/**
 * "Import from CRM" on the staff tab: the firm's staff from its connected CRM (POST
 * /legal-user/staff, server domains/crm/staffImport.ts). The integration is the company's connected
 * one (the active one first); without one the import is refused here with the catalogue's words.
 */
import { z } from 'zod';
import { CRM_PROVIDERS, type IntegrationView, type StaffImportResult } from '../../../shared/crm';
import { formatError, PRODUCT_ERRORS } from '../../../shared/errors';
import { fetchIntegrations } from '../crm-integrations/api';
import { call, WorkflowApiError, type Connection } from '../workflows/rest';

const importAnswer = z.object({
  data: z.object({
    received: z.number(),
    created: z.number(),
    updated: z.number(),
    skipped: z.number(),
  }),
}) satisfies z.ZodType<{ data: StaffImportResult }>;

/** The integration staff come from: connected, the active one first. */
export function staffSource(integrations: IntegrationView[]): IntegrationView | null {
  const connected = integrations.filter((i) => i.connected);
  return connected.find((i) => i.is_active) ?? connected[0] ?? null;
}

export function crmLabel(crmType: string): string {
  return CRM_PROVIDERS.find((p) => p.crm_type === crmType)?.label ?? crmType;
}

/** The success message: what the import did, in words. */
export function importedMessage(crmType: string, r: StaffImportResult): string {
  const parts = [`${r.created} added`, `${r.updated} updated`];
  if (r.skipped > 0) parts.push(`${r.skipped} without a usable email skipped`);
  return r.received === 0
    ? `${crmLabel(crmType)} listed no staff to import.`
    : `Imported staff from ${crmLabel(crmType)}: ${parts.join(', ')}.`;
}

export async function importStaffFromCrm(c: Connection, companyId: string) {
  const source = staffSource(await fetchIntegrations(c, companyId));
  if (!source)
    throw new WorkflowApiError(
      formatError('CRM_STAFF_NO_INTEGRATION'),
      'CRM_STAFF_NO_INTEGRATION',
      400,
    );
  const answer = await call(
    c,
    '/legal-user/staff',
    {
      method: 'POST',
      body: { companyId, legal_crm: source.crm_type, integration_id: source.id },
    },
    importAnswer,
    PRODUCT_ERRORS.IMPORT_LEGAL_STAFF_FAILED,
  );
  return importedMessage(source.crm_type, answer.data);
}
