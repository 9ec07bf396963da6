import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { dueTime } from './cron';

const at = (iso: string) => new Date(iso);
const daily9 = new Cron('0 9 * * *', { paused: true, timezone: 'UTC' });

describe('dueTime', () => {
  it('is the latest cron time not after now and later than the last firing', () => {
    expect(dueTime(daily9, at('2026-03-01T10:00:00Z'), at('2026-03-02T09:00:00Z'))).toEqual(
      at('2026-03-02T09:00:00Z'),
    );
    expect(dueTime(daily9, at('2026-03-01T10:00:00Z'), at('2026-03-05T12:00:00Z'))).toEqual(
      at('2026-03-05T09:00:00Z'),
    );
  });

  it('is nothing before the first time after the arming, or for a time already fired', () => {
    expect(dueTime(daily9, at('2026-03-01T10:00:00Z'), at('2026-03-02T08:59:59Z'))).toBe(undefined);
    expect(dueTime(daily9, at('2026-03-02T09:00:00Z'), at('2026-03-02T09:30:00Z'))).toBe(undefined);
  });

  it('follows the schedule’s zone', () => {
    const ny = new Cron('0 9 * * *', { paused: true, timezone: 'America/New_York' });
    expect(dueTime(ny, at('2026-03-01T00:00:00Z'), at('2026-03-01T15:00:00Z'))).toEqual(
      at('2026-03-01T14:00:00Z'),
    );
  });
});
