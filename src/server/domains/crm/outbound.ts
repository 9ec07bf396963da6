/**
 * What workflows send out through: the company's active CRM integration for cases (connected:
 * it has tokens), as its connector with every call logged under sync_type `workflow`, or null when
 * none is active (the built-in local CRM then). And the document's own PDF, read from storage, for
 * a connector that uploads bytes.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { legalIntegrations } from '../../db/schemaCrm';
import { CRM_PROVIDERS } from '../../../shared/crm';
import type { FileStorage } from '../files/storage';
import type { CrmConnector } from './connector';
import type { CrmService } from './service';

export interface ExternalCrm {
  integration_id: string;
  crm_type: string;
  /** The provider's name for people (Clio Manage). */
  label: string;
  connector: CrmConnector;
}

export interface WorkflowCrm {
  active(companyId: string): Promise<ExternalCrm | null>;
  /** The stored bytes of `key`; undefined when missing. */
  readFile(companyId: string, key: string): Promise<Buffer | undefined>;
  /**
   * The server's main pool. The engine runs a step's transaction on its worker's connection, so an
   * external effect's record (workflow_effect) is written here to commit on its own at once.
   */
  effects: Database;
}

export function createWorkflowCrm(deps: {
  db: Database;
  crm: Pick<CrmService, 'connectorFor'>;
  storage: Pick<FileStorage, 'open'>;
}): WorkflowCrm {
  return {
    effects: deps.db,
    async active(companyId) {
      const [row] = await deps.db
        .select()
        .from(legalIntegrations)
        .where(
          and(
            eq(legalIntegrations.company_id, companyId),
            eq(legalIntegrations.data_type, 'cases'),
            eq(legalIntegrations.is_active, true),
            isNotNull(legalIntegrations.credentials_sealed),
          ),
        )
        .limit(1);
      if (!row) return null;
      return {
        integration_id: row.id,
        crm_type: row.crm_type,
        label: CRM_PROVIDERS.find((p) => p.crm_type === row.crm_type)?.label ?? row.crm_type,
        connector: deps.crm.connectorFor(row, 'workflow'),
      };
    },

    async readFile(companyId, key) {
      const stream = await deps.storage.open(companyId, key);
      if (!stream) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
  };
}
