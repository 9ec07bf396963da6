import { describe, expect, it } from 'vitest';
import { isReadOnlyRoute } from './readScope';
import { READ_ONLY_POST_ROUTES, ROUTES } from './routes';

describe('isReadOnlyRoute', () => {
  it('given GET and HEAD routes, then they read; GET /graphql is left to the GraphQL plugin', () => {
    expect(isReadOnlyRoute(['GET'], '/raw-files/rawFilesDetails')).toBe(true);
    expect(isReadOnlyRoute(['HEAD'], '/uploads/:id')).toBe(true);
    expect(isReadOnlyRoute(['GET', 'HEAD'], '/health')).toBe(true);
    expect(isReadOnlyRoute(['GET'], '/graphql')).toBe(false);
  });

  it('given a POST, then only the listed read-only searches read; writes and mixed methods do not', () => {
    expect(isReadOnlyRoute(['POST'], '/raw-files/get-by-status')).toBe(true);
    expect(isReadOnlyRoute(['POST'], '/raw-files/upload-log')).toBe(false);
    expect(isReadOnlyRoute(['PATCH'], '/case/:caseId/company/:companyId')).toBe(false);
    expect(isReadOnlyRoute(['GET', 'POST'], '/raw-files/upload-log')).toBe(false);
  });

  it('given the read-only POST list, then each names a POST route of the route table', () => {
    const routes: ReadonlySet<string> = new Set(ROUTES);
    for (const route of READ_ONLY_POST_ROUTES) {
      expect(route.startsWith('POST ')).toBe(true);
      expect(routes.has(route), route).toBe(true);
    }
  });
});
