/**
 * The integration log: every call to a CRM, one row each (legal_integration_log). `logSink` writes
 * the rows of one integration (or of the local CRM, integration null) on a given executor;
 * `withCallLog` logs the calls of a connector that does not speak HTTP (the local one), since
 * http.ts logs every HTTP attempt itself.
 */
import type { DatabaseExecutor } from '../../db/connection';
import { legalIntegrationLog } from '../../db/schemaCrm';
import type { CrmConnector } from './connector';
import type { CallLogger } from './http';

export interface LogScope {
  company_id: string;
  integration_id: string | null;
  crm_type: string;
  sync_type: string;
}

export function logSink(db: DatabaseExecutor, scope: LogScope): CallLogger {
  return async (entry) => {
    await db.insert(legalIntegrationLog).values({ ...scope, ...entry });
  };
}

export function withCallLog(connector: CrmConnector, log: CallLogger): CrmConnector {
  const logged =
    <A extends unknown[], R>(
      operation: string,
      call: (...args: A) => Promise<R>,
      detail: (...args: NoInfer<A>) => Record<string, unknown>,
    ) =>
    async (...args: A): Promise<R> => {
      const started = Date.now();
      try {
        const result = await call(...args);
        await log({
          operation,
          outcome: 'ok',
          http_status: null,
          attempt: 1,
          duration_ms: Date.now() - started,
          details: detail(...args),
        });
        return result;
      } catch (error) {
        await log({
          operation,
          outcome: 'failed',
          http_status: null,
          attempt: 1,
          duration_ms: Date.now() - started,
          details: {
            ...detail(...args),
            error: error instanceof Error ? error.message : String(error),
          },
        });
        throw error;
      }
    };
  return {
    type: connector.type,
    signIn: logged('sign_in', connector.signIn.bind(connector), () => ({})),
    refresh: logged('refresh', connector.refresh.bind(connector), () => ({})),
    listCases: logged('list_cases', connector.listCases.bind(connector), (cursor) => ({ cursor })),
    uploadDocument: logged('upload_document', connector.uploadDocument.bind(connector), (d) => ({
      case_id: d.case_id,
      document_id: d.document_id,
    })),
    createActivity: logged('create_activity', connector.createActivity.bind(connector), (a) => ({
      case_id: a.case_id,
      activity_type: a.activity_type,
    })),
  };
}
