/**
 * Email digests: the company's digest subscriptions (who receives a mail of the processed
 * documents, how often, from which day, of which document type); managers add and change them.
 * Digests are sent at 07:00 UTC on their days by the server's built-in SMTP sender (`imap`).
 */
import { useQuery } from '@apollo/client/react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { graphql } from '../../../shared/graphql/graphql';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { useViewer } from '../auth/useViewer';
import { useConnection } from '../workflows/useConnection';
import { WorkflowApiError } from '../workflows/rest';
import {
  createDigest,
  listDigests,
  updateDigest,
  type DigestInput,
  type DigestSubscription,
} from './api';

const FILE_TYPES_QUERY = graphql(`
  query DigestFileTypes($company_id: ID!) {
    legalFileTypes(company_id: $company_id) {
      id
      name
    }
  }
`);

const FREQUENCY_LABEL = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;
const today = () => new Date().toISOString().slice(0, 10);

function DigestDialog(props: {
  initial: DigestInput;
  isNew: boolean;
  fileTypes: Array<{ id: string; name: string }>;
  onSubmit: (input: DigestInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [emails, setEmails] = useState(props.initial.emails.join('\n'));
  const [startingDate, setStartingDate] = useState(props.initial.starting_date);
  const [frequency, setFrequency] = useState(props.initial.frequency);
  const [fileType, setFileType] = useState(props.initial.file_type ?? '');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblems([]);
    try {
      await props.onSubmit({
        emails: emails
          .split(/[\s,;]+/)
          .map((e) => e.trim())
          .filter(Boolean),
        starting_date: startingDate,
        frequency,
        file_type: fileType || null,
      });
      props.onClose();
    } catch (error) {
      const listed = error instanceof WorkflowApiError ? error.problems.map((p) => p.message) : [];
      setProblems(
        listed.length > 0 ? listed : [describeError(error, ERRORS.SAVE_EMAIL_SUBSCRIPTION_FAILED)],
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      isOpen
      title={props.isNew ? 'New email digest' : 'Edit email digest'}
      onClose={props.onClose}
    >
      <form onSubmit={(e) => void submit(e)} aria-label="Email digest">
        <DialogBody>
          {problems.length > 0 ? (
            <Callout intent={Intent.DANGER} style={{ marginBottom: 12 }}>
              {problems.map((p) => (
                <div key={p}>{p}</div>
              ))}
            </Callout>
          ) : null}
          <FormGroup label="Send to" labelFor="digest-emails" helperText="One address per line.">
            <TextArea
              id="digest-emails"
              fill
              rows={3}
              value={emails}
              onChange={(e) => setEmails(e.target.value)}
            />
          </FormGroup>
          <FormGroup label="Frequency" labelFor="digest-frequency">
            <HTMLSelect
              id="digest-frequency"
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as DigestInput['frequency'])}
              options={Object.entries(FREQUENCY_LABEL).map(([value, label]) => ({ value, label }))}
            />
          </FormGroup>
          <FormGroup label="Starting date" labelFor="digest-start" helperText="Sent at 07:00 UTC.">
            <InputGroup
              id="digest-start"
              type="date"
              value={startingDate}
              onChange={(e) => setStartingDate(e.target.value)}
            />
          </FormGroup>
          <FormGroup label="Document type" labelFor="digest-type">
            <HTMLSelect
              id="digest-type"
              value={fileType}
              onChange={(e) => setFileType(e.target.value)}
              options={[
                { value: '', label: 'Every type' },
                ...props.fileTypes.map((t) => ({ value: t.id, label: t.name })),
              ]}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={props.onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text="Save digest" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

export function DigestSubscriptionsPage() {
  const viewer = useViewer();
  const connection = useConnection();
  const companyId = viewer?.company.id ?? '';
  const canManage = viewer?.can_manage_company ?? false;
  const [items, setItems] = useState<DigestSubscription[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string | null; input: DigestInput } | null>(null);
  const types = useQuery(FILE_TYPES_QUERY, {
    variables: { company_id: companyId },
    skip: !companyId,
  });
  const fileTypes = types.data?.legalFileTypes ?? [];
  const typeName = new Map(fileTypes.map((t) => [t.id, t.name]));

  const load = useCallback(async () => {
    if (!connection || !companyId) return;
    try {
      setItems(await listDigests(connection, companyId));
      setFailure(null);
    } catch (error) {
      setFailure(describeError(error, ERRORS.FETCH_EMAIL_SUBSCRIPTION_FAILED));
    }
  }, [connection, companyId]);
  useEffect(() => void load(), [load]);

  async function save(id: string | null, input: DigestInput) {
    if (!connection) return;
    if (id) await updateDigest(connection, id, input);
    else await createDigest(connection, companyId, input);
    await load();
  }

  return (
    <Page
      title="Email digests"
      subtitle="A mail of the documents processed in each period, sent at 07:00 UTC."
      actions={
        canManage ? (
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text="New digest"
            onClick={() =>
              setEditing({
                id: null,
                input: { emails: [], starting_date: today(), frequency: 'daily', file_type: null },
              })
            }
          />
        ) : undefined
      }
    >
      {failure ? <Callout intent={Intent.DANGER}>{failure}</Callout> : null}
      {items === null && !failure ? <Spinner size={32} aria-label="Loading digests" /> : null}
      {items && items.length === 0 ? (
        <NonIdealState icon="envelope" title="No email digests." />
      ) : null}
      {items && items.length > 0 ? (
        <HTMLTable striped style={{ width: '100%' }} aria-label="Email digests">
          <thead>
            <tr>
              <th>Recipients</th>
              <th>Frequency</th>
              <th>Starting</th>
              <th>Document type</th>
              <th>Last sent</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {items.map((s) => (
              <tr key={s.id}>
                <td>{s.emails.join(', ')}</td>
                <td>{FREQUENCY_LABEL[s.frequency]}</td>
                <td>{s.starting_date}</td>
                <td>{s.file_type ? (typeName.get(s.file_type) ?? 'Unknown') : 'Every type'}</td>
                <td>{s.last_sent_at ? new Date(s.last_sent_at).toLocaleString() : 'Never'}</td>
                <td>
                  {canManage ? (
                    <Button
                      minimal
                      icon="edit"
                      text="Edit"
                      onClick={() =>
                        setEditing({
                          id: s.id,
                          input: {
                            emails: s.emails,
                            starting_date: s.starting_date,
                            frequency: s.frequency,
                            file_type: s.file_type,
                          },
                        })
                      }
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}
      {editing ? (
        <DigestDialog
          isNew={editing.id === null}
          initial={editing.input}
          fileTypes={fileTypes}
          onSubmit={(input) => save(editing.id, input)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Page>
  );
}
