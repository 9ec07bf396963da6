import { describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../shared/crm';
import { formatError } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { importedMessage, importStaffFromCrm, staffSource } from './staffImport';

const integration = (over: Partial<IntegrationView>): IntegrationView => ({
  id: 'i',
  company_id: 'c',
  crm_type: 'clio',
  data_type: 'cases',
  sync_type: 'manual',
  sync_interval_seconds: 3600,
  is_active: false,
  active_once: false,
  last_sync: null,
  email: null,
  crm_base_url: null,
  connected: false,
  last_sync_result: null,
  created_at: '',
  updated_at: '',
  ...over,
});

describe('the staff import source', () => {
  it('given no connected integration, then there is none to import from', () => {
    expect(staffSource([])).toBeNull();
    expect(staffSource([integration({ is_active: true })])).toBeNull();
  });

  it('given several connected, then the active one is chosen', () => {
    const chosen = staffSource([
      integration({ id: 'a', connected: true }),
      integration({ id: 'b', connected: true, is_active: true }),
    ]);
    expect(chosen?.id).toBe('b');
    expect(staffSource([integration({ id: 'a', connected: true })])?.id).toBe('a');
  });
});

describe('the import message', () => {
  it('given counts, then it says what was added, updated and skipped', () => {
    expect(importedMessage('clio', { received: 6, created: 3, updated: 2, skipped: 1 })).toBe(
      'Imported staff from Clio Manage: 3 added, 2 updated, 1 without a usable email skipped.',
    );
    expect(importedMessage('clio', { received: 2, created: 0, updated: 2, skipped: 0 })).toBe(
      'Imported staff from Clio Manage: 0 added, 2 updated.',
    );
    expect(importedMessage('clio', { received: 0, created: 0, updated: 0, skipped: 0 })).toBe(
      'Clio Manage listed no staff to import.',
    );
  });
});

describe('importing staff through the server', () => {
  const companyId = '5d7f1e0a-0000-4000-8000-000000000001';
  function connection(
    integrations: IntegrationView[],
    importAnswer: { status: number; body: unknown },
  ) {
    const sent: Array<{ path: string; body: unknown }> = [];
    const fetchFn = (url: string | URL | Request, init?: RequestInit) => {
      const path = new URL(String(url)).pathname;
      sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer =
        path === '/legal-integrations/list'
          ? { status: 200, body: { data: integrations } }
          : importAnswer;
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
    };
    return {
      c: { serverUrl: 'http://server.test', token: 't', fetchFn: fetchFn as typeof fetch },
      sent,
    };
  }

  it('given a connected Clio, then its staff are imported with its id and type and the counts are said', async () => {
    const { c, sent } = connection(
      [integration({ id: 'int-1', connected: true, is_active: true })],
      {
        status: 200,
        body: { data: { received: 3, created: 2, updated: 1, skipped: 0 } },
      },
    );
    await expect(importStaffFromCrm(c, companyId)).resolves.toBe(
      'Imported staff from Clio Manage: 2 added, 1 updated.',
    );
    expect(sent[1]).toEqual({
      path: '/legal-user/staff',
      body: { companyId, legal_crm: 'clio', integration_id: 'int-1' },
    });
  });

  it("given the CRM failing, then the server's message is shown; given no connected CRM, nothing is sent", async () => {
    const message = formatError('CRM_STAFF_IMPORT_FAILED', { reason: 'fake fault 503' });
    const failing = connection([integration({ connected: true })], {
      status: 502,
      body: { error: { code: 'CRM_STAFF_IMPORT_FAILED', message } },
    });
    const failure = await importStaffFromCrm(failing.c, companyId).catch((e: unknown) => e);
    expect(describeError(failure, 'fallback')).toBe(message);
    const none = connection([integration({ connected: false })], { status: 500, body: {} });
    const refused = await importStaffFromCrm(none.c, companyId).catch((e: unknown) => e);
    expect(describeError(refused, 'fallback')).toBe(formatError('CRM_STAFF_NO_INTEGRATION'));
    expect(none.sent.map((s) => s.path)).toEqual(['/legal-integrations/list']);
  });
});
