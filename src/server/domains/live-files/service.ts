/**
 * The live feed of a company's raw files and documents: one event when the subscription is in place
 * (`subscribed`: the screen refetches what it may have missed before, e.g. while a socket was
 * down) and one each time a transaction wrote that company's raw files or documents (`changed`,
 * from the triggers of migration 0011 through the bus). Only a company the viewer can see is
 * followed, and the bus hands a subscriber its own company's events only (tenant isolation).
 * Events carry no data: screens refetch through their usual, permission-checked queries.
 */
import { Repeater } from 'graphql-yoga';
import { AppError } from '../../../shared/errors';
import { canViewCompany, type Viewer } from '../../permissions';
import type { NotificationBus } from '../notifications/bus';

export type CompanyFilesChangeReason = 'subscribed' | 'changed';

export interface CompanyFilesChange {
  company_id: string;
  reason: CompanyFilesChangeReason;
}

export function createLiveFilesService(bus: Pick<NotificationBus, 'onCompanyFilesChanged'>) {
  return {
    /** `companyId` defaults to the viewer's own company; another tenant's is refused (not found). */
    follow(
      viewer: Viewer,
      companyId: string | null | undefined,
    ): AsyncIterable<CompanyFilesChange> {
      const company = companyId ?? viewer.user.company_id;
      if (!canViewCompany(viewer, company)) throw new AppError('NO_COMPANY', 404);
      return new Repeater<CompanyFilesChange>(async (push, stop) => {
        // While a `changed` waits to be sent, more changes add nothing: the screen refetches once.
        let waiting = false;
        const off = bus.onCompanyFilesChanged(company, () => {
          if (waiting) return;
          waiting = true;
          push({ company_id: company, reason: 'changed' })
            .then(() => {
              waiting = false;
            })
            .catch(() => undefined);
        });
        // Listening first, then saying so: a refetch on `subscribed` misses nothing.
        void push({ company_id: company, reason: 'subscribed' }).catch(() => undefined);
        await stop;
        off();
      });
    },
  };
}

export type LiveFilesService = ReturnType<typeof createLiveFilesService>;
