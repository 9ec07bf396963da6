/**
 * Tenant isolation of the live file feed: B's users cannot follow A's raw files and documents (A's
 * id answers exactly like a missing company), and B's own feed hears nothing of A's writes.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { rawFile } from '../../../src/server/db/schema';
import { subscribe } from '../../support/live';
import type { TestServer } from '../../support/server';
import { MISSING, type IsolationModule } from './context';

interface Change {
  companyFilesChanged: { company_id: string; reason: string } | null;
}
const FOLLOW = (id: string) =>
  `subscription { companyFilesChanged(company_id: "${id}") { company_id reason } }`;

async function addRawFile(server: TestServer, companyId: string): Promise<void> {
  await server.db.insert(rawFile).values({
    name: 'live-isolation.pdf',
    size: 10,
    status: 'Uploading',
    company_id: companyId,
    // Deleted from the start: the other cases' lists and counts of A and B stay as they were.
    is_deleted: true,
    idempotency_key: randomUUID(),
  });
}

/** What following `companyId` answers first: the first event, or the refusal's message. */
async function firstAnswer(url: string, token: string, companyId: string): Promise<string> {
  const feed = subscribe<Change>(url, token, FOLLOW(companyId));
  try {
    return await feed.next(30_000).then(
      (value) => JSON.stringify(value),
      (error: Error) => error.message,
    );
  } finally {
    await feed.dispose();
  }
}

export const cases: IsolationModule['cases'] = (ctx) => ({
  'Subscription.companyFilesChanged': async () => {
    const { server, userB, managerOfB, companyA, companyB } = ctx();
    for (const user of [userB, managerOfB]) {
      const aboutA = await firstAnswer(server.url, user.token, companyA);
      expect(aboutA).toEqual(await firstAnswer(server.url, user.token, MISSING));
      expect(aboutA).toMatch(/No Company Found/);
    }

    const feed = subscribe<Change>(server.url, userB.token, FOLLOW(companyB));
    const handedToB: string[] = [];
    const off = server.app.lexdesk.bus.onCompanyFilesChanged(companyB, (event) =>
      handedToB.push(event.company_id),
    );
    try {
      expect((await feed.next(30_000)).companyFilesChanged?.reason).toBe('subscribed');
      // A writes, then B writes: the first change B hears is its own, and the bus handed B only it.
      await addRawFile(server, companyA);
      await addRawFile(server, companyB);
      expect((await feed.next(30_000)).companyFilesChanged).toEqual({
        company_id: companyB,
        reason: 'changed',
      });
      expect(handedToB).toEqual([companyB]);
    } finally {
      off();
      await feed.dispose();
    }
  },
});
