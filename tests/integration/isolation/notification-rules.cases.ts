/**
 * Tenant isolation of notification rules and digest subscriptions: company A has a rule (with a
 * history row) and a digest. B's admin and B's provider manager list nothing of A, cannot read,
 * change, toggle or delete any of it, and A's company and record ids answer exactly like missing ones.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  emailSubscription,
  notificationSubscription,
  notificationSubscriptionHistory,
} from '../../../src/server/db/schemaNotify';
import { RULES_JSON } from '../fixtures/notification-refusals';
import { rest } from '../fixtures/raw-files';
import type { IsolationContext, IsolationModule } from './context';

let ruleOfA = '';
let digestOfA = '';

export const setup: IsolationModule['setup'] = async (c) => {
  const r = await c.server.gql<{ createNotificationRule: { id: string } }>(
    'mutation($i: CreateNotificationRuleInput!) { createNotificationRule(input: $i) { id } }',
    { i: { company_id: c.companyA, name: 'Secret rule', rules: RULES_JSON } },
    c.adminA.token,
  );
  expect(r.errors).toBeUndefined();
  ruleOfA = r.data!.createNotificationRule.id;
  await c.server.db.insert(notificationSubscriptionHistory).values({
    notification_subscription_id: ruleOfA,
    file: 'Secret document',
    recipients: ['secret@alpha.example'],
  });
  const digest = await rest<{ id: string }>(
    c.server,
    'POST',
    '/email-subscription/imap/create-email-subscription',
    c.adminA.token,
    {
      emails: ['secret@alpha.example'],
      starting_date: '2030-01-01',
      frequency: 'daily',
      company_id: c.companyA,
    },
  );
  expect(digest.status).toBe(200);
  digestOfA = digest.body.data!.id;
};

async function unchanged(c: IsolationContext) {
  const [rule] = await c.server.db
    .select()
    .from(notificationSubscription)
    .where(eq(notificationSubscription.id, ruleOfA));
  expect(rule).toMatchObject({ name: 'Secret rule', is_active: true });
  expect(JSON.parse(rule!.rules).recipients.external_emails).toEqual(['kept@outside.example']);
  const [digest] = await c.server.db
    .select()
    .from(emailSubscription)
    .where(eq(emailSubscription.id, digestOfA));
  expect(digest).toMatchObject({ emails: ['secret@alpha.example'], frequency: 'daily' });
}

const tokens = (c: IsolationContext) => [c.userB.token, c.managerOfB.token];

function gqlCase(
  query: string,
  variables: (id: string) => Record<string, unknown>,
  idOfA: () => string,
) {
  return (ctx: () => IsolationContext) => async () => {
    const c = ctx();
    for (const token of tokens(c)) {
      const r = await c.sameAsMissing(query, variables, idOfA(), token);
      expect(JSON.stringify(r)).not.toContain('Secret');
    }
    await unchanged(c);
  };
}

function restCase(
  method: string,
  path: (id: string) => string,
  body: (id: string) => unknown,
  idOfA: () => string,
) {
  return (ctx: () => IsolationContext) => async () => {
    const c = ctx();
    for (const token of tokens(c)) {
      const r = await c.restSameAsMissing(method, path, body, idOfA(), token);
      expect(JSON.stringify(r)).not.toContain('secret');
    }
    await unchanged(c);
  };
}

const companyA = (c: () => IsolationContext) => () => c().companyA;
const digestBody = (companyId: string) => ({
  emails: ['b@beta.example'],
  starting_date: '2030-01-01',
  frequency: 'daily',
  company_id: companyId,
});

export const cases: IsolationModule['cases'] = (ctx) => {
  const list = {
    'Query.notificationRules': gqlCase(
      'query($c: ID!) { notificationRules(company_id: $c) { id name } }',
      (c) => ({ c }),
      companyA(ctx),
    ),
    'Query.notificationRule': gqlCase(
      'query($id: ID!) { notificationRule(id: $id) { id name rules } }',
      (id) => ({ id }),
      () => ruleOfA,
    ),
    'Query.notificationRuleStats': gqlCase(
      'query($c: ID!) { notificationRuleStats(company_id: $c) { total } }',
      (c) => ({ c }),
      companyA(ctx),
    ),
    'Query.notificationRuleHistory': gqlCase(
      'query($id: ID!) { notificationRuleHistory(notification_subscription_id: $id) { id file } }',
      (id) => ({ id }),
      () => ruleOfA,
    ),
    'Mutation.createNotificationRule': gqlCase(
      'mutation($c: ID!, $r: String!) { createNotificationRule(input: {company_id: $c, name: "B", rules: $r}) { id } }',
      (c) => ({ c, r: RULES_JSON }),
      companyA(ctx),
    ),
    'Mutation.updateNotificationRule': gqlCase(
      'mutation($id: ID!) { updateNotificationRule(id: $id, input: {name: "Taken"}) { id } }',
      (id) => ({ id }),
      () => ruleOfA,
    ),
    'Mutation.deleteNotificationRule': gqlCase(
      'mutation($id: ID!) { deleteNotificationRule(id: $id) }',
      (id) => ({ id }),
      () => ruleOfA,
    ),
    'Mutation.toggleNotificationRule': gqlCase(
      'mutation($id: ID!) { toggleNotificationRule(id: $id, is_active: false) { id } }',
      (id) => ({ id }),
      () => ruleOfA,
    ),
    'POST /email-subscription/:provider/create-email-subscription': restCase(
      'POST',
      () => '/email-subscription/imap/create-email-subscription',
      digestBody,
      companyA(ctx),
    ),
    'PATCH /email-subscription/:provider/update-email-subscription/:id': restCase(
      'PATCH',
      (id) => `/email-subscription/imap/update-email-subscription/${id}`,
      () => ({ emails: ['taken@beta.example'] }),
      () => digestOfA,
    ),
    'GET /email-subscription/:provider/subscription/:id': restCase(
      'GET',
      (id) => `/email-subscription/imap/subscription/${id}`,
      () => undefined,
      () => digestOfA,
    ),
    'GET /email-subscription/:provider/subscriptions': restCase(
      'GET',
      (c) => `/email-subscription/imap/subscriptions?company_id=${c}`,
      () => undefined,
      companyA(ctx),
    ),
    'GET /email-subscription/:provider/processed-documents': restCase(
      'GET',
      (c) => `/email-subscription/imap/processed-documents?companyId=${c}`,
      () => undefined,
      companyA(ctx),
    ),
    'GET /email-subscription/:provider/processed-documents/bulk': restCase(
      'GET',
      (c) => `/email-subscription/imap/processed-documents/bulk?companyId=${c}&pageSize=5`,
      () => undefined,
      companyA(ctx),
    ),
  };
  return Object.fromEntries(Object.entries(list).map(([name, make]) => [name, make(ctx)]));
};
