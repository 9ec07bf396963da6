import { describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../shared/crm';
import { importedMessage, staffSource } from './staffImport';

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
