import { describe, expect, it } from 'vitest';
import { isValidCron } from '../cron';
import { NODE_KINDS, NODE_KIND_NAMES, defaultConfig } from './nodes';

describe('node kinds', () => {
  it('checks cron expressions with croner', () => {
    expect(isValidCron('0 8 * * 1-5')).toBe(true);
    expect(isValidCron('61 * * * *')).toBe(false);
    expect(NODE_KINDS['trigger.schedule'].config.safeParse({ cron: 'every day' }).success).toBe(
      false,
    );
  });

  it('needs a value unless the field condition asks for emptiness, and a valid pattern', () => {
    const field = NODE_KINDS['condition.field'].config;
    expect(field.safeParse({ field: 'applicant', operator: 'is_empty' }).success).toBe(true);
    expect(field.safeParse({ field: 'applicant', operator: 'equals', value: ' ' }).success).toBe(
      false,
    );
    expect(field.safeParse({ field: 'name', operator: 'matches', value: '(' }).success).toBe(false);
  });

  it('needs a recipient to notify and something to set', () => {
    expect(NODE_KINDS['action.notify'].config.safeParse({ message: 'hi' }).success).toBe(false);
    expect(
      NODE_KINDS['action.notify'].config.safeParse({ emails: ['a@b.co'], message: 'hi' }).success,
    ).toBe(true);
    expect(NODE_KINDS['action.set_fields'].config.safeParse({}).success).toBe(false);
  });

  it('gives the kinds that need no input a valid default, the others an invalid one', () => {
    const valid = NODE_KIND_NAMES.filter(
      (k) => NODE_KINDS[k].config.safeParse(defaultConfig(k)).success,
    ).sort();
    expect(valid).toEqual([
      'action.sync_case',
      'action.wait_for_review',
      'condition.case_matched',
      'condition.confidence',
      'trigger.document',
      'trigger.raw_file',
      'trigger.schedule',
    ]);
  });
});
