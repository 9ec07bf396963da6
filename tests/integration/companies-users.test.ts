import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, PRODUCT_ERRORS } from '../../src/shared/errors';
import { startTestServer, type TestServer } from '../support/server';

const COMPANY =
  'query($id: ID!) { company(id: $id) { id name date_format delivery_update is_legal crm_verified icon_url } }';
const UPDATE_COMPANY =
  'mutation($id: ID!, $input: UpdateCompanyInput!) { updateCompany(id: $id, input: $input) { id name date_format } }';
const PROFILE =
  'query($id: ID!) { userProfile(id: $id) { id email about_me user_type { id name } legal_user_type company { id name } } }';
const ABOUT_ME =
  'mutation($id: ID!, $about: String!) { updateAboutMe(id: $id, about_me: $about) { id about_me } }';
const USERS = 'query($id: ID!) { usersByCompany(company_id: $id) { id email } }';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('company', () => {
  it('given a member, when fetching their company by id, then it comes back with the spec defaults', async () => {
    const { company, admin } = await server.signUpCompany({ name: 'Brightline', is_legal: true });
    const result = await server.gql(COMPANY, { id: company.id }, admin.token);
    expect(result.data?.company).toEqual({
      id: company.id,
      name: 'Brightline',
      date_format: 'MM/DD/YYYY',
      delivery_update: true,
      is_legal: true,
      crm_verified: false,
      icon_url: null,
    });
  });

  it('given an unknown id or a malformed id, when fetching, then "No Company Found"', async () => {
    const { admin } = await server.signUpCompany();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const result = await server.gql(COMPANY, { id }, admin.token);
      expect(result.errors?.[0]?.message).toBe(ERRORS.NO_COMPANY);
      expect(result.errors?.[0]?.extensions?.code).toBe('NO_COMPANY');
    }
  });

  it('given a company admin, when updating name and date format, then both change (name trimmed)', async () => {
    const { company, admin } = await server.signUpCompany();
    const result = await server.gql(
      UPDATE_COMPANY,
      { id: company.id, input: { name: '  New Name LLP ', date_format: 'YYYY-MM-DD' } },
      admin.token,
    );
    expect(result.data?.updateCompany).toEqual({
      id: company.id,
      name: 'New Name LLP',
      date_format: 'YYYY-MM-DD',
    });
  });

  it('given invalid values, when updating the company, then INVALID_INPUT names each bad field and nothing changes', async () => {
    const { company, admin } = await server.signUpCompany({ name: 'Stable' });
    const cases = [
      { input: { name: '   ' }, path: 'name' },
      { input: { name: 'x'.repeat(201) }, path: 'name' },
      { input: { date_format: 'YY/M/D' }, path: 'date_format' },
    ];
    for (const { input, path } of cases) {
      const result = await server.gql(UPDATE_COMPANY, { id: company.id, input }, admin.token);
      expect(result.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
      expect(result.errors?.[0]?.message).toBe(PRODUCT_ERRORS.INVALID_INPUT);
      expect(result.errors?.[0]?.extensions?.issues?.[0]?.path).toBe(path);
    }
    const after = await server.gql<{ company: { name: string } }>(
      COMPANY,
      { id: company.id },
      admin.token,
    );
    expect(after.data?.company.name).toBe('Stable');
  });

  it('given a plain user, when updating the company, then it is forbidden', async () => {
    const { company } = await server.signUpCompany();
    const member = await server.addUser({ companyId: company.id, userType: 'user' });
    const result = await server.gql(
      UPDATE_COMPANY,
      { id: company.id, input: { name: 'Mine now' } },
      member.token,
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('given an internal manager assigned to a company, when reading and updating it, then both work; an unassigned one is not found', async () => {
    const provider = await server.signUpCompany({ is_provider: true });
    const client = await server.signUpCompany({ name: 'Assigned Co' });
    const other = await server.signUpCompany({ name: 'Unassigned Co' });
    const manager = await server.addUser({
      companyId: provider.company.id,
      userType: 'internal_manager',
      assignedCompanyIds: [client.company.id],
    });
    const updated = await server.gql(
      UPDATE_COMPANY,
      { id: client.company.id, input: { name: 'Renamed by manager' } },
      manager.token,
    );
    expect(updated.errors).toBeUndefined();
    const hidden = await server.gql(COMPANY, { id: other.company.id }, manager.token);
    expect(hidden.errors?.[0]?.extensions?.code).toBe('NO_COMPANY');
    const viewer = await server.gql<{ viewer: { company_ids: string[] } }>(
      '{ viewer { company_ids } }',
      {},
      manager.token,
    );
    expect(viewer.data?.viewer.company_ids).toEqual([provider.company.id, client.company.id]);
  });
});

describe('user profile', () => {
  it('given a colleague, when fetching their profile, then it has user type and company', async () => {
    const { company, admin } = await server.signUpCompany({ name: 'Profiles Inc', is_legal: true });
    const paralegal = await server.addUser({
      companyId: company.id,
      userType: 'user',
      legalUserType: 'paralegal',
    });
    const result = await server.gql(PROFILE, { id: paralegal.user.id }, admin.token);
    expect(result.data?.userProfile).toEqual({
      id: paralegal.user.id,
      email: paralegal.user.email,
      about_me: null,
      user_type: { id: '2', name: 'user' },
      legal_user_type: 'paralegal',
      company: { id: company.id, name: 'Profiles Inc' },
    });
  });

  it('given an unknown profile id, when fetching, then "No user profile available"', async () => {
    const { admin } = await server.signUpCompany();
    const result = await server.gql(
      PROFILE,
      { id: '00000000-0000-4000-8000-000000000000' },
      admin.token,
    );
    expect(result.errors?.[0]?.message).toBe(ERRORS.NO_USER_PROFILE);
  });

  it('given my own profile, when updating about me, then it is saved; too long or without an id is refused', async () => {
    const { admin } = await server.signUpCompany();
    const saved = await server.gql(
      ABOUT_ME,
      { id: admin.user.id, about: 'Workers’ comp paralegal since 2015.' },
      admin.token,
    );
    expect(saved.data?.updateAboutMe).toEqual({
      id: admin.user.id,
      about_me: 'Workers’ comp paralegal since 2015.',
    });
    const tooLong = await server.gql(
      ABOUT_ME,
      { id: admin.user.id, about: 'x'.repeat(2001) },
      admin.token,
    );
    expect(tooLong.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    const noId = await server.gql(ABOUT_ME, { id: '', about: 'hello' }, admin.token);
    expect(noId.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
  });

  it("given a colleague's profile, when updating their about me, then it is forbidden and unchanged", async () => {
    const { company, admin } = await server.signUpCompany();
    const colleague = await server.addUser({ companyId: company.id });
    const result = await server.gql(
      ABOUT_ME,
      { id: colleague.user.id, about: 'hacked' },
      admin.token,
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const after = await server.gql<{ userProfile: { about_me: string | null } }>(
      PROFILE,
      { id: colleague.user.id },
      colleague.token,
    );
    expect(after.data?.userProfile.about_me).toBeNull();
  });

  it('given a company with users, when listing users by company, then all of them come back; an empty or unknown company gives []', async () => {
    const { company, admin } = await server.signUpCompany();
    const second = await server.addUser({ companyId: company.id });
    const result = await server.gql<{ usersByCompany: Array<{ id: string }> }>(
      USERS,
      { id: company.id },
      admin.token,
    );
    expect(result.data?.usersByCompany.map((u) => u.id).sort()).toEqual(
      [admin.user.id, second.user.id].sort(),
    );
    const unknown = await server.gql(
      USERS,
      { id: '00000000-0000-4000-8000-000000000000' },
      admin.token,
    );
    expect(unknown.data).toEqual({ usersByCompany: [] });
  });
});
