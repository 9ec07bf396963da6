/**
 * The notification rule editor: a dialog that builds the rule's JSON (trigger and its file types
 * or cron, delivery, recipients) from plain controls and shows the server's refusal under the
 * field it names (paths `rules.trigger.metadata.cron_expression`, `rules.recipients`, ...).
 */
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useState, type FormEvent } from 'react';
import { ERRORS } from '../../../shared/errors';
import { LEGAL_USER_TYPES } from '../../../shared/schemas/user';
import {
  DELIVERY_CHANNELS,
  notificationRulesSchema,
  type NotificationRules,
  type TriggerType,
} from '../../../shared/notifications/rules';
import { describeError } from '../../app/errors';

export interface RuleDraft {
  name: string;
  is_active: boolean;
  rules: NotificationRules;
}

export const EMPTY_RULES: NotificationRules = {
  trigger: { type: 'document_processed', metadata: { file_types: [] } },
  delivery: ['email', 'in_app'],
  recipients: { roles: ['paralegal'], external_emails: [], legal_staff: [] },
};

/** The stored JSON text as the editor's rules (a rule stored before a shape change opens blank). */
export function rulesOf(text: string): NotificationRules {
  try {
    const parsed = notificationRulesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : EMPTY_RULES;
  } catch {
    return EMPTY_RULES;
  }
}

const DELIVERY_LABEL: Record<string, string> = { email: 'Email', in_app: 'In-app notification' };
const ROLE_LABEL: Record<string, string> = {
  admin: 'Admins',
  attorney: 'Attorneys',
  paralegal: 'Paralegals',
  staff: 'Staff',
};

/** Server issues by the editor's field: the segment after `rules.` that the control shows. */
function issuesByField(error: unknown): Record<string, string> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const out: Record<string, string> = {};
  for (const item of error.errors) {
    const issues = item.extensions?.['issues'];
    if (!Array.isArray(issues)) continue;
    for (const issue of issues as Array<{ path: string; message: string }>) {
      const parts = issue.path.split('.');
      const key =
        parts[0] === 'rules'
          ? ([
              'file_types',
              'cron_expression',
              'delivery',
              'roles',
              'external_emails',
              'legal_staff',
            ].find((k) => parts.includes(k)) ??
            (parts.includes('recipients') ? 'recipients' : 'rules'))
          : (parts[0] ?? '');
      out[key] ??= issue.message;
    }
  }
  return out;
}

const toggle = <T,>(list: readonly T[], item: T, on: boolean): T[] =>
  on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);

