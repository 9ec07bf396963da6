/**
 * The mailbox's settings: the provider toggle (background sync on or off, POST /v1/imap/toggle)
 * and the filtering-rules editor (each rule: a field, a text it contains, an action; saved
 * together with PATCH /legal-user-integration/integrations/rules/:id).
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { ERRORS, formatError } from '../../../shared/errors';
import { MAIL_RULE_ACTIONS } from '../../../shared/mailbox/schemas';
import { describeError } from '../../app/errors';
import type { Connection } from '../workflows/rest';
import * as api from './api';

const FIELDS: Array<{ value: api.MailRule['field']; label: string }> = [
  { value: 'from', label: 'From' },
  { value: 'subject', label: 'Subject' },
  { value: 'to', label: 'To' },
];
const ACTION_LABELS: Record<api.MailRule['action'], string> = {
  import_pdfs: 'Import its PDFs as raw files',
  mark_read: 'Mark as read',
  star: 'Star',
  important: 'Mark important',
};

export function MailboxSettingsDialog(props: {
  connection: Connection;
  mailbox: api.MailIntegration;
  onChanged: (mailbox: api.MailIntegration) => void;
  onClose: () => void;
}) {
  const { connection, mailbox } = props;
  const [rules, setRules] = useState<api.MailRule[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [toggling, setToggling] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .mailRules(connection, mailbox.id)
      .then((loaded) => live && setRules(loaded))
      .catch(
        (error: unknown) =>
          live &&
          setFailure(
            describeError(error, formatError('FETCH_EMAIL_RULES_FAILED', { statusText: '' })),
          ),
      );
    return () => {
      live = false;
    };
  }, [connection, mailbox.id]);

  const toggle = async (enabled: boolean) => {
    setToggling(true);
    try {
      props.onChanged(await api.toggleMailbox(connection, mailbox.id, enabled));
      setFailure(null);
    } catch (error) {
      setFailure(describeError(error, ERRORS.TOGGLE_OUTLOOK_FAILED));
    } finally {
      setToggling(false);
    }
  };
  const change = (index: number, patch: Partial<api.MailRule>) => {
    setFailure(null);
    setRules((current) =>
      (current ?? []).map((rule, i) => (i === index ? { ...rule, ...patch } : rule)),
    );
  };
  const save = async () => {
    if (!rules) return;
    setSaving(true);
    try {
      setRules(await api.saveMailRules(connection, mailbox.id, rules));
      props.onClose();
    } catch (error) {
      setFailure(
        describeError(error, formatError('UPDATE_EMAIL_RULES_FAILED', { statusText: '' })),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen title="Mailbox settings" onClose={props.onClose} style={{ width: 720 }}>
      <DialogBody>
        {failure ? <Callout intent={Intent.DANGER}>{failure}</Callout> : null}
        <FormGroup
          label={`${mailbox.email} (IMAP ${mailbox.imap_host}:${mailbox.imap_port})`}
          helperText="When off, new mail comes in only when you press Sync."
        >
          <Switch
            label="Sync automatically"
            checked={mailbox.is_active}
            disabled={toggling}
            onChange={(e) => void toggle(e.currentTarget.checked)}
          />
        </FormGroup>
        <h4 className="bp5-heading">Filtering rules</h4>
        <p className="ld-mail-rules-help">
          Applied to new inbox mail when it is synced. Without an “Import its PDFs” rule every PDF
          attachment becomes a raw file; with one, only the matching mail’s PDFs do.
        </p>
        {rules === null ? (
          failure ? null : (
            <Spinner size={20} />
          )
        ) : rules.length === 0 ? (
          <NonIdealState icon="filter" title="No filtering rules." />
        ) : (
          <div aria-label="Filtering rules">
            {rules.map((rule, index) => (
              <div key={index} className="ld-mail-rule">
                <span>When</span>
                <HTMLSelect
                  aria-label={`Rule ${index + 1} field`}
                  value={rule.field}
                  options={FIELDS}
                  onChange={(e) =>
                    change(index, { field: e.currentTarget.value as api.MailRule['field'] })
                  }
                />
                <span>contains</span>
                <InputGroup
                  aria-label={`Rule ${index + 1} text`}
                  placeholder="text"
                  value={rule.contains}
                  onChange={(e) => change(index, { contains: e.target.value })}
                />
                <HTMLSelect
                  aria-label={`Rule ${index + 1} action`}
                  value={rule.action}
                  options={MAIL_RULE_ACTIONS.map((value) => ({
                    value,
                    label: ACTION_LABELS[value],
                  }))}
                  onChange={(e) =>
                    change(index, { action: e.currentTarget.value as api.MailRule['action'] })
                  }
                />
                <Button
                  minimal
                  icon="trash"
                  aria-label={`Remove rule ${index + 1}`}
                  onClick={() =>
                    setRules((current) => (current ?? []).filter((_, i) => i !== index))
                  }
                />
              </div>
            ))}
          </div>
        )}
        <Button
          icon="add"
          text="Add rule"
          disabled={rules === null}
          onClick={() =>
            setRules((current) => [
              ...(current ?? []),
              { field: 'subject', contains: '', action: 'star' },
            ])
          }
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={props.onClose} />
            <Button
              intent={Intent.PRIMARY}
              text="Save rules"
              loading={saving}
              disabled={rules === null}
              onClick={() => void save()}
            />
          </>
        }
      />
    </Dialog>
  );
}
