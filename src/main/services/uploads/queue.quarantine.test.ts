import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openUploadQueue } from './queue';
import { tempQueueFile, validItem } from './testSupport';

function corrupt(file: string, sql: string): void {
  const db = new Database(file);
  db.exec(sql);
  db.close();
}

describe('upload queue: damaged rows', () => {
  it('given a row with an unknown state written by raw SQL, when listed, then it is quarantined with its reason and the rest still loads', () => {
    const file = tempQueueFile();
    const queue = openUploadQueue({ file });
    const [good, bad] = queue.enqueue([validItem('good'), validItem('bad')]);
    corrupt(file, `UPDATE upload_jobs SET state = 'exploded' WHERE id = '${bad?.job.id ?? ''}'`);

    const reports: string[] = [];
    const reopened = openUploadQueue({
      file,
      onQuarantine: ({ jobId }) => reports.push(jobId ?? ''),
    });
    const { jobs, quarantined } = reopened.list();
    expect(jobs.map((job) => job.id)).toEqual([good?.job.id]);
    expect(quarantined).toHaveLength(1);
    expect(quarantined[0]?.jobId).toBe(bad?.job.id);
    expect(quarantined[0]?.reason).toMatch(/state/);
    expect(JSON.parse(quarantined[0]?.rowJson ?? '{}')).toMatchObject({ state: 'exploded' });
    expect(reports).toEqual([bad?.job.id]);

    // Reported once: the row left the jobs table, so a second list finds nothing new.
    expect(reopened.list().jobs).toHaveLength(1);
    expect(reports).toHaveLength(1);
    queue.close();
    reopened.close();
  });

  it('given the oldest queued row is damaged, when a worker claims, then that row is quarantined and the next good job is leased', () => {
    const file = tempQueueFile();
    const queue = openUploadQueue({ file });
    const [bad, good] = queue.enqueue([validItem('first'), validItem('second')]);
    corrupt(
      file,
      `UPDATE upload_jobs SET idempotency_key = 'not-a-uuid', size = -5 WHERE id = '${bad?.job.id ?? ''}'`,
    );

    const claimed = queue.claim('w', 5_000);
    expect(claimed?.id).toBe(good?.job.id);
    const { quarantined } = queue.list();
    expect(quarantined.map((row) => row.jobId)).toEqual([bad?.job.id]);
    expect(quarantined[0]?.reason).toMatch(/idempotency_key/);
    expect(quarantined[0]?.reason).toMatch(/size/);
    expect(queue.counts().active).toBe(1);
    queue.close();
  });

  it('given a queued row whose file facts were wiped, when loaded, then it is quarantined rather than uploaded without a hash', () => {
    const file = tempQueueFile();
    const queue = openUploadQueue({ file });
    const [job] = queue.enqueue([validItem('x')]);
    corrupt(file, `UPDATE upload_jobs SET sha256 = NULL WHERE id = '${job?.job.id ?? ''}'`);
    expect(queue.claim('w', 5_000)).toBeNull();
    expect(queue.list().quarantined[0]?.reason).toMatch(/needs size, mtime, hash and type/);
    queue.close();
  });
});
