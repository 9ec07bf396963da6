/**
 * Issue 15 item 3: the demo's notifications speak of things that exist and link to screens that
 * exist (the seed once named a file never uploaded and sent the attorney to /settings/company).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notification, rawFile } from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/seed/demo';
import { isAppPath } from '../../src/shared/routes';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => server.close());

describe('the demo notifications', () => {
  it('given the demo is seeded, then every notification links to a screen of the app and names no missing file', async () => {
    await seedDemo(server.db);
    const notes = await server.db.select().from(notification);
    expect(notes.length).toBeGreaterThan(0);
    const files = new Set((await server.db.select().from(rawFile)).map((file) => file.name));
    for (const note of notes) {
      expect(note.redirect === null || isAppPath(note.redirect), String(note.redirect)).toBe(true);
      // A file a notification names ("Scanner batch 0412.pdf") is one the demo has.
      for (const [, name] of note.content.matchAll(/"([^"]+\.[A-Za-z]{3,4})"/g))
        expect(files, `${note.content} names a file the demo does not have`).toContain(name);
    }
  });
});
