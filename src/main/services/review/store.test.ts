import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewStoreError } from './db';
import { openReviewStore, type ReviewStore } from './store';

const dirs: string[] = [];
const open: ReviewStore[] = [];
afterEach(async () => {
  for (const store of open.splice(0)) store.close();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-review-store-'));
  dirs.push(dir);
  return path.join(dir, 'desktop', 'review.db');
}

function storeAt(file: string, reports: string[] = []): ReviewStore {
  const store = openReviewStore({
    file,
    onBadRow: ({ table, reason }) => reports.push(`${table}: ${reason}`),
  });
  open.push(store);
  return store;
}

const USER = 'user-1';
const doc = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  company_id: 'c1',
  version: 1,
  url: `http://server/files/${id}?sig=1`,
  name: `Document ${id}`,
  applicant: 'Ann',
  ...extra,
});
const edit = (documentId: string, applicant: string, from = 'Ann') => ({
  documentId,
  companyId: 'c1',
  kind: 'update' as const,
  changes: { applicant },
  base: { applicant: from },
});

describe('offline review store', () => {
  it('given the store file, when opened, then it is in WAL mode with synchronous FULL', () => {
    const store = storeAt(tempFile());
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    // 2 = FULL
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('given a cached document, when a change is saved, then the outbox item and the changed copy are there together after reopening', () => {
    const file = tempFile();
    const store = storeAt(file);
    store.cacheDocuments(USER, [doc('d1')]);
    const item = store.enqueue(USER, edit('d1', 'Bob'));
    expect(item).toMatchObject({ state: 'pending', documentName: 'Document d1' });
    store.close();
    open.pop();

    const again = storeAt(file);
    expect(again.outbox(USER).map((entry) => entry.id)).toEqual([item.id]);
    expect(again.getDocument(USER, 'd1')?.document.applicant).toBe('Bob');
  });

  it('given a change whose write fails, when saved, then neither the item nor the cached change is stored', () => {
    const store = storeAt(tempFile());
    store.cacheDocuments(USER, [doc('d1')]);
    expect(() => store.enqueue(USER, { ...edit('d1', 'Bob'), companyId: 'other' })).toThrow(
      ReviewStoreError,
    );
    expect(store.outbox(USER)).toEqual([]);
    expect(store.getDocument(USER, 'd1')?.document.applicant).toBe('Ann');
  });

  it('given an item that was being sent when the app stopped, when the store opens again, then it is pending again', () => {
    const file = tempFile();
    const store = storeAt(file);
    const item = store.enqueue(USER, edit('d1', 'Bob'));
    store.markSending(item.id);
    store.close();
    open.pop();
    expect(storeAt(file).item(item.id)).toMatchObject({ state: 'pending', attempts: 1 });
  });

  it('given two changes to one document and one to another, when due items are read, then only the first of each document is due, and a conflict holds the later one back', () => {
    const store = storeAt(tempFile());
    const first = store.enqueue(USER, edit('d1', 'Bob'));
    const second = store.enqueue(USER, edit('d1', 'Cy', 'Bob'));
    const other = store.enqueue(USER, edit('d2', 'Dee'));
    expect(store.due(USER).map((item) => item.id)).toEqual([first.id, other.id]);

    store.markConflict(
      first.id,
      [{ field: 'applicant', base_value: '"Ann"', server_value: '"Srv"', your_value: '"Bob"' }],
      null,
    );
    expect(store.due(USER).map((item) => item.id)).toEqual([other.id]);
    store.markSaved(other.id, null);
    store.discard(USER, first.id);
    expect(store.due(USER).map((item) => item.id)).toEqual([second.id]);
  });

  it("given a conflict answered with the server's copy, when the user keeps it pending, then the view shows the user's value over the new server copy", () => {
    const store = storeAt(tempFile());
    store.cacheDocuments(USER, [doc('d1')]);
    const item = store.enqueue(USER, edit('d1', 'Bob'));
    store.markConflict(
      item.id,
      [{ field: 'applicant', base_value: '"Ann"', server_value: '"Srv"', your_value: '"Bob"' }],
      doc('d1', { applicant: 'Srv', defendant: 'New', version: 2 }),
    );
    expect(store.getDocument(USER, 'd1')?.document).toMatchObject({
      applicant: 'Bob',
      defendant: 'New',
      version: 2,
    });
    store.discard(USER, item.id);
    expect(store.getDocument(USER, 'd1')?.document.applicant).toBe('Srv');
  });

  it('given another user on the same computer, when they read, then they see none of the first user’s documents or changes', () => {
    const store = storeAt(tempFile());
    store.cacheDocuments(USER, [doc('d1')], { companyId: 'c1', statusType: 'all' });
    store.enqueue(USER, edit('d1', 'Bob'));
    expect(store.getDocument('user-2', 'd1')).toBeNull();
    expect(store.listQueue('user-2', 'c1', 'all')).toEqual([]);
    expect(store.outbox('user-2')).toEqual([]);
    expect(store.counts('user-2')).toEqual({ pending: 0, conflicts: 0, failed: 0 });
    expect(store.counts(USER)).toEqual({ pending: 1, conflicts: 0, failed: 0 });
  });

  it('given a cached queue, when a document is marked reviewed locally, then the cached queue no longer lists it', () => {
    const store = storeAt(tempFile());
    store.cacheDocuments(USER, [doc('d1'), doc('d2'), doc('d3')], {
      companyId: 'c1',
      statusType: 'all',
    });
    store.enqueue(USER, { ...edit('d2', 'x'), kind: 'markReviewed', changes: {}, base: {} });
    expect(store.listQueue(USER, 'c1', 'all').map((d) => d.id)).toEqual(['d1', 'd3']);
    expect(store.listQueue(USER, 'c1', 'no_file_type')).toEqual([]);
  });

  it('given a cache over its limit, when evicted, then the least recently used go first and a document with an unsent change keeps its row', () => {
    let clock = 1_000;
    const file = tempFile();
    const store = openReviewStore({ file, now: () => clock });
    open.push(store);
    for (const id of ['old', 'busy', 'recent']) {
      clock += 10;
      store.cacheDocuments(USER, [doc(id)]);
      store.setPdf(USER, id, `${id}.pdf`, 10_000, 'src');
    }
    store.enqueue(USER, edit('busy', 'Bob'));
    clock += 10;
    store.getDocument(USER, 'recent');
    // Room for about one document with its PDF.
    const removed = store.evict(11_000);
    expect(removed.sort()).toEqual(['busy.pdf', 'old.pdf']);
    expect(store.getDocument(USER, 'old')).toBeNull();
    expect(store.getDocument(USER, 'busy')).toMatchObject({ pdfFile: null });
    expect(store.getDocument(USER, 'recent')).toMatchObject({ pdfFile: 'recent.pdf' });
  });

  it('given a damaged outbox row, when the outbox is read, then it is set aside and reported and the rest is read', () => {
    const file = tempFile();
    const reports: string[] = [];
    const store = storeAt(file, reports);
    const good = store.enqueue(USER, edit('d1', 'Bob'));
    const bad = store.enqueue(USER, edit('d2', 'Cy'));
    store.close();
    open.pop();
    const raw = new Database(file);
    raw.prepare(`UPDATE outbox SET changes_json = 'not json' WHERE id = ?`).run(bad.id);
    raw.close();

    const again = storeAt(file, reports);
    expect(again.outbox(USER).map((item) => item.id)).toEqual([good.id]);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/^outbox: /);
    const kept = again.db.prepare('SELECT item_id FROM outbox_quarantine').all();
    expect(kept).toEqual([{ item_id: bad.id }]);
  });

  it('given a store written by a newer LexDesk, when opened, then it is refused with a clear error', () => {
    const file = tempFile();
    storeAt(file).close();
    open.pop();
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.close();
    expect(() => storeAt(file)).toThrow(/newer version of LexDesk/);
  });
});
