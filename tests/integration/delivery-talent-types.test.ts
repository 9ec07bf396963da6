/**
 * The talent type catalogue (domains/talent/talentTypes.ts): the provider's internal admins
 * create and change roles and hourly rates (integer cents), checked with messages that say what
 * to fix; everyone else, a customer's administrator and the provider's managers included, is
 * refused; estimates priced after a change use the new rate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TALENT_TYPE_MESSAGES } from '../../src/shared/schemas/talentTypes';
import {
  CREATE_TASK,
  deliveryFixture,
  raiseRequest,
  type DeliveryFixture,
} from '../support/deliveryFixture';
import {
  startTestServer,
  type GraphQLResponse,
  type TestServer,
  type TestUser,
} from '../support/server';

let server: TestServer;
let f: DeliveryFixture;
let internalAdmin: TestUser;
let managerOfCustomer: TestUser;

interface TalentType {
  id: string;
  role: string;
  hourly_rate: number;
  is_team_lead: boolean;
}
const FIELDS = 'id role hourly_rate is_team_lead';
const CREATE = `mutation($input: TalentTypeInput!) { createTalentType(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: TalentTypeUpdateInput!) { updateTalentType(id: $id, input: $input) { ${FIELDS} } }`;
const LIST = `query { talentTypes { ${FIELDS} } }`;

const codeOf = (r: GraphQLResponse<unknown>) => r.errors?.[0]?.extensions?.code;
const issuesOf = (r: GraphQLResponse<unknown>) =>
  (r.errors?.[0]?.extensions?.issues ?? []) as Array<{ path: string; message: string }>;

const create = (input: Record<string, unknown>, token = internalAdmin.token) =>
  server.gql<{ createTalentType: TalentType }>(CREATE, { input }, token);
const update = (id: string, input: Record<string, unknown>, token = internalAdmin.token) =>
  server.gql<{ updateTalentType: TalentType }>(UPDATE, { id, input }, token);
const list = async (token: string) =>
  (await server.gql<{ talentTypes: TalentType[] }>(LIST, {}, token)).data!.talentTypes;

beforeAll(async () => {
  server = await startTestServer();
  f = await deliveryFixture(server);
  const provider = await server.signUpCompany({ name: 'Catalogue Provider', is_provider: true });
  internalAdmin = await server.addUser({
    companyId: provider.company.id,
    userType: 'internal_admin',
  });
  managerOfCustomer = await server.addUser({
    companyId: provider.company.id,
    userType: 'internal_manager',
    assignedCompanyIds: [f.customerCompany],
  });
});
afterAll(async () => server.close());

describe('talent types', () => {
  it('given the internal admin creates and edits a type, then everyone reads it and new estimates use its rate', async () => {
    const created = await create({ role: '  Data engineer  ', hourly_rate: 8_250 });
    expect(created.errors).toBeUndefined();
    const type = created.data!.createTalentType;
    expect(type).toMatchObject({ role: 'Data engineer', hourly_rate: 8_250, is_team_lead: false });
    expect(await list(f.dev.token)).toContainEqual(type);

    const changed = await update(type.id, { hourly_rate: 9_001 });
    expect(changed.data?.updateTalentType).toEqual({ ...type, hourly_rate: 9_001 });
    const renamed = await update(type.id, { role: 'Data platform engineer' });
    expect(renamed.data?.updateTalentType.role).toBe('Data platform engineer');

    const requestId = await raiseRequest(server, f);
    const task = await server.gql<{
      createTask: {
        total_estimated_cost: number;
        estimates: Array<{ hourly_rate: number; cost: number }>;
      };
    }>(
      CREATE_TASK,
      {
        input: {
          name: 'Pipeline',
          description: 'Nightly load.',
          status_id: 1,
          task_type: 'feature',
          request_id: requestId,
          created_by: f.lead.user.id,
          estimates: [{ talent_type_id: Number(type.id), hours: 1.5 }],
        },
      },
      f.lead.token,
    );
    expect(task.errors).toBeUndefined();
    // 1.5 h × 9,001 cents = 13,501.5, rounded half up.
    expect(task.data?.createTask.estimates).toMatchObject([{ hourly_rate: 9_001, cost: 13_502 }]);
    expect(task.data?.createTask.total_estimated_cost).toBe(13_502);
  });

  it('given a blank or too long role, or a negative or too high rate, then the field is named with what to fix', async () => {
    const blank = await create({ role: '   ', hourly_rate: 100 });
    expect(issuesOf(blank)).toEqual([{ path: 'role', message: TALENT_TYPE_MESSAGES.roleMissing }]);
    const negative = await create({ role: 'Negative', hourly_rate: -1 });
    expect(issuesOf(negative)).toEqual([
      { path: 'hourly_rate', message: TALENT_TYPE_MESSAGES.rateNegative },
    ]);
    const tooHigh = await create({ role: 'Too high', hourly_rate: 10_000_001 });
    expect(issuesOf(tooHigh)).toEqual([
      { path: 'hourly_rate', message: TALENT_TYPE_MESSAGES.rateTooHigh },
    ]);
    const long = await update('3', { role: 'x'.repeat(101) });
    expect(issuesOf(long)).toEqual([{ path: 'role', message: TALENT_TYPE_MESSAGES.roleTooLong }]);
    expect((await list(f.dev.token)).map((t) => t.role)).not.toContain('Negative');
  });

  it('given a role another type has, in any case, then it is refused by name', async () => {
    const [first] = await list(f.dev.token);
    const taken = await create({ role: first!.role.toUpperCase(), hourly_rate: 100 });
    expect(codeOf(taken)).toBe('TALENT_TYPE_ROLE_TAKEN');
    expect(taken.errors?.[0]?.message).toBe(
      `A talent type named "${first!.role.toUpperCase()}" already exists. Choose another role.`,
    );
    const other = (await create({ role: 'Solutions architect', hourly_rate: 100 })).data!
      .createTalentType;
    expect(codeOf(await update(other.id, { role: first!.role }))).toBe('TALENT_TYPE_ROLE_TAKEN');
    // Its own role, in another case, is not "taken".
    const recased = await update(other.id, { role: 'SOLUTIONS ARCHITECT' });
    expect(recased.data?.updateTalentType.role).toBe('SOLUTIONS ARCHITECT');
  });

  it('given an id of no talent type, then "This talent type does not exist."', async () => {
    const r = await update('999999', { hourly_rate: 1 });
    expect(codeOf(r)).toBe('NO_TALENT_TYPE');
    expect(r.errors?.[0]?.message).toBe('This talent type does not exist.');
  });

  it("given a customer's administrator, an assigned internal manager or delivery talent, then creating and editing are refused and the catalogue is unchanged", async () => {
    const before = await list(f.dev.token);
    for (const who of [f.customer, managerOfCustomer, f.pm, f.lead, f.dev]) {
      expect(codeOf(await create({ role: 'Sneaky', hourly_rate: 1 }, who.token))).toBe('FORBIDDEN');
      expect(codeOf(await update(before[0]!.id, { hourly_rate: 1 }, who.token))).toBe('FORBIDDEN');
    }
    expect(await list(f.dev.token)).toEqual(before);
  });
});
