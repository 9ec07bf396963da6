/**
 * Tenant isolation of the admin evaluation: B's admin and B's provider manager asking for company
 * A's measures get exactly the answer of a company that does not exist (404 "No Company Found"),
 * whether or not A has documents in the period, and a bad range about A is refused like one about
 * a missing company.
 */
import { expect } from 'vitest';
import type { IsolationModule } from './context';

const TODAY = new Date().toISOString().slice(0, 10);

export const cases: IsolationModule['cases'] = (ctx) => ({
  'GET /admin/eval': async () => {
    const c = ctx();
    const path = (id: string) =>
      `/admin/eval?company_id=${id}&startDate=2020-01-01&endDate=${TODAY}` +
      `&compare_start_date=1999-01-01&compare_end_date=1999-12-31`;
    const r = await c.restSameAsMissing('GET', path, () => undefined, c.companyA);
    expect(r).toMatchObject({ status: 404 });
    await c.restSameAsMissing('GET', path, () => undefined, c.companyA, c.managerOfB.token);
    const backwards = (id: string) =>
      `/admin/eval?company_id=${id}&startDate=${TODAY}&endDate=2020-01-01`;
    await c.restSameAsMissing('GET', backwards, () => undefined, c.companyA);
  },
});
