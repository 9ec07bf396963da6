import { describe, expect, it } from 'vitest';
import { CRON_MESSAGE, parseRulesText, RULES_JSON_MESSAGE } from './rules';

const base = {
  trigger: { type: 'document_processed', metadata: { file_types: [] } },
  delivery: ['email'],
  recipients: { roles: ['paralegal'] },
};

describe('notification rules JSON', () => {
  it('given text that is not JSON, then the one clear message on `rules`', () => {
    expect(parseRulesText('{"trigger":')).toEqual({
      ok: false,
      issues: [{ path: 'rules', message: RULES_JSON_MESSAGE }],
    });
  });

  it('given a valid rule, then defaults are filled, lists de-duplicated and addresses lower-cased', () => {
    const r = parseRulesText(
      JSON.stringify({
        ...base,
        delivery: ['email', 'email', 'in_app'],
        recipients: { roles: ['paralegal'], external_emails: ['A@B.example', 'a@b.example'] },
      }),
    );
    expect(r).toEqual({
      ok: true,
      rules: {
        trigger: { type: 'document_processed', metadata: { file_types: [] } },
        delivery: ['email', 'in_app'],
        recipients: { roles: ['paralegal'], external_emails: ['a@b.example'], legal_staff: [] },
      },
    });
  });

  it('given a schedule without a readable cron, then the cron field is named', () => {
    for (const cron of [undefined, '', 'daily', '61 * * * *']) {
      const r = parseRulesText(
        JSON.stringify({
          ...base,
          trigger: { type: 'schedule', metadata: { cron_expression: cron } },
        }),
      );
      expect(r).toMatchObject({
        ok: false,
        issues: [{ path: 'rules.trigger.metadata.cron_expression', message: CRON_MESSAGE }],
      });
    }
  });

  it('given unknown keys, an unknown trigger or in-app only to outsiders, then refused', () => {
    expect(parseRulesText(JSON.stringify({ ...base, extra: 1 })).ok).toBe(false);
    expect(
      parseRulesText(JSON.stringify({ ...base, trigger: { type: 'webhook', metadata: {} } })).ok,
    ).toBe(false);
    expect(
      parseRulesText(
        JSON.stringify({
          ...base,
          delivery: ['in_app'],
          recipients: { external_emails: ['x@y.example'] },
        }),
      ),
    ).toMatchObject({ ok: false, issues: [{ path: 'rules.delivery' }] });
  });
});
