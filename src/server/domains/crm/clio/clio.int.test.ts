/**
 * Provider one's connector against a loopback server that speaks Clio Manage API v4
 * (tests/support/fakeClio.ts): PKCE sign-in, refresh before expiry, 401 then refresh, 429 with
 * Retry-After, 5xx, cursor paging, a document upload and an activity; every attempt logged.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeClio, matterFixture, type FakeClio } from '../../../../../tests/support/fakeClio';
import type { CrmTokens } from '../connector';
import type { CallLogEntry } from '../http';
import { createClioConnector } from './connector';
import { startAuthorization } from './oauth';

let fake: FakeClio;
let tokens: CrmTokens | null;
let log: CallLogEntry[];
let waits: number[];

function connector() {
  return createClioConnector(
    { clientId: fake.clientId, clientSecret: fake.clientSecret },
    {
      load: () => Promise.resolve(tokens),
      save: (next) => {
        tokens = next;
        return Promise.resolve();
      },
    },
    {
      baseUrl: fake.url,
      log: (entry) => {
        log.push(entry);
        return Promise.resolve();
      },
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      retryBaseMs: 10,
    },
  );
}

async function signedIn() {
  const redirectUri = 'http://127.0.0.1:1/callback';
  const start = startAuthorization({ baseUrl: fake.url, clientId: fake.clientId, redirectUri });
  const answer = await fetch(start.authUrl, { redirect: 'manual' });
  const back = new URL(answer.headers.get('location') ?? '');
  expect(back.searchParams.get('state')).toBe(start.state);
  const crm = connector();
  await crm.signIn({
    code: back.searchParams.get('code') ?? '',
    code_verifier: start.verifier,
    redirect_uri: redirectUri,
  });
  return crm;
}

beforeEach(async () => {
  fake = await startFakeClio({ pageSize: 2 });
  tokens = null;
  log = [];
  waits = [];
});
afterEach(async () => {
  await fake.close();
});

describe('the Clio connector', () => {
  it('given an authorization code and its PKCE verifier, when signing in, then tokens are kept and the log holds no secret', async () => {
    await signedIn();
    expect(tokens?.access_token).toMatch(/^at-/);
    expect(tokens?.refresh_token).toMatch(/^rt-/);
    expect(tokens?.expires_at?.getTime()).toBeGreaterThan(Date.now());
    expect(log).toEqual([
      expect.objectContaining({ operation: 'sign_in', outcome: 'ok', http_status: 200 }),
    ]);
    expect(JSON.stringify(log)).not.toContain(tokens?.refresh_token ?? 'x');
    expect(JSON.stringify(log)).not.toContain(fake.clientSecret);
  });

  it('given a wrong verifier, then signing in fails with the server message and no tokens are kept', async () => {
    const start = startAuthorization({
      baseUrl: fake.url,
      clientId: fake.clientId,
      redirectUri: 'http://127.0.0.1:1/cb',
    });
    const back = new URL(
      (await fetch(start.authUrl, { redirect: 'manual' })).headers.get('location') ?? '',
    );
    await expect(
      connector().signIn({
        code: back.searchParams.get('code') ?? '',
        code_verifier: 'wrong',
        redirect_uri: 'http://127.0.0.1:1/cb',
      }),
    ).rejects.toThrow('invalid_grant');
    expect(tokens).toBeNull();
    expect(log.at(-1)).toMatchObject({ operation: 'sign_in', outcome: 'failed', http_status: 400 });
  });

  it('given more matters than a page, then cases come page by page by cursor', async () => {
    fake.matters.push(
      matterFixture(3),
      matterFixture(1),
      matterFixture(2, { display_number: null }),
    );
    const crm = await signedIn();
    const first = await crm.listCases(null);
    expect(first.cases.map((c) => c.case_id)).toEqual(['1', '2']);
    expect(first.cases[1]?.case_number).toBeNull();
    expect(first.cases[0]).toMatchObject({
      case_number: 'WC-00001',
      client_name: 'Client 1',
      legal_case_type: "Workers' Compensation",
    });
    expect(first.next).toContain('page_token=2');
    const second = await crm.listCases(first.next);
    expect(second.cases.map((c) => c.case_id)).toEqual(['3']);
    expect(second.next).toBeNull();
  });

  it('given an access token about to expire, then it is refreshed before the call', async () => {
    fake.setExpiresIn(60);
    const crm = await signedIn();
    const before = tokens?.access_token;
    await crm.listCases(null);
    expect(fake.tokenGrants).toEqual(['authorization_code', 'refresh_token']);
    expect(tokens?.access_token).not.toBe(before);
    expect(tokens?.refresh_token).toMatch(/^rt-/);
  });

  it('given a token the CRM no longer accepts (401), then it refreshes once and the call succeeds', async () => {
    const crm = await signedIn();
    fake.expireAccessTokens();
    const page = await crm.listCases(null);
    expect(page.cases).toEqual([]);
    expect(log.map((e) => `${e.operation}:${e.outcome}:${e.http_status}`)).toEqual([
      'sign_in:ok:200',
      'list_cases:retried:401',
      'refresh:ok:200',
      'list_cases:ok:200',
    ]);
  });

  it('given 429 with Retry-After and then a 503, then it waits as told, backs off, and succeeds', async () => {
    const crm = await signedIn();
    fake.fail('/api/v4/matters', [{ status: 429, retryAfter: '7' }, { status: 503 }]);
    await crm.listCases(null);
    expect(waits[0]).toBe(7000);
    expect(waits[1]).toBeGreaterThanOrEqual(10);
    expect(waits[1]).toBeLessThan(20);
    expect(
      log
        .filter((e) => e.operation === 'list_cases')
        .map((e) => `${e.outcome}:${e.http_status}:${e.attempt}`),
    ).toEqual(['retried:429:1', 'retried:503:2', 'ok:200:3']);
  });

  it('given 5xx on every attempt, then it gives up after the last one and says so', async () => {
    const crm = await signedIn();
    fake.fail('/api/v4/matters', [
      { status: 500 },
      { status: 502 },
      { status: 500 },
      { status: 500 },
    ]);
    await expect(crm.listCases(null)).rejects.toMatchObject({ status: 500, retryable: true });
    expect(log.filter((e) => e.operation === 'list_cases').map((e) => e.outcome)).toEqual([
      'retried',
      'retried',
      'retried',
      'failed',
    ]);
  });

  it('given a document, then it is created on the matter, its bytes uploaded and marked fully uploaded', async () => {
    const crm = await signedIn();
    const bytes = Buffer.from('%PDF-1.7 test document');
    const { id } = await crm.uploadDocument({
      case_id: '42',
      document_id: 'd1',
      name: 'QME report.pdf',
      content_type: 'application/pdf',
      read: () => Promise.resolve(bytes),
    });
    const doc = fake.documents.get(id);
    expect(doc).toMatchObject({ name: 'QME report.pdf', matter_id: '42', fully_uploaded: true });
    expect(doc?.bytes?.equals(bytes)).toBe(true);
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put?.authorization).toBeUndefined();
  });

  it('given an activity, then a non-billable entry with the note lands on the matter', async () => {
    const crm = await signedIn();
    await crm.createActivity({
      case_id: '42',
      activity_type: 'Document received',
      note: 'QME report filed',
      date: '2026-01-02',
    });
    expect(fake.activities).toEqual([
      expect.objectContaining({
        matter: { id: '42' },
        note: 'Document received: QME report filed',
        non_billable: true,
      }),
    ]);
  });
});
