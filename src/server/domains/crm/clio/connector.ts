/**
 * Provider one: Clio Manage API v4 (see README.md here). OAuth 2.0 authorization code with PKCE;
 * matters are the cases (cursor paging by `meta.paging.next`, order id(asc)); a document is created
 * on a matter, its bytes PUT to the upload URL Clio answers, then marked fully uploaded; an activity
 * is a non-billable time entry with the note on the matter.
 */
import { z } from 'zod';
import { CrmCallError, type CrmConnector, type CrmTokens } from '../connector';
import { createCrmHttp, storedTokenAuth, type CrmHttpOptions, type TokenStore } from '../http';

export const CLIO_TYPE = 'clio';

/** Refresh this long before the access token's expiry. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export interface ClioApp {
  clientId: string;
  clientSecret: string;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
});

const nameRef = z.object({ name: z.string().nullish() }).nullish();
const matter = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  display_number: z.string().nullish(),
  description: z.string().nullish(),
  status: z.string().nullish(),
  open_date: z.string().nullish(),
  client: nameRef,
  practice_area: nameRef,
});
const mattersAnswer = z.object({
  data: z.array(matter),
  meta: z
    .object({ paging: z.object({ next: z.string().nullish() }).partial() })
    .partial()
    .optional(),
});
const documentAnswer = z.object({
  data: z.object({
    id: z.union([z.number(), z.string()]).transform(String),
    latest_document_version: z.object({
      uuid: z.string().min(1),
      put_url: z.string().url(),
      put_headers: z.array(z.object({ name: z.string(), value: z.string() })).default([]),
    }),
  }),
});
/** How far an upload got (kept between attempts by the caller's `progress`). */
const uploadState = z.object({
  stage: z.enum(['created', 'uploaded', 'done']),
  document_id: z.string().min(1),
  uuid: z.string().min(1),
  put_url: z.string().url(),
  put_headers: z.array(z.object({ name: z.string(), value: z.string() })),
});
const idAnswer = z.object({
  data: z.object({ id: z.union([z.number(), z.string()]).transform(String) }),
});

const clioUser = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  enabled: z.boolean().nullish(),
  subscription_type: z.string().nullish(),
});
const usersAnswer = z.object({
  data: z.array(clioUser),
  meta: z
    .object({ paging: z.object({ next: z.string().nullish() }).partial() })
    .partial()
    .optional(),
});

const USER_FIELDS = 'id,first_name,last_name,email,enabled,subscription_type';

const MATTER_FIELDS =
  'id,display_number,description,status,open_date,client{name},practice_area{name}';

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new CrmCallError('Invalid response structure', null, false);
  return result.data;
}

export function toTokens(
  value: unknown,
  previousRefresh: string | null,
  now = Date.now(),
): CrmTokens {
  const answer = parsed(tokenAnswer, value);
  return {
    access_token: answer.access_token,
    refresh_token: answer.refresh_token ?? previousRefresh,
    expires_at: answer.expires_in ? new Date(now + answer.expires_in * 1000) : null,
  };
}

