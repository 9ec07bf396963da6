/**
 * The live workflow logs (workflowLogsChanged): one `subscribed` event when the subscription is in
 * place (the screen reloads what it may have missed, e.g. while the socket was down), then one
 * `changed` event carrying the group afresh each time a transaction wrote a run of the company (the
 * engine writes the run with every node log) (triggers of migration 0018, through the bus). The group is read through the logs
 * service, so it has the same fields, status and permission check as the logs screen's query.
 * Only a company the viewer can see is followed; the bus hands a subscriber its own company's
 * events only (tenant isolation). Changes to a group that come while its last one is still unsent
 * are folded into it: the group is read once, when it is its turn.
 */
import { Repeater } from 'graphql-yoga';
import type { WorkflowLogGroup } from '../../../shared/workflows';
import { AppError } from '../../../shared/errors';
import { canViewCompany, type Viewer } from '../../permissions';
import type { NotificationBus, WorkflowLogsEvent } from '../notifications/bus';
import type { WorkflowLogService } from './logs';

export interface WorkflowLogsChange {
  company_id: string;
  reason: 'subscribed' | 'changed';
  group: WorkflowLogGroup | null;
}

export function createWorkflowLiveLogs(
  bus: Pick<NotificationBus, 'onWorkflowLogsChanged'>,
  logs: Pick<WorkflowLogService, 'group'>,
) {
  return {
    /** `companyId` defaults to the viewer's own company; another tenant's is refused (not found). */
    follow(
      viewer: Viewer,
      companyId: string | null | undefined,
    ): AsyncIterable<WorkflowLogsChange> {
      const company = companyId ?? viewer.user.company_id;
      if (!canViewCompany(viewer, company)) throw new AppError('NO_COMPANY', 404);
      return new Repeater<WorkflowLogsChange>(async (push, stop) => {
        const pending = new Map<string, WorkflowLogsEvent>();
        let draining = false;
        let stopped = false;
        async function drain() {
          if (draining) return;
          draining = true;
          try {
            while (!stopped && pending.size > 0) {
              const [key, event] = pending.entries().next().value as [string, WorkflowLogsEvent];
              pending.delete(key);
              // A group that cannot be read now (database away) is read again on its next change;
              // the screen's reload on `subscribed` after a reconnect catches up the rest.
              const group = await logs.group(viewer, event).catch(() => null);
              if (group) await push({ company_id: company, reason: 'changed', group });
            }
          } finally {
            draining = false;
          }
        }
        const off = bus.onWorkflowLogsChanged(company, (event) => {
          pending.set(`${event.workflow_id}:${event.legal_processed_file_id ?? ''}`, event);
          void drain().catch(() => undefined);
        });
        // Listening first, then saying so: a reload on `subscribed` misses nothing.
        void push({ company_id: company, reason: 'subscribed', group: null }).catch(
          () => undefined,
        );
        await stop;
        stopped = true;
        off();
      });
    },
  };
}

export type WorkflowLiveLogs = ReturnType<typeof createWorkflowLiveLogs>;
