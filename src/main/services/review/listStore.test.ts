import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LISTS_PER_USER } from './listStore';
import { openReviewStore, type ReviewStore } from './store';

const dirs: string[] = [];
const open: ReviewStore[] = [];
afterEach(async () => {
  for (const store of open.splice(0)) store.close();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function storeAt(file: string, now: () => number): ReviewStore {
  const store = openReviewStore({ file, now });
  open.push(store);
  return store;
}

function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-review-lists-'));
  dirs.push(dir);
  return path.join(dir, 'desktop', 'review.db');
}

const LIST = { processedFiles: { items: [{ id: 'd1', applicant: 'Maria Ruiz' }], total: 1 } };

describe('offline review store: lists as last loaded', () => {
  it('given a list kept by one user, when the app starts again, then that user reads it back with its time and another user or key reads nothing', () => {
    const file = tempFile();
    let at = 1_700_000_000_000;
    storeAt(file, () => at).cacheList('ada', 'c1', '{"page":1}', LIST);
    at += 5_000;
    const again = storeAt(file, () => at);
    expect(again.cachedList('ada', 'c1', '{"page":1}')).toEqual({
      list: LIST,
      cachedAt: 1_700_000_000_000,
    });
    expect(again.cachedList('grace', 'c1', '{"page":1}')).toBeNull();
    expect(again.cachedList('ada', 'c1', '{"page":2}')).toBeNull();
    expect(again.cachedList('ada', 'c2', '{"page":1}')).toBeNull();
  });

  it('given more lists than are kept, then the oldest go and the same key is replaced, not added', () => {
    let at = 1;
    const store = storeAt(tempFile(), () => at);
    for (let page = 1; page <= LISTS_PER_USER + 2; page += 1) {
      at += 1;
      store.cacheList('ada', 'c1', `p${page}`, { page });
    }
    expect(store.cachedList('ada', 'c1', 'p1')).toBeNull();
    expect(store.cachedList('ada', 'c1', 'p2')).toBeNull();
    expect(store.cachedList('ada', 'c1', 'p3')?.list).toEqual({ page: 3 });
    at += 1;
    store.cacheList('ada', 'c1', 'p3', { page: 33 });
    expect(store.cachedList('ada', 'c1', 'p3')).toEqual({ list: { page: 33 }, cachedAt: at });
    const count = store.db.prepare('SELECT COUNT(*) AS n FROM cached_list').get() as { n: number };
    expect(count.n).toBe(LISTS_PER_USER);
  });
});
