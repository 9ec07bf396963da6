/**
 * The rules of CRM integrations. Whoever sees a company reads its integrations and their logs and
 * may request a new CRM (as themselves); its managers change settings, connect a provider and
 * start a sync. Another tenant's integration answers exactly like a missing one. Tokens are sealed
 * at rest (credentials.ts) and no answer carries them.
 */
import { sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  activeIntegrationBody,
  contactsLawAuthBody,
  CRM_PROVIDERS,
  importStaffBody,
  integrationLogsBody,
  listIntegrationsBody,
  oauthCallbackBody,
  oauthCallbackQuery,
  oauthStartBody,
  oauthStartQuery,
  passwordAuthBody,
  passwordAuthQuery,
  requestCrmBody,
  toggleStatusQuery,
  updateDataManagementBody,
  updateIntegrationBody,
  type IntegrationView,
  type StaffImportResult,
  type SyncResult,
} from '../../../shared/crm';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/connection';
import type { LegalIntegrationRow } from '../../db/schemaCrm';
import type { KeyRing } from '../../crypto/keyRing';
import { notFound, parseInput } from '../../errors';
import { canManageCompany, canViewCompany, type Viewer } from '../../permissions';
import { logSink } from './callLog';
import { createClioConnector, CLIO_TYPE } from './clio/connector';
import { sha256, startAuthorization } from './clio/oauth';
import { CrmCallError, type CrmConnector } from './connector';
import { createContactsLawConnector, CONTACTSLAW_TYPE } from './contactslaw/connector';
import { createSmartAdvocateConnector, SMARTADVOCATE_TYPE } from './smartadvocate/connector';
import { tokenStore } from './credentials';
import { createCrmRepository, toView } from './repository';
import { importStaff } from './staffImport';
import { errorText, syncCasesIn } from './sync';

