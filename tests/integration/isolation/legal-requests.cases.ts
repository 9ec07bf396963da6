/**
 * Tenant isolation of task requests: company A has a request with a comment. B's admin and B's
 * provider manager list nothing of A, cannot read, change, work, comment on or delete A's request
 * or comment, and A's company and record ids answer exactly like missing ones.
 */
import { expect } from 'vitest';
import type { IsolationContext, IsolationModule } from './context';

let requestOfA = '';
let commentOfA = '';

async function asA<T>(c: IsolationContext, query: string, variables: Record<string, unknown>) {
  const r = await c.server.gql<T>(query, variables, c.adminA.token);
  expect(r.errors).toBeUndefined();
  return r.data!;
}

export const setup: IsolationModule['setup'] = async (c) => {
  requestOfA = (
    await asA<{ createLegalRequest: { id: string } }>(
      c,
      'mutation($i: CreateLegalRequestInput!) { createLegalRequest(input: $i) { id } }',
      {
        i: {
          company_id: c.companyA,
          requested_by: c.adminA.user.id,
          headline: 'Secret request',
          priority: 'High',
          category: 'Secret category',
          due_date: '2026-12-01',
          details: 'Secret details',
        },
      },
    )
  ).createLegalRequest.id;
  commentOfA = (
    await asA<{ addLegalRequestComment: { id: string } }>(
      c,
      'mutation($r: ID!) { addLegalRequestComment(request_id: $r, comment: "Secret comment") { id } }',
      { r: requestOfA },
    )
  ).addLegalRequestComment.id;
};

/** A's request, as A's admin sees it (unchanged by B's attempts). */
async function aStillHas(c: IsolationContext) {
  const d = await asA<{
    legalRequest: {
      headline: string;
      status: string;
      assignee_id: string | null;
      comments: Array<{ comment: string }>;
    };
  }>(
    c,
    'query($id: ID!) { legalRequest(id: $id) { headline status assignee_id comments { comment } } }',
    { id: requestOfA },
  );
  expect(d.legalRequest).toEqual({
    headline: 'Secret request',
    status: 'In Progress',
    assignee_id: null,
    comments: [{ comment: 'Secret comment' }],
  });
}

function byCompany(query: string) {
  return (ctx: () => IsolationContext) => async () => {
    const c = ctx();
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(query, (id) => ({ c: id }), c.companyA, token);
      expect(JSON.stringify(r)).not.toContain('Secret');
    }
    await aStillHas(c);
  };
}

function byId(query: string, idOf: () => string) {
  return (ctx: () => IsolationContext) => async () => {
    const c = ctx();
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(query, (id) => ({ id }), idOf(), token);
      expect(JSON.stringify(r)).not.toContain('Secret');
    }
    await aStillHas(c);
  };
}

export const cases: IsolationModule['cases'] = (ctx) => {
  const list: Record<string, (ctx: () => IsolationContext) => () => Promise<void>> = {
    'Query.legalRequests': byCompany(
      'query($c: ID!) { legalRequests(company_id: $c) { items { id headline } total counts { total } } }',
    ),
    'Query.legalRequest': byId(
      'query($id: ID!) { legalRequest(id: $id) { id headline comments { comment } } }',
      () => requestOfA,
    ),
    'Query.legalRequestAttachments': byId(
      'query($id: ID!) { legalRequestAttachments(request_id: $id) { id } }',
      () => requestOfA,
    ),
    'Mutation.updateLegalRequest': byId(
      'mutation($id: ID!) { updateLegalRequest(input: {id: $id, headline: "Taken over", status: "On Hold"}) { id } }',
      () => requestOfA,
    ),
    'Mutation.workLegalRequest': byId(
      'mutation($id: ID!) { workLegalRequest(input: {id: $id, automation_review_status: "Automatable"}) { id } }',
      () => requestOfA,
    ),
    'Mutation.deleteLegalRequest': byId(
      'mutation($id: ID!) { deleteLegalRequest(id: $id) }',
      () => requestOfA,
    ),
    'Mutation.addLegalRequestComment': byId(
      'mutation($id: ID!) { addLegalRequestComment(request_id: $id, comment: "Planted") { id } }',
      () => requestOfA,
    ),
    'Mutation.editLegalRequestComment': byId(
      'mutation($id: ID!) { editLegalRequestComment(id: $id, comment: "Taken over") { id } }',
      () => commentOfA,
    ),
    'Mutation.deleteLegalRequestComment': byId(
      'mutation($id: ID!) { deleteLegalRequestComment(id: $id) }',
      () => commentOfA,
    ),
  };
  const built = Object.fromEntries(Object.entries(list).map(([name, make]) => [name, make(ctx)]));
  return {
    ...built,
    // Filing into A's company, or as a subtask of A's request from B's own company.
    'Mutation.createLegalRequest': async () => {
      const c = ctx();
      const q = 'mutation($i: CreateLegalRequestInput!) { createLegalRequest(input: $i) { id } }';
      const input = (company: string, parent?: string) => ({
        company_id: company,
        requested_by: c.userB.user.id,
        headline: 'Planted',
        priority: 'Low',
        category: 'Planted',
        due_date: '2026-12-01',
        details: 'Planted',
        ...(parent ? { parent_task_id: parent } : {}),
      });
      for (const token of [c.userB.token, c.managerOfB.token])
        await c.sameAsMissing(q, (id) => ({ i: input(id) }), c.companyA, token);
      await c.sameAsMissing(q, (id) => ({ i: input(c.companyB, id) }), requestOfA, c.userB.token);
      await aStillHas(c);
    },
  };
};
