import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, PRODUCT_ERRORS } from '../../src/shared/errors';
import { startTestServer, type TestServer } from '../support/server';
import { FIXTURES } from './fixtures/files';
import { upload } from './fixtures/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ uploadMaxBytes: 64 * 1024 });
});
afterAll(async () => server.close());

describe('POST /files/upload', () => {
  it('given a valid PDF, when uploaded, then a signed url comes back and serves the same bytes safely', async () => {
    const { admin } = await server.signUpCompany();
    const result = await upload(
      `${server.url}/files/upload`,
      'claim.pdf',
      FIXTURES.pdf,
      admin.token,
    );
    expect(result.status).toBe(200);
    expect(result.body.url).toMatch(
      new RegExp(`^${server.url}/files/[A-Za-z0-9_-]{32}\\?expires=\\d+&sig=`),
    );
    const served = await fetch(result.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(FIXTURES.pdf);
  });

  it('given a PNG named .pdf, when uploaded, then "Invalid file type or format" with an empty url', async () => {
    const { admin } = await server.signUpCompany();
    const result = await upload(
      `${server.url}/files/upload`,
      'report.pdf',
      FIXTURES.png,
      admin.token,
    );
    expect(result).toEqual({
      status: 400,
      body: { error: { code: 'INVALID_FILE_TYPE', message: ERRORS.INVALID_FILE_TYPE }, url: '' },
    });
  });

  it('given an executable renamed .pdf, when uploaded, then it is refused the same way', async () => {
    const { admin } = await server.signUpCompany();
    const result = await upload(
      `${server.url}/files/upload`,
      'invoice.pdf',
      FIXTURES.exe,
      admin.token,
    );
    expect(result.body).toEqual({
      error: { code: 'INVALID_FILE_TYPE', message: ERRORS.INVALID_FILE_TYPE },
      url: '',
    });
  });

  it('given an empty file or one over the limit, when uploaded, then FILE_EMPTY (400) or FILE_TOO_LARGE (413)', async () => {
    const { admin } = await server.signUpCompany();
    const empty = await upload(
      `${server.url}/files/upload`,
      'empty.pdf',
      FIXTURES.empty,
      admin.token,
    );
    expect(empty).toEqual({
      status: 400,
      body: { error: { code: 'FILE_EMPTY', message: PRODUCT_ERRORS.FILE_EMPTY }, url: '' },
    });
    const big = new Uint8Array(70 * 1024).fill(0x20);
    big.set(FIXTURES.pdf);
    const large = await upload(`${server.url}/files/upload`, 'big.pdf', big, admin.token);
    expect(large).toEqual({
      status: 413,
      body: { error: { code: 'FILE_TOO_LARGE', message: PRODUCT_ERRORS.FILE_TOO_LARGE }, url: '' },
    });
  });

  it('given no token, when uploading or fetching without a signature, then 401', async () => {
    const result = await upload(`${server.url}/files/upload`, 'claim.pdf', FIXTURES.pdf);
    expect(result.status).toBe(401);
    expect(result.body.error?.code).toBe('NOT_AUTHENTICATED');
    const fetched = await fetch(`${server.url}/files/${'a'.repeat(32)}`);
    expect(fetched.status).toBe(401);
  });

  it('given a stored file, when its link is tampered with or expired, then 404; with a bearer token of the company, then 200', async () => {
    const { admin } = await server.signUpCompany();
    const { body } = await upload(
      `${server.url}/files/upload`,
      'claim.pdf',
      FIXTURES.pdf,
      admin.token,
    );
    const link = new URL(body.url);
    const tampered = new URL(link);
    tampered.searchParams.set('sig', `${link.searchParams.get('sig')!.slice(0, -2)}xx`);
    expect((await fetch(tampered)).status).toBe(404);
    const expired = new URL(link);
    expired.searchParams.set('expires', '1000');
    expect((await fetch(expired)).status).toBe(404);
    const bare = `${link.origin}${link.pathname}`;
    expect(
      (await fetch(bare, { headers: { authorization: `Bearer ${admin.token}` } })).status,
    ).toBe(200);
  });
});

describe('company icon and avatar', () => {
  const COMPANY = 'query($id: ID!) { company(id: $id) { icon_url } }';

  it('given a company admin, when uploading a PNG icon, then the company shows a working icon link', async () => {
    const { company, admin } = await server.signUpCompany();
    const result = await upload(
      `${server.url}/companies/${company.id}/icon`,
      'logo.png',
      FIXTURES.png,
      admin.token,
    );
    expect(result.status).toBe(200);
    const fetched = await server.gql<{ company: { icon_url: string } }>(
      COMPANY,
      { id: company.id },
      admin.token,
    );
    const iconUrl = fetched.data!.company.icon_url;
    expect(iconUrl).toMatch(/\/files\/.+\?expires=/);
    const image = await fetch(iconUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('given a PDF as icon, when uploaded, then "Invalid file type or format" and the icon is unchanged', async () => {
    const { company, admin } = await server.signUpCompany();
    const result = await upload(
      `${server.url}/companies/${company.id}/icon`,
      'claim.pdf',
      FIXTURES.pdf,
      admin.token,
    );
    expect(result).toEqual({
      status: 400,
      body: { error: { code: 'INVALID_FILE_TYPE', message: ERRORS.INVALID_FILE_TYPE }, url: '' },
    });
    const fetched = await server.gql<{ company: { icon_url: string | null } }>(
      COMPANY,
      { id: company.id },
      admin.token,
    );
    expect(fetched.data?.company.icon_url).toBeNull();
  });

  it('given a plain user, when uploading the company icon, then it is forbidden', async () => {
    const { company } = await server.signUpCompany();
    const member = await server.addUser({ companyId: company.id });
    const result = await upload(
      `${server.url}/companies/${company.id}/icon`,
      'logo.svg',
      FIXTURES.svg,
      member.token,
    );
    expect(result.status).toBe(403);
    expect(result.body.error?.code).toBe('FORBIDDEN');
  });

  it("given my profile, when uploading an SVG avatar, then it is set; a colleague's avatar is forbidden", async () => {
    const { company, admin } = await server.signUpCompany();
    const colleague = await server.addUser({ companyId: company.id });
    const mine = await upload(
      `${server.url}/users/${admin.user.id}/avatar`,
      'me.svg',
      FIXTURES.svg,
      admin.token,
    );
    expect(mine.status).toBe(200);
    const served = await fetch(mine.body.url);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const profile = await server.gql<{ userProfile: { avatar: string } }>(
      'query($id: ID!) { userProfile(id: $id) { avatar } }',
      { id: admin.user.id },
      colleague.token,
    );
    expect(profile.data?.userProfile.avatar).toMatch(/\/files\//);
    const theirs = await upload(
      `${server.url}/users/${colleague.user.id}/avatar`,
      'x.png',
      FIXTURES.png,
      admin.token,
    );
    expect(theirs.status).toBe(403);
  });
});
