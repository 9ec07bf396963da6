/**
 * Task requests (issue 21): a firm files requests (every required field named when missing),
 * lists them a page at a time with status counts that leave out deleted requests and subtasks,
 * moves them only along the allowed status moves, comments with attachments uploaded through
 * POST /files/upload, and reads the activity the server wrote for every change (newest first).
 * The provider's internal manager assigned to the firm sees the same requests and works them;
 * the firm's own users may not.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalRequestActivity } from '../../src/server/db/schemaLegalRequests';
import { formatError } from '../../src/shared/errors';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { FIXTURES } from './fixtures/files';
import { upload } from './fixtures/http';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;
let manager: TestUser;
let providerDev: TestUser;

type Issue = { path: string; message: string };
type Gql = {
  errors?: Array<{ message: string; extensions?: { code?: string; issues?: Issue[] } }>;
};
const codeOf = (r: Gql) => r.errors?.[0]?.extensions?.code;

async function ok<T>(query: string, variables: Record<string, unknown>, token = admin.token) {
  const r = await server.gql<T>(query, variables, token);
  expect(r.errors).toBeUndefined();
  return r.data!;
}

const CREATE = `mutation($i: CreateLegalRequestInput!) { createLegalRequest(input: $i) {
  id status is_subtask parent_task_id headline requested_by_name } }`;
const UPDATE = `mutation($i: UpdateLegalRequestInput!) { updateLegalRequest(input: $i) { id status headline } }`;
const WORK = `mutation($i: WorkLegalRequestInput!) { workLegalRequest(input: $i) {
  id assignee_id assignee_name automation_review_status } }`;
const LIST = `query($c: ID!, $l: Int, $o: Int, $s: String, $st: String) {
  legalRequests(company_id: $c, limit: $l, offset: $o, search: $s, status: $st) {
    items { id headline category status } total counts { in_progress on_hold completed total } } }`;
const DETAILS = `query($id: ID!) { legalRequest(id: $id) { id status can_work
  subtasks { id headline }
  comments { id comment can_edit attachments { id type size name file_url } }
  attachments { id reference_id type size name }
  activities { type current previous } } }`;

const fields = (over: Record<string, unknown> = {}) => ({
  company_id: companyId,
  requested_by: paralegal.user.id,
  headline: 'Automate intake letters',
  priority: 'High',
  category: 'Automation',
  due_date: '2026-12-15',
  details: 'Generate the intake letter from the case.',
  ...over,
});

async function create(over: Record<string, unknown> = {}, token = admin.token) {
  return (
    await ok<{ createLegalRequest: { id: string; status: string } }>(
      CREATE,
      { i: fields(over) },
      token,
    )
  ).createLegalRequest;
}

const activities = async (id: string) =>
  (
    await ok<{
      legalRequest: {
        activities: Array<{ type: string; current: string | null; previous: string | null }>;
      };
    }>(DETAILS, { id })
  ).legalRequest.activities;

beforeAll(async () => {
  server = await startTestServer();
  const firm = await server.signUpCompany({ name: 'Request Firm', is_legal: true });
  companyId = firm.company.id;
  admin = firm.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
  const provider = await server.signUpCompany({ name: 'Delivery Co', is_provider: true });
  manager = await server.addUser({
    companyId: provider.company.id,
    userType: 'internal_manager',
    assignedCompanyIds: [companyId],
  });
  providerDev = await server.addUser({ companyId: provider.company.id, userType: 'developer' });
}, 120_000);
afterAll(async () => server.close());

describe('creating a task request', () => {
  it('given no fields at all, then each of the seven required ones is named', async () => {
    const r = await server.gql(CREATE, { i: {} }, admin.token);
    expect(codeOf(r)).toBe('INVALID_INPUT');
    expect(r.errors?.[0]?.extensions?.issues).toEqual(
      ['company_id', 'requested_by', 'headline', 'priority', 'category', 'due_date', 'details'].map(
        (path) => ({ path, message: `${path} is required.` }),
      ),
    );
  });

  it('given blank text, a bad priority, an impossible due date or a stranger as requester, then each is refused by name and nothing is written', async () => {
    const blank = await server.gql(CREATE, { i: fields({ headline: '  ' }) }, admin.token);
    expect(blank.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'headline', message: 'headline is required.' },
    ]);
    const priority = await server.gql(CREATE, { i: fields({ priority: 'Soon' }) }, admin.token);
    expect(priority.errors?.[0]?.extensions?.issues?.[0]).toEqual({
      path: 'priority',
      message: 'priority is one of Urgent, High, Medium, Low.',
    });
    const day = await server.gql(CREATE, { i: fields({ due_date: '2026-02-30' }) }, admin.token);
    expect(day.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('due_date');
    const stranger = await server.gql(
      CREATE,
      { i: fields({ requested_by: manager.user.id, headline: 'Never written' }) },
      admin.token,
    );
    expect(stranger.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('requested_by');
    const list = await ok<{ legalRequests: { items: Array<{ headline: string }> } }>(LIST, {
      c: companyId,
      s: 'Never written',
    });
    expect(list.legalRequests.items).toEqual([]);
  });

  it('given a valid request, then it starts In Progress with a "created" activity', async () => {
    const r = await create({ headline: 'Created once' });
    expect(r.status).toBe('In Progress');
    expect(await activities(r.id)).toEqual([
      { type: 'created', current: 'Created once', previous: null },
    ]);
  });
});

describe('the list', () => {
  it('given requests in every status, a subtask and a deleted one, then counts and pages leave the subtask and the deleted one out', async () => {
    const firm = await server.signUpCompany({ name: 'List Firm', is_legal: true });
    const c = firm.company.id;
    const mine = (over: Record<string, unknown>) =>
      ok<{ createLegalRequest: { id: string } }>(
        CREATE,
        { i: { ...fields({ company_id: c, requested_by: firm.admin.user.id }), ...over } },
        firm.admin.token,
      ).then((d) => d.createLegalRequest.id);
    const a = await mine({ headline: 'Alpha letters', category: 'Drafting' });
    const b = await mine({ headline: 'Bravo sync', category: 'CRM' });
    const d = await mine({ headline: 'Delta report', category: 'crm exports' });
    const gone = await mine({ headline: 'Gone', category: 'CRM' });
    await mine({ headline: 'Sub of alpha', category: 'CRM', parent_task_id: a });
    await ok(UPDATE, { i: { id: b, status: 'On Hold' } }, firm.admin.token);
    await ok(UPDATE, { i: { id: d, status: 'Completed' } }, firm.admin.token);
    await ok('mutation($id: ID!) { deleteLegalRequest(id: $id) }', { id: gone }, firm.admin.token);

    const all = await ok<{
      legalRequests: { items: Array<{ headline: string }>; total: number; counts: object };
    }>(LIST, { c }, firm.admin.token);
    expect(all.legalRequests.counts).toEqual({
      in_progress: 1,
      on_hold: 1,
      completed: 1,
      total: 3,
    });
    expect(all.legalRequests.items.map((i) => i.headline)).toEqual([
      'Delta report',
      'Bravo sync',
      'Alpha letters',
    ]);
    const page = await ok<{ legalRequests: { items: Array<{ headline: string }>; total: number } }>(
      LIST,
      { c, l: 1, o: 1 },
      firm.admin.token,
    );
    expect(page.legalRequests).toMatchObject({ items: [{ headline: 'Bravo sync' }], total: 3 });
    // Case-insensitive on headline or category; the status tab narrows the items, not the counts.
    const crm = await ok<{
      legalRequests: { items: Array<{ headline: string }>; total: number; counts: object };
    }>(LIST, { c, s: 'CRM', st: 'Completed' }, firm.admin.token);
    expect(crm.legalRequests.items.map((i) => i.headline)).toEqual(['Delta report']);
    expect(crm.legalRequests.total).toBe(1);
    expect(crm.legalRequests.counts).toEqual({
      in_progress: 0,
      on_hold: 1,
      completed: 1,
      total: 2,
    });
    const pattern = await ok<{ legalRequests: { total: number } }>(
      LIST,
      { c, s: '%' },
      firm.admin.token,
    );
    expect(pattern.legalRequests.total).toBe(0);
    const tooMany = await server.gql(LIST, { c, l: 101 }, firm.admin.token);
    expect(tooMany.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('limit');
  });
});

describe('status moves', () => {
  it.each([
    ['In Progress', 'On Hold'],
    ['In Progress', 'Completed'],
    ['On Hold', 'In Progress'],
    ['Completed', 'In Progress'],
  ])(
    'given a request %s, when it is moved to %s, then it moves and the move is in its activity',
    async (from, to) => {
      const r = await create();
      if (from === 'On Hold') await ok(UPDATE, { i: { id: r.id, status: 'On Hold' } });
      if (from === 'Completed') await ok(UPDATE, { i: { id: r.id, status: 'Completed' } });
      const moved = await ok<{ updateLegalRequest: { status: string } }>(UPDATE, {
        i: { id: r.id, status: to },
      });
      expect(moved.updateLegalRequest.status).toBe(to);
      expect((await activities(r.id))[0]).toEqual({ type: 'status', current: to, previous: from });
    },
  );

  it.each([
    ['On Hold', 'Completed'],
    ['Completed', 'On Hold'],
  ])(
    'given a request %s, when it is moved to %s, then the move is refused and nothing is written',
    async (from, to) => {
      const r = await create();
      if (from === 'Completed') await ok(UPDATE, { i: { id: r.id, status: 'Completed' } });
      else await ok(UPDATE, { i: { id: r.id, status: from } });
      const before = await activities(r.id);
      const refused = await server.gql(
        UPDATE,
        { i: { id: r.id, status: to, headline: 'Changed?' } },
        admin.token,
      );
      expect(codeOf(refused)).toBe('TASK_REQUEST_MOVE_REFUSED');
      expect(refused.errors?.[0]?.message).toBe(
        formatError('TASK_REQUEST_MOVE_REFUSED', { from, to }),
      );
      const after = await ok<{ legalRequest: { status: string } }>(DETAILS, { id: r.id });
      expect(after.legalRequest.status).toBe(from);
      expect(await activities(r.id)).toEqual(before);
    },
  );

  it('given an open subtask, then the parent cannot be completed until the subtask is', async () => {
    const parent = await create({ headline: 'Parent' });
    const sub = await create({ headline: 'Child', parent_task_id: parent.id });
    const refused = await server.gql(
      UPDATE,
      { i: { id: parent.id, status: 'Completed' } },
      admin.token,
    );
    expect(codeOf(refused)).toBe('TASK_REQUEST_SUBTASKS_OPEN');
    await ok(UPDATE, { i: { id: sub.id, status: 'Completed' } });
    await ok(UPDATE, { i: { id: parent.id, status: 'Completed' } });
    const nested = await server.gql(CREATE, { i: fields({ parent_task_id: sub.id }) }, admin.token);
    expect(codeOf(nested)).toBe('TASK_REQUEST_NESTED_SUBTASK');
    const d = await ok<{ legalRequest: { subtasks: Array<{ headline: string }> } }>(DETAILS, {
      id: parent.id,
    });
    expect(d.legalRequest.subtasks.map((s) => s.headline)).toEqual(['Child']);
  });
});

describe('changes write activity', () => {
  it('given an update of several fields, then one row per changed field is written, newest first, and an unchanged update writes none', async () => {
    const r = await create({ headline: 'Before' });
    await ok(UPDATE, {
      i: { id: r.id, headline: 'After', priority: 'Low', category: 'Automation' },
    });
    await ok(UPDATE, { i: { id: r.id, headline: 'After' } });
    const rows = await activities(r.id);
    // One transaction's rows keep their order (ids increase), newest first overall.
    expect(rows).toEqual([
      { type: 'priority', current: 'Low', previous: 'High' },
      { type: 'headline', current: 'After', previous: 'Before' },
      { type: 'created', current: 'Before', previous: null },
    ]);
    const stored = await server.db
      .select()
      .from(legalRequestActivity)
      .where(eq(legalRequestActivity.legal_request_id, r.id));
    expect(stored.every((row) => row.updated_by === admin.user.id)).toBe(true);
  });
});

describe('when the activity cannot be written', () => {
  it('given the activity insert fails, then the change is rolled back and the answer is the catalogue message', async () => {
    const r = await create({ headline: 'Kept' });
    await server.db.execute(
      sql`alter table legal_request_activity add constraint test_no_headline check (type <> 'headline') not valid`,
    );
    try {
      const failed = await server.gql(UPDATE, { i: { id: r.id, headline: 'Lost' } }, admin.token);
      expect(codeOf(failed)).toBe('CREATE_LEGAL_REQUEST_ACTIVITY_FAILED');
      expect(failed.errors?.[0]?.message).toBe('Failed to create legal request activity');
    } finally {
      await server.db.execute(
        sql`alter table legal_request_activity drop constraint test_no_headline`,
      );
    }
    const after = await ok<{ legalRequest: { headline: string } }>(
      'query($id: ID!) { legalRequest(id: $id) { headline } }',
      { id: r.id },
    );
    expect(after.legalRequest.headline).toBe('Kept');
    expect((await activities(r.id)).map((a) => a.type)).toEqual(['created']);
  });
});

describe('comments and attachments', () => {
  it("given a pdf uploaded through /files/upload, then a comment carries it, the list shows its type and size, and edit and delete are the author's", async () => {
    const r = await create();
    const up = await upload(
      `${server.url}/files/upload?company_id=${companyId}`,
      'brief.pdf',
      FIXTURES.pdf,
      admin.token,
    );
    expect(up.status).toBe(200);
    const key = (up.body as unknown as { key: string }).key;
    const added = await ok<{
      addLegalRequestComment: {
        id: string;
        attachments: Array<{ type: string; size: number; file_url: string }>;
      };
    }>(
      'mutation($r: ID!, $c: String, $k: [String!]) { addLegalRequestComment(request_id: $r, comment: $c, attachment_keys: $k) { id attachments { type size file_url } } }',
      { r: r.id, c: 'See the brief', k: [key] },
    );
    const comment = added.addLegalRequestComment;
    expect(comment.attachments).toEqual([
      {
        type: 'application/pdf',
        size: FIXTURES.pdf.length,
        file_url: expect.stringContaining(`/files/${key}?`),
      },
    ]);
    const listed = await ok<{
      legalRequestAttachments: Array<{ type: string; size: number; reference_id: string }>;
    }>(
      'query($r: ID!) { legalRequestAttachments(request_id: $r) { type size reference_id } }',
      { r: r.id },
      paralegal.token,
    );
    expect(listed.legalRequestAttachments).toEqual([
      { type: 'application/pdf', size: FIXTURES.pdf.length, reference_id: comment.id },
    ]);

    const editQ =
      'mutation($id: ID!, $c: String) { editLegalRequestComment(id: $id, comment: $c) { comment } }';
    const notMine = await server.gql(editQ, { id: comment.id, c: 'Hijacked' }, paralegal.token);
    expect(codeOf(notMine)).toBe('COMMENT_NOT_AUTHOR');
    const blank = await server.gql(editQ, { id: comment.id, c: ' ' }, admin.token);
    expect(blank.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'comment', message: 'comment is required.' },
    ]);
    await ok(editQ, { id: comment.id, c: 'See the new brief' });
    const delQ = 'mutation($id: ID!) { deleteLegalRequestComment(id: $id) }';
    expect(codeOf(await server.gql(delQ, { id: comment.id }, paralegal.token))).toBe(
      'COMMENT_NOT_AUTHOR',
    );
    await ok(delQ, { id: comment.id });

    const d = await ok<{ legalRequest: { comments: unknown[]; attachments: unknown[] } }>(DETAILS, {
      id: r.id,
    });
    expect(d.legalRequest.comments).toEqual([]);
    expect(d.legalRequest.attachments).toEqual([]);
    expect((await activities(r.id)).map((a) => a.type)).toEqual([
      'comment_deleted',
      'comment_edited',
      'attachment_added',
      'comment_added',
      'created',
    ]);
  });

  it('given a key that is not an upload of this company, then the comment is refused and not written', async () => {
    const r = await create();
    const other = await server.signUpCompany({ name: 'Other Firm', is_legal: true });
    const up = await upload(`${server.url}/files/upload`, 'x.pdf', FIXTURES.pdf, other.admin.token);
    const key = (up.body as unknown as { key: string }).key;
    const refused = await server.gql(
      'mutation($r: ID!, $k: [String!]) { addLegalRequestComment(request_id: $r, comment: "x", attachment_keys: $k) { id } }',
      { r: r.id, k: [key] },
      admin.token,
    );
    expect(refused.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('attachment_keys.0');
    const d = await ok<{ legalRequest: { comments: unknown[] } }>(DETAILS, { id: r.id });
    expect(d.legalRequest.comments).toEqual([]);
    expect((await activities(r.id)).map((a) => a.type)).toEqual(['created']);
  });
});

describe('the delivery side', () => {
  it("given the internal manager assigned to the firm, then they see the request and assign and review it; the firm's users and unassigned provider people may not", async () => {
    const r = await create({ headline: 'Delivery sees this' });
    const seen = await ok<{ legalRequests: { items: Array<{ id: string }> } }>(
      LIST,
      { c: companyId, s: 'Delivery sees this' },
      manager.token,
    );
    expect(seen.legalRequests.items.map((i) => i.id)).toEqual([r.id]);
    const d = await ok<{ legalRequest: { can_work: boolean } }>(
      DETAILS,
      { id: r.id },
      manager.token,
    );
    expect(d.legalRequest.can_work).toBe(true);

    const worked = await ok<{
      workLegalRequest: { assignee_id: string; automation_review_status: string };
    }>(
      WORK,
      { i: { id: r.id, assignee_id: providerDev.user.id, automation_review_status: 'In Review' } },
      manager.token,
    );
    expect(worked.workLegalRequest).toMatchObject({
      assignee_id: providerDev.user.id,
      automation_review_status: 'In Review',
    });
    expect((await activities(r.id)).slice(0, 2)).toEqual([
      { type: 'automation_review_status', current: 'In Review', previous: null },
      { type: 'assignee', current: expect.any(String), previous: null },
    ]);

    const firmUser = await server.gql(
      WORK,
      { i: { id: r.id, automation_review_status: 'Automatable' } },
      admin.token,
    );
    expect(codeOf(firmUser)).toBe('TASK_REQUEST_NOT_WORKER');
    const firmAssignee = await server.gql(
      WORK,
      { i: { id: r.id, assignee_id: paralegal.user.id } },
      manager.token,
    );
    expect(firmAssignee.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('assignee_id');
    const developer = await server.gql(DETAILS, { id: r.id }, providerDev.token);
    expect(codeOf(developer)).toBe('NOT_FOUND');
  });
});