export function createClioConnector(
  app: ClioApp,
  store: TokenStore,
  http: Omit<CrmHttpOptions, 'auth'>,
): CrmConnector {
  let refreshing: Promise<CrmTokens> | null = null;

  const refresh = (): Promise<CrmTokens> => {
    refreshing ??= (async () => {
      const current = await store.load();
      if (!current?.refresh_token) throw new CrmCallError('Authentication failed', 401, false);
      const answer = await unsigned.call('refresh', {
        method: 'POST',
        path: '/oauth/token',
        signed: false,
        form: {
          grant_type: 'refresh_token',
          refresh_token: current.refresh_token,
          client_id: app.clientId,
          client_secret: app.clientSecret,
        },
      });
      const tokens = toTokens(answer.json, current.refresh_token);
      await store.save(tokens);
      return tokens;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  const unsigned = createCrmHttp(http);
  const client = createCrmHttp({
    ...http,
    auth: storedTokenAuth(store, refresh, REFRESH_MARGIN_MS),
  });

  return {
    type: CLIO_TYPE,

    async signIn(input) {
      const { code, code_verifier, redirect_uri } = input;
      if (!code || !code_verifier || !redirect_uri)
        throw new CrmCallError('Failed to authenticate', null, false);
      const answer = await unsigned.call('sign_in', {
        method: 'POST',
        path: '/oauth/token',
        signed: false,
        form: {
          grant_type: 'authorization_code',
          code,
          code_verifier,
          redirect_uri,
          client_id: app.clientId,
          client_secret: app.clientSecret,
        },
      });
      const tokens = toTokens(answer.json, null);
      await store.save(tokens);
      return tokens;
    },

    refresh,

    async listCases(cursor) {
      const answer = await client.call('list_cases', {
        method: 'GET',
        ...(cursor
          ? { path: cursor }
          : {
              path: '/api/v4/matters.json',
              query: { fields: MATTER_FIELDS, order: 'id(asc)', limit: '200' },
            }),
      });
      const page = parsed(mattersAnswer, answer.json);
      return {
        cases: page.data.map((m) => ({
          case_id: m.id,
          case_number: m.display_number?.trim() || null,
          name: m.description ?? null,
          client_name: m.client?.name ?? null,
          eams_number: null,
          wcab_number: null,
          primary_number: null,
          alternate_number: null,
          legal_case_status: m.status ?? null,
          legal_case_type: m.practice_area?.name ?? null,
          date_of_incident: null,
          date_of_injury: m.open_date ?? null,
        })),
        next: page.meta?.paging?.next ?? null,
      };
    },

    async uploadDocument(document) {
      // Each step is kept in `progress` as soon as Clio accepted it: a repeat resumes there.
      const saved = uploadState.safeParse(await document.progress?.load());
      let state = saved.success ? saved.data : null;
      if (state?.stage === 'done') return { id: state.document_id };
      if (!state) {
        const created = parsed(
          documentAnswer,
          (
            await client.call('upload_document', {
              method: 'POST',
              path: '/api/v4/documents.json',
              query: { fields: 'id,latest_document_version{uuid,put_url,put_headers}' },
              json: {
                data: { name: document.name, parent: { id: document.case_id, type: 'Matter' } },
              },
              detail: { step: 'create', case_id: document.case_id },
            })
          ).json,
        );
        const version = created.data.latest_document_version;
        state = { stage: 'created', document_id: created.data.id, ...version };
        await document.progress?.save(state);
      }
      if (state.stage === 'created') {
        const bytes = await document.read();
        await client.call('upload_document', {
          method: 'PUT',
          path: state.put_url,
          signed: false,
          body: bytes,
          headers: Object.fromEntries(state.put_headers.map((h) => [h.name, h.value])),
          detail: { step: 'bytes', bytes: bytes.length },
        });
        state = { ...state, stage: 'uploaded' };
        await document.progress?.save(state);
      }
      await client.call('upload_document', {
        method: 'PATCH',
        path: `/api/v4/documents/${encodeURIComponent(state.document_id)}.json`,
        json: { data: { uuid: state.uuid, fully_uploaded: true } },
        detail: { step: 'complete', document_id: state.document_id },
      });
      await document.progress?.save({ ...state, stage: 'done' });
      return { id: state.document_id };
    },

    /** The firm's users (GET /api/v4/users.json, cursor paging); disabled users are left out. */
    async listStaff(cursor) {
      const answer = await client.call('list_staff', {
        method: 'GET',
        ...(cursor
          ? { path: cursor }
          : {
              path: '/api/v4/users.json',
              query: { fields: USER_FIELDS, order: 'id(asc)', limit: '200' },
            }),
      });
      const page = parsed(usersAnswer, answer.json);
      return {
        staff: page.data
          .filter((u) => u.enabled !== false)
          .map((u) => ({
            crm_id: u.id,
            first_name: u.first_name ?? null,
            last_name: u.last_name ?? null,
            email: u.email ?? null,
            role: u.subscription_type ?? null,
          })),
        next: page.meta?.paging?.next ?? null,
      };
    },

    async createActivity(activity) {
      const answer = await client.call('create_activity', {
        method: 'POST',
        path: '/api/v4/activities.json',
        json: {
          data: {
            type: 'TimeEntry',
            date: activity.date,
            quantity: 0,
            non_billable: true,
            note: `${activity.activity_type}: ${activity.note}`,
            matter: { id: activity.case_id },
          },
        },
        detail: { case_id: activity.case_id, activity_type: activity.activity_type },
      });
      return { id: parsed(idAnswer, answer.json).data.id };
    },
  };
}