export function RuleEditor(props: {
  title: string;
  initial: RuleDraft;
  fileTypes: Array<{ id: string; name: string }>;
  staff: Array<{ id: string; display_name: string; email: string }>;
  onSubmit: (draft: RuleDraft) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(props.initial.name);
  const [active, setActive] = useState(props.initial.is_active);
  const [rules, setRules] = useState<NotificationRules>(props.initial.rules);
  const [emails, setEmails] = useState(props.initial.rules.recipients.external_emails.join('\n'));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const meta = rules.trigger.metadata;
  const setMeta = (m: Partial<NotificationRules['trigger']['metadata']>) =>
    setRules((r) => ({
      ...r,
      trigger: { ...r.trigger, metadata: { ...r.trigger.metadata, ...m } },
    }));
  const setRecipients = (p: Partial<NotificationRules['recipients']>) =>
    setRules((r) => ({ ...r, recipients: { ...r.recipients, ...p } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setIssues({});
    const external = emails
      .split(/[\s,;]+/)
      .map((e) => e.trim())
      .filter(Boolean);
    const draft: RuleDraft = {
      name,
      is_active: active,
      rules: {
        ...rules,
        trigger: {
          type: rules.trigger.type,
          metadata:
            rules.trigger.type === 'schedule'
              ? { file_types: meta.file_types, cron_expression: meta.cron_expression ?? '' }
              : { file_types: meta.file_types },
        },
        recipients: { ...rules.recipients, external_emails: external },
      },
    };
    try {
      await props.onSubmit(draft);
      props.onClose();
    } catch (error) {
      const byField = issuesByField(error);
      setIssues(byField);
      setProblem(
        Object.keys(byField).length > 0
          ? null
          : describeError(error, ERRORS.SAVE_NOTIFICATION_RULE_FAILED),
      );
    } finally {
      setBusy(false);
    }
  }

  const field = (key: string) =>
    issues[key] ? { intent: Intent.DANGER, helperText: issues[key] } : {};

  return (
    <Dialog isOpen title={props.title} onClose={props.onClose} style={{ width: 620 }}>
      <form onSubmit={(e) => void submit(e)} aria-label={props.title}>
        <DialogBody>
          {problem ? (
            <Callout intent={Intent.DANGER} style={{ marginBottom: 12 }}>
              {problem}
            </Callout>
          ) : null}
          <FormGroup label="Name" labelFor="rule-name" {...field('name')}>
            <InputGroup id="rule-name" value={name} onChange={(e) => setName(e.target.value)} />
          </FormGroup>
          <FormGroup label="Trigger" labelFor="rule-trigger">
            <HTMLSelect
              id="rule-trigger"
              value={rules.trigger.type}
              onChange={(e) =>
                setRules((r) => ({
                  ...r,
                  trigger: { ...r.trigger, type: e.target.value as TriggerType },
                }))
              }
              options={[
                { value: 'document_processed', label: 'When a document is processed' },
                { value: 'schedule', label: 'On a schedule (cron)' },
              ]}
            />
          </FormGroup>
          {rules.trigger.type === 'schedule' ? (
            <FormGroup
              label="Cron expression (UTC)"
              labelFor="rule-cron"
              helperText={
                issues['cron_expression'] ?? 'For example 0 8 * * 1-5: weekdays at 08:00.'
              }
              intent={issues['cron_expression'] ? Intent.DANGER : Intent.NONE}
            >
              <InputGroup
                id="rule-cron"
                value={meta.cron_expression ?? ''}
                placeholder="0 8 * * 1-5"
                onChange={(e) => setMeta({ cron_expression: e.target.value })}
              />
            </FormGroup>
          ) : null}
          <FormGroup label="Document types (none checked: every type)" {...field('file_types')}>
            <div className="ld-rule-checklist">
              {props.fileTypes.map((t) => (
                <Checkbox
                  key={t.id}
                  label={t.name}
                  checked={meta.file_types.includes(t.id)}
                  onChange={(e) =>
                    setMeta({ file_types: toggle(meta.file_types, t.id, e.currentTarget.checked) })
                  }
                />
              ))}
            </div>
          </FormGroup>
          <FormGroup label="Delivery" {...field('delivery')}>
            {DELIVERY_CHANNELS.map((d) => (
              <Checkbox
                key={d}
                inline
                label={DELIVERY_LABEL[d]}
                checked={rules.delivery.includes(d)}
                onChange={(e) =>
                  setRules((r) => ({
                    ...r,
                    delivery: toggle(r.delivery, d, e.currentTarget.checked),
                  }))
                }
              />
            ))}
          </FormGroup>
          <FormGroup label="Recipients: roles" {...field('recipients')}>
            {LEGAL_USER_TYPES.map((role) => (
              <Checkbox
                key={role}
                inline
                label={ROLE_LABEL[role]}
                checked={rules.recipients.roles.includes(role)}
                onChange={(e) =>
                  setRecipients({
                    roles: toggle(rules.recipients.roles, role, e.currentTarget.checked),
                  })
                }
              />
            ))}
          </FormGroup>
          {props.staff.length > 0 ? (
            <FormGroup label="Recipients: legal staff (email)" {...field('legal_staff')}>
              <div className="ld-rule-checklist">
                {props.staff.map((s) => (
                  <Checkbox
                    key={s.id}
                    label={`${s.display_name} <${s.email}>`}
                    checked={rules.recipients.legal_staff.includes(s.id)}
                    onChange={(e) =>
                      setRecipients({
                        legal_staff: toggle(
                          rules.recipients.legal_staff,
                          s.id,
                          e.currentTarget.checked,
                        ),
                      })
                    }
                  />
                ))}
              </div>
            </FormGroup>
          ) : null}
          <FormGroup
            label="Recipients: other email addresses"
            labelFor="rule-emails"
            helperText={issues['external_emails'] ?? 'One per line.'}
            intent={issues['external_emails'] ? Intent.DANGER : Intent.NONE}
          >
            <TextArea
              id="rule-emails"
              fill
              rows={2}
              value={emails}
              onChange={(e) => setEmails(e.target.value)}
            />
          </FormGroup>
          <Switch
            label="Active"
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={props.onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text="Save rule" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