/** A sign-in must come back within this long. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** The providers' own hosts (Clio's regions). */
const PROVIDER_HOSTS: Record<string, readonly string[]> = {
  clio: [
    'https://app.clio.com',
    'https://eu.app.clio.com',
    'https://ca.app.clio.com',
    'https://au.app.clio.com',
  ],
  smartadvocate: ['https://app.smartadvocate.com'],
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface CrmServiceDeps {
  db: Database;
  ring: KeyRing;
  config: Pick<ServerConfig, 'clio' | 'crmAllowedBaseUrls'>;
  onCasesAdded?: (companyId: string) => void;
  /** For tests: the HTTP client and the wait between retries. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  retryBaseMs?: number;
}

const forbidden = () => new AppError('FORBIDDEN', 403);

export function createCrmService(deps: CrmServiceDeps) {
  const { db, ring, config } = deps;
  const repo = createCrmRepository(db);
  const running = new Set<string>();

  function baseUrlOf(crmType: string, wanted: string | null | undefined): string {
    const provider = CRM_PROVIDERS.find((p) => p.crm_type === crmType);
    const configured = crmType === CLIO_TYPE ? config.clio?.baseUrl : undefined;
    if (!wanted) {
      const fallback = configured ?? provider?.default_base_url;
      // ContactsLaw runs on the firm's own server: its address must be given.
      if (!fallback) throw new AppError('CRM_BASE_URL_REQUIRED', 400);
      return new URL(fallback).origin;
    }
    const url = new URL(wanted);
    const allowed = [
      ...(PROVIDER_HOSTS[crmType] ?? []),
      ...(configured ? [configured] : []),
      ...config.crmAllowedBaseUrls,
    ].map((u) => new URL(u).origin);
    if (!allowed.includes(url.origin) || (url.pathname !== '/' && url.pathname !== ''))
      throw new AppError('CRM_BASE_URL_NOT_ALLOWED', 400);
    return url.origin;
  }

  function clioApp() {
    if (!config.clio) throw new AppError('CRM_NOT_CONFIGURED', 400, { crm: 'Clio Manage' });
    return config.clio;
  }

  function connectorFor(row: LegalIntegrationRow, syncType: string): CrmConnector {
    const log = logSink(db, {
      company_id: row.company_id,
      integration_id: row.id,
      crm_type: row.crm_type,
      sync_type: syncType,
    });
    const http = () => ({
      baseUrl: baseUrlOf(row.crm_type, row.crm_base_url),
      log,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
      ...(deps.retryBaseMs !== undefined ? { retryBaseMs: deps.retryBaseMs } : {}),
    });
    if (row.crm_type === CLIO_TYPE)
      return createClioConnector(clioApp(), tokenStore(db, ring, row.id), http());
    if (row.crm_type === SMARTADVOCATE_TYPE)
      return createSmartAdvocateConnector(tokenStore(db, ring, row.id), http());
    if (row.crm_type === CONTACTSLAW_TYPE)
      return createContactsLawConnector(tokenStore(db, ring, row.id), http());
    throw new Error(`no connector for ${row.crm_type}`);
  }

  /**
   * A provider signing in with a user's name and password (SmartAdvocate, ContactsLaw): signs in
   * (the token and the sign-in sealed), keeps the email, turns it on. A sign-in the provider
   * refuses (4xx) is `refusedCode`; one that cannot reach it says 'Network response was not ok'.
   */
  async function signInWithPassword(
    viewer: Viewer,
    crmType: string,
    company_id: string,
    body: { email: string; password: string; crm_base_url?: string | undefined },
    refusedCode: 'AUTHENTICATION_FAILED' | 'FAILED_TO_AUTHENTICATE',
  ): Promise<IntegrationView> {
    if (!canViewCompany(viewer, company_id)) throw new AppError('NO_COMPANY', 404);
    if (!canManageCompany(viewer, company_id)) throw forbidden();
    const pending = await db.transaction(async (tx) => {
      const row = await repo.ensure(tx, company_id, crmType, null);
      const baseUrl = baseUrlOf(crmType, body.crm_base_url ?? row.crm_base_url);
      if (baseUrl === row.crm_base_url) return row;
      // Tokens belong to the address that issued them.
      return repo.update(tx, row.id, {
        crm_base_url: baseUrl,
        credentials_sealed: null,
        token_expires_at: null,
        is_active: false,
      });
    });
    try {
      await connectorFor(pending, 'auth').signIn({ email: body.email, password: body.password });
    } catch (error) {
      const refused =
        error instanceof CrmCallError &&
        error.status !== null &&
        error.status >= 400 &&
        error.status < 500;
      if (refused) throw new AppError(refusedCode, 400);
      // The provider down or unreachable: told as the spec's words, not as a LexDesk fault.
      throw new AppError('NETWORK_RESPONSE_NOT_OK', 400);
    }
    return db.transaction(async (tx) => {
      const row = await repo.update(tx, pending.id, {
        email: body.email.includes('@') ? body.email : pending.email,
        is_active: true,
        active_once: true,
      });
      await repo.deactivateOthers(tx, row);
      return toView(row);
    });
  }

  /** Turns the company's integration of one provider on or off; an unconnected one stays off. */
  async function setActive(
    viewer: Viewer,
    crmType: string,
    company_id: string,
    isActive: boolean,
  ): Promise<IntegrationView> {
    if (!canViewCompany(viewer, company_id)) throw new AppError('NO_COMPANY', 404);
    if (!canManageCompany(viewer, company_id)) throw forbidden();
    const before = await repo.byCompanyType(company_id, crmType);
    if (!before) throw notFound();
    if (isActive && !before.credentials_sealed) throw new AppError('CRM_NOT_CONNECTED', 400);
    return db.transaction(async (tx) => {
      const row = await repo.update(tx, before.id, {
        is_active: isActive,
        ...(isActive ? { active_once: true } : {}),
      });
      if (row.is_active) await repo.deactivateOthers(tx, row);
      return toView(row);
    });
  }

  function redirectAllowed(uri: string): boolean {
    if (config.clio?.redirectUri && uri === config.clio.redirectUri) return true;
    const url = new URL(uri);
    return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  }

  async function forChange(viewer: Viewer, id: string) {
    const row = await repo.find(viewer.companyIds, id);
    if (!row) throw notFound();
    if (!canManageCompany(viewer, row.company_id)) throw forbidden();
    return row;
  }

  const service = {
    /** A connected integration's connector, its calls logged under `syncType` (workflows use it). */
    connectorFor,

    async list(viewer: Viewer, raw: unknown): Promise<IntegrationView[]> {
      const body = parseInput(listIntegrationsBody, raw ?? {});
      if (!canViewCompany(viewer, body.company_id)) throw new AppError('NO_COMPANY', 404);
      return (await repo.list([body.company_id], body.crm_type)).map(toView);
    },

    async active(viewer: Viewer, raw: unknown): Promise<IntegrationView | null> {
      const body = parseInput(activeIntegrationBody, raw ?? {});
      if (!canViewCompany(viewer, body.company_id)) throw new AppError('NO_COMPANY', 404);
      const row = await repo.active(body.company_id, body.data_type);
      return row ? toView(row) : null;
    },

    async update(viewer: Viewer, id: string, raw: unknown): Promise<IntegrationView> {
      const body = parseInput(updateIntegrationBody, raw ?? {});
      const before = await forChange(viewer, id);
      return db.transaction(async (tx) => {
        const values: Parameters<typeof repo.update>[2] = {};
        if (body.sync_type !== undefined) values.sync_type = body.sync_type;
        if (body.sync_interval_seconds !== undefined)
          values.sync_interval_seconds = body.sync_interval_seconds;
        if (body.email !== undefined) values.email = body.email || null;
        if (body.active_once !== undefined) values.active_once = body.active_once;
        if (body.crm_base_url !== undefined) {
          const next = body.crm_base_url ? baseUrlOf(before.crm_type, body.crm_base_url) : null;
          if (next !== before.crm_base_url) {
            // Tokens belong to the address that issued them.
            values.crm_base_url = next;
            values.credentials_sealed = null;
            values.token_expires_at = null;
            values.is_active = false;
          }
        }
        if (body.is_active !== undefined && values.is_active === undefined) {
          if (body.is_active && !before.credentials_sealed)
            throw new AppError('CRM_NOT_CONNECTED', 400);
          values.is_active = body.is_active;
          if (body.is_active) values.active_once = true;
        }
        const row = await repo.update(tx, id, values);
        if (row.is_active) await repo.deactivateOthers(tx, row);
        return toView(row);
      });
    },

    async logs(viewer: Viewer, raw: unknown) {
      const body = parseInput(integrationLogsBody, raw ?? {});
      if (!canViewCompany(viewer, body.company_id)) throw new AppError('NO_COMPANY', 404);
      if (body.integration_id && !(await repo.find([body.company_id], body.integration_id)))
        throw notFound();
      const page = await repo.logs(body.company_id, body.integration_id, body.first, body.offset);
      return { ...page, first: body.first, offset: body.offset };
    },

    async requestCrm(viewer: Viewer, raw: unknown) {
      const body = parseInput(requestCrmBody, raw ?? {});
      if (!canViewCompany(viewer, body.company_id)) throw new AppError('NO_COMPANY', 404);
      if (body.requested_by !== viewer.user.id) throw forbidden();
      return repo.requestCrm(body);
    },

    /** Provider one: the authorization address for the browser (PKCE, state kept hashed). */
    async startOAuth(
      viewer: Viewer,
      rawQuery: unknown,
      rawBody: unknown,
    ): Promise<{ authUrl: string }> {
      const { companyId } = parseInput(oauthStartQuery, rawQuery ?? {});
      const body = parseInput(oauthStartBody, rawBody ?? {});
      if (!canViewCompany(viewer, companyId)) throw new AppError('NO_COMPANY', 404);
      if (!canManageCompany(viewer, companyId)) throw forbidden();
      const app = clioApp();
      const redirectUri = body.redirect_uri ?? app.redirectUri;
      if (!redirectUri || !redirectAllowed(redirectUri))
        throw new AppError('CRM_REDIRECT_NOT_ALLOWED', 400);
      return db.transaction(async (tx) => {
        const row = await repo.ensure(tx, companyId, CLIO_TYPE, null);
        const baseUrl = baseUrlOf(CLIO_TYPE, body.crm_base_url ?? row.crm_base_url);
        const start = startAuthorization({ baseUrl, clientId: app.clientId, redirectUri });
        await repo.update(tx, row.id, {
          crm_base_url: baseUrl,
          oauth_state_hash: sha256(start.state),
          oauth_verifier_sealed: ring.seal(start.verifier),
          oauth_redirect_uri: redirectUri,
          oauth_started_at: new Date(),
        });
        return { authUrl: start.authUrl };
      });
    },

    /** Provider one: the code the browser came back with, exchanged for tokens; turns it on. */
    async completeOAuth(
      viewer: Viewer,
      rawQuery: unknown,
      rawBody: unknown,
    ): Promise<IntegrationView> {
      const { code } = parseInput(oauthCallbackQuery, rawQuery ?? {});
      const body = parseInput(oauthCallbackBody, rawBody ?? {});
      if (!canViewCompany(viewer, body.company_id)) throw new AppError('NO_COMPANY', 404);
      if (!canManageCompany(viewer, body.company_id)) throw forbidden();
      const pending = await db.transaction(async (tx) => {
        const row = await repo.byCompanyType(body.company_id, CLIO_TYPE, tx);
        const fresh =
          row?.oauth_started_at && Date.now() - row.oauth_started_at.getTime() < OAUTH_STATE_TTL_MS;
        if (
          !row ||
          !fresh ||
          row.oauth_state_hash !== sha256(body.state) ||
          !row.oauth_verifier_sealed
        )
          throw new AppError('FAILED_TO_AUTHENTICATE', 400);
        // The state works once.
        await repo.update(tx, row.id, { oauth_state_hash: null, oauth_verifier_sealed: null });
        return row;
      });
      try {
        await connectorFor(pending, 'oauth').signIn({
          code,
          code_verifier: ring.open(pending.oauth_verifier_sealed ?? ''),
          redirect_uri: pending.oauth_redirect_uri ?? '',
        });
      } catch {
        throw new AppError('FAILED_TO_AUTHENTICATE', 400);
      }
      return db.transaction(async (tx) => {
        const row = await repo.update(tx, pending.id, {
          is_active: true,
          active_once: true,
          oauth_redirect_uri: null,
          oauth_started_at: null,
        });
        await repo.deactivateOthers(tx, row);
        return toView(row);
      });
    },

    /**
     * Provider two (SmartAdvocate): POST /smartadvocate/auth?company_id with the user's name and
     * password. Signs in (the token and the sign-in sealed), keeps the email, turns it on. A sign-in
     * SmartAdvocate refuses is 'Authentication failed'; one that cannot reach it says so.
     */
    async passwordSignIn(
      viewer: Viewer,
      rawQuery: unknown,
      rawBody: unknown,
    ): Promise<IntegrationView> {
      const { company_id } = parseInput(passwordAuthQuery, rawQuery ?? {});
      const body = parseInput(passwordAuthBody, rawBody ?? {});
      return signInWithPassword(
        viewer,
        SMARTADVOCATE_TYPE,
        company_id,
        body,
        'AUTHENTICATION_FAILED',
      );
    },

    /**
     * Provider three (ContactsLaw): POST /contactslaw/authenticate with email, password and
     * company_id in the body (and the firm's server address, kept from before when absent). A
     * sign-in ContactsLaw refuses is 'Failed to authenticate' (spec section 8, provider three).
     */
    async contactsLawSignIn(viewer: Viewer, rawBody: unknown): Promise<IntegrationView> {
      const body = parseInput(contactsLawAuthBody, rawBody ?? {});
      return signInWithPassword(
        viewer,
        CONTACTSLAW_TYPE,
        body.company_id,
        body,
        'FAILED_TO_AUTHENTICATE',
      );
    },

    /** Provider three: PUT /contactslaw/update-data-management {isActive, company_id} (its managers). */
    async updateDataManagement(viewer: Viewer, rawBody: unknown): Promise<IntegrationView> {
      const body = parseInput(updateDataManagementBody, rawBody ?? {});
      return setActive(viewer, CONTACTSLAW_TYPE, body.company_id, body.isActive);
    },

    /** Provider two: POST /smartadvocate/toggle_status?company_id&is_active (its managers). */
    async toggleStatus(viewer: Viewer, rawQuery: unknown): Promise<IntegrationView> {
      const query = parseInput(toggleStatusQuery, rawQuery ?? {});
      return setActive(viewer, SMARTADVOCATE_TYPE, query.company_id, query.is_active);
    },

    /**
     * POST /legal-user/staff: the firm's staff from one of its connected CRM integrations (only
     * the person with `emailId` when given), as legal staff of the company; its managers only.
     */
    async importStaff(viewer: Viewer, raw: unknown): Promise<StaffImportResult> {
      const body = parseInput(importStaffBody, raw ?? {});
      if (!canViewCompany(viewer, body.companyId)) throw new AppError('NO_COMPANY', 404);
      const row = await repo.find([body.companyId], body.integration_id);
      if (!row) throw notFound();
      if (!canManageCompany(viewer, body.companyId)) throw forbidden();
      if (row.crm_type !== body.legal_crm)
        throw new AppError('CRM_INTEGRATION_TYPE_MISMATCH', 400, {
          crm: CRM_PROVIDERS.find((p) => p.crm_type === body.legal_crm)?.label ?? body.legal_crm,
        });
      if (!row.credentials_sealed) throw new AppError('CRM_STAFF_NOT_CONNECTED', 400);
      const connector = connectorFor(row, 'staff');
      const { listStaff } = connector;
      if (!listStaff) throw new AppError('CRM_STAFF_NOT_CONNECTED', 400);
      try {
        return await importStaff({
          db,
          connector: { ...connector, listStaff: listStaff.bind(connector) },
          companyId: row.company_id,
          crmType: row.crm_type,
          email: body.emailId,
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        const reason =
          error instanceof CrmCallError || error instanceof Error
            ? error.message.slice(0, 300)
            : 'unknown';
        throw new AppError('CRM_STAFF_IMPORT_FAILED', 502, { reason });
      }
    },

    /** A manager's sync now; runs in the background (false: one is already running here). */
    async requestSync(viewer: Viewer, id: string): Promise<{ started: boolean }> {
      const row = await forChange(viewer, id);
      if (!row.credentials_sealed) throw new AppError('CRM_NOT_CONNECTED', 400);
      if (running.has(id)) return { started: false };
      void service.syncIntegration(id, 'manual').catch(() => undefined);
      return { started: true };
    },

    /**
     * Cases in from one integration, once at a time across processes (an advisory lock held by a
     * transaction of its own for the length of the sync). Null when a sync of it was running.
     */
    async syncIntegration(id: string, syncType: 'manual' | 'interval'): Promise<SyncResult | null> {
      if (running.has(id)) return null;
      running.add(id);
      try {
        return await db.transaction(async (lockTx) => {
          const locked = await lockTx.execute<{ ok: boolean }>(sqlTryLock(id));
          if (!locked.rows[0]?.ok) return null;
          const row = await repo.byId(id);
          if (!row?.credentials_sealed) return null;
          let result: SyncResult;
          try {
            result = await syncCasesIn({
              db,
              connector: connectorFor(row, syncType),
              companyId: row.company_id,
              crmType: row.crm_type,
            });
          } catch (error) {
            result = {
              received: 0,
              created: 0,
              updated: 0,
              skipped: 0,
              duplicates: 0,
              chunks: 0,
              error: errorText(error),
            };
          }
          await repo.update(db, id, { last_sync: new Date(), last_sync_result: result });
          if (result.created + result.updated > 0) deps.onCasesAdded?.(row.company_id);
          return result;
        });
      } finally {
        running.delete(id);
      }
    },

    /** Interval syncs that are due, one after another; returns how many ran. */
    async syncDue(now = new Date()): Promise<number> {
      let ran = 0;
      for (const { id } of await repo.due(now)) {
        const result = await service.syncIntegration(id, 'interval').catch(() => null);
        if (result) ran += 1;
      }
      return ran;
    },
  };
  return service;
}

function sqlTryLock(id: string) {
  return sql`select pg_try_advisory_xact_lock(hashtext('crm-sync'), hashtext(${id})) as ok`;
}

export type CrmService = ReturnType<typeof createCrmService>;
