import { describe, expect, it } from 'vitest';
import type { GraphQLContext } from '../../graphql/context';
import type { Viewer } from '../../permissions';
import { documentCountLoader } from './graphql';

const viewer = { companyIds: ['c1'] } as unknown as Viewer;
const contextOf = () => ({ auth: { kind: 'signed-in', viewer } }) as unknown as GraphQLContext;

describe('documents_count for cases other resolvers return', () => {
  it('given several cases in one request, then their counts are read in one batch', async () => {
    const calls: string[][] = [];
    const loader = documentCountLoader({
      documentCounts: async (_viewer, ids) => {
        calls.push([...ids]);
        return new Map([['a', 2]]);
      },
    });
    const context = contextOf();
    const counts = await Promise.all(['a', 'b', 'a'].map((id) => loader(context).load(id)));
    expect(counts).toEqual([2, 0, 2]);
    expect(calls).toEqual([['a', 'b']]);
    // Another request has its own batch.
    expect(await loader(contextOf()).load('a')).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('given the count query fails, then every waiting case gets the error', async () => {
    const loader = documentCountLoader({
      documentCounts: async () => {
        throw new Error('database down');
      },
    });
    const context = contextOf();
    const results = await Promise.allSettled([
      loader(context).load('a'),
      loader(context).load('b'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
