/**
 * The workflows bench's company and graph, made through the server's own calls: the first-run
 * set-up (an admin of a legal company), then a 5-node workflow saved and switched on over REST:
 * document completed → applicant is empty? → (no) rename → notify the admins → call the counting
 * webhook target. Documents are written as the pipeline writes one that completed.
 */
import type pg from 'pg';
import type { LexDeskServer } from '../../../src/server/app';

export const BENCH_EMAIL = 'bench-admin@workflows.example';
const PASSWORD = 'bench-password-1!';

async function rest<T>(
  app: LexDeskServer,
  token: string,
  method: 'POST',
  url: string,
  body: unknown,
) {
  const answer = await app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(body),
  });
  if (answer.statusCode !== 200)
    throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<{ data: T }>().data;
}

export async function setUpCompany(app: LexDeskServer) {
  const answer = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: {
      query: `mutation($input: SetUpInput!) { setUp(input: $input) { token viewer { user { id } company { id } } } }`,
      variables: {
        input: {
          company_name: 'Bench Law',
          email: BENCH_EMAIL,
          first_name: 'Bench',
          last_name: 'Admin',
          password: PASSWORD,
          is_legal: true,
        },
      },
    },
  });
  const data = answer.json<{
    data?: { setUp: { token: string; viewer: { user: { id: string }; company: { id: string } } } };
  }>().data;
  if (!data) throw new Error(`set-up failed: ${answer.body}`);
  return {
    token: data.setUp.token,
    userId: data.setUp.viewer.user.id,
    companyId: data.setUp.viewer.company.id,
  };
}

const node = (id: string, type: string, config: Record<string, unknown>, x: number) => ({
  id,
  type,
  position: { x, y: 0 },
  data: { config },
});

/** Saves and switches on the 5-node workflow; returns its id. */
export async function createBenchWorkflow(
  app: LexDeskServer,
  who: { token: string; userId: string; companyId: string },
  name: string,
  webhookUrl: string,
): Promise<string> {
  const { id } = await rest<{ id: string }>(app, who.token, 'POST', '/workflow/create', {
    name,
    company_id: who.companyId,
  });
  await rest(app, who.token, 'POST', '/workflow/update-nodes-and-edges', {
    workflowId: id,
    userId: who.userId,
    newNodes: [
      node('t', 'trigger.document', { event: 'completed' }, 0),
      node('c', 'condition.field', { field: 'applicant', operator: 'is_empty' }, 200),
      node('name', 'action.set_fields', { name: '{name} ({applicant})' }, 400),
      node('tell', 'action.notify', { roles: ['admin'], message: '{name}' }, 600),
      node('hook', 'action.webhook', { url: webhookUrl, secret: 'bench-secret-of-16+' }, 800),
    ],
    newEdges: [
      { id: 'e1', source: 't', target: 'c' },
      { id: 'e2', source: 'c', target: 'name', sourceHandle: 'false' },
      { id: 'e3', source: 'name', target: 'tell' },
      { id: 'e4', source: 'tell', target: 'hook' },
    ],
  });
  await setActive(app, who.token, id, true);
  return id;
}

export async function setActive(app: LexDeskServer, token: string, id: string, active: boolean) {
  await rest(app, token, 'POST', '/workflow/toggle-active', { id, is_active: active });
}

/** One completed document (its raw file and the document, in one statement); returns its id. */
export async function writeCompletedDocument(
  pool: pg.Pool,
  companyId: string,
  n: number,
  title = 'Bench document',
) {
  const result = await pool.query<{ id: string }>(
    `with raw as (
       insert into raw_file (name, size, status, company_id, idempotency_key)
       values ($2, 10, 'Processed', $1, gen_random_uuid()) returning id)
     insert into legal_processed_file
       (name, legal_raw_file_id, company_id, start_page_no, end_page_no, action_status, applicant)
     select $3, raw.id, $1, 1, 2, 'complete', 'Maria Lopez' from raw returning id`,
    [companyId, `bench-${n}.pdf`, `${title} ${n}`],
  );
  return result.rows[0]!.id;
}
