/** Helpers shared by the queue's tests: a temp queue file, a controllable clock, items. */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EnqueueItem } from './enqueue';

export const COMPANY = 'company-1';

export function tempQueueFile(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'lexdesk-queue-')), 'desktop', 'uploads.db');
}

export function clock(start = 1_700_000_000_000): {
  now: () => number;
  advance: (ms: number) => void;
} {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
  };
}

export function sha(content: string): string {
  return createHash('sha256').update(content).digest('hex');
}

export function validItem(content: string, overrides: Partial<EnqueueItem> = {}): EnqueueItem {
  return {
    sourcePath: `/scans/${content}.pdf`,
    fileName: `${content}.pdf`,
    companyId: COMPANY,
    source: 'drop',
    validation: {
      ok: true,
      size: content.length,
      mtimeMs: 1_690_000_000_000,
      sha256: sha(content),
      mimeType: 'application/pdf',
    },
    ...overrides,
  };
}
