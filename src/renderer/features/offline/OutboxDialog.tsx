/**
 * "Changes on this computer": every change the desktop keeps for the server. Changes that wait
 * are listed with their state; a change the server refused can be tried again or discarded; a
 * change that met someone else's change shows, per field, the user's value and the server's
 * side by side, and the user chooses which to keep (nothing is chosen for them).
 */
import { useQuery } from '@apollo/client/react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Intent,
  NonIdealState,
  Radio,
  RadioGroup,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { OutboxItem } from '../../../shared/ipc/review';
import { describeError } from '../../app/errors';
import { toastSuccess } from '../../components/toaster';
import { fieldLabel } from '../../../shared/documents';
import { useDocumentWrites } from '../documents/writes';
import { formatDateTime } from '../../app/format';
import { useDateFormat } from '../auth/useViewer';
import { decodeValue, formatFieldValue, itemStateText, itemSummary } from './labels';
import { OFFLINE_FILE_TYPES_QUERY } from './operations';
import { useOutbox } from './useOutbox';

export const OUTBOX_ACTION_FAILED = 'The change could not be updated. Please try again.';

type Choice = 'mine' | 'server';

const STATE_TAGS: Record<OutboxItem['state'], { text: string; intent: Intent }> = {
  pending: { text: 'Waiting', intent: Intent.NONE },
  sending: { text: 'Sending', intent: Intent.PRIMARY },
  conflict: { text: 'Needs your decision', intent: Intent.WARNING },
  failed: { text: 'Refused', intent: Intent.DANGER },
};

/** Document type names of the item's company, when the item touches the type. */
function useTypeNames(item: OutboxItem): ReadonlyMap<string, string> {
  const touchesType = 'legal_file_type_id' in item.changes;
  const { data } = useQuery(OFFLINE_FILE_TYPES_QUERY, {
    variables: { company_id: item.companyId },
    skip: !touchesType,
    fetchPolicy: 'cache-first',
  });
  return useMemo(
    () => new Map((data?.legalFileTypes ?? []).map((type) => [type.id, type.name])),
    [data],
  );
}

function ConflictTable(props: {
  item: OutboxItem;
  names: ReadonlyMap<string, string>;
  choices: Partial<Record<string, Choice>>;
  onChoose(field: string, choice: Choice): void;
}) {
  const { item, names, choices } = props;
  const dateFormat = useDateFormat();
  return (
    <HTMLTable
      className="ld-table ld-outbox-conflicts"
      compact
      aria-label={`Conflicting fields of ${item.documentName}`}
    >
      <thead>
        <tr>
          <th>Field</th>
          <th>Your value</th>
          <th>On the server now</th>
          <th>Keep</th>
        </tr>
      </thead>
      <tbody>
        {item.conflicts.map((conflict) => {
          const label = fieldLabel(conflict.field);
          const changed: Readonly<Record<string, unknown>> = item.changes;
          const show = (value: unknown) =>
            formatFieldValue(conflict.field, value, dateFormat, names);
          const mine = show(
            conflict.field in changed ? changed[conflict.field] : decodeValue(conflict.your_value),
          );
          const server = show(decodeValue(conflict.server_value));
          return (
            <tr key={conflict.field}>
              <td className="ld-outbox-field">
                <strong>{label}</strong>
                <div className="ld-muted ld-small">
                  was {show(decodeValue(conflict.base_value))}
                </div>
              </td>
              <td className="ld-outbox-mine">{mine}</td>
              <td className="ld-outbox-server">{server}</td>
              <td>
                <RadioGroup
                  inline
                  name={`keep-${item.id}-${conflict.field}`}
                  aria-label={`Keep which ${label}`}
                  selectedValue={choices[conflict.field]}
                  onChange={(event) =>
                    props.onChoose(
                      conflict.field,
                      event.currentTarget.value === 'server' ? 'server' : 'mine',
                    )
                  }
                >
                  <Radio value="mine" label="Mine" />
                  <Radio value="server" label="Server's" />
                </RadioGroup>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}

function OutboxEntry({ item, onOpenDocument }: { item: OutboxItem; onOpenDocument(): void }) {
  const dateFormat = useDateFormat();
  const writes = useDocumentWrites();
  const names = useTypeNames(item);
  const [choices, setChoices] = useState<Partial<Record<string, Choice>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const tag = STATE_TAGS[item.state];
  const conflicting = new Set(item.conflicts.map((conflict) => conflict.field));
  const alsoSent = Object.keys(item.changes).filter((field) => !conflicting.has(field));
  const allChosen = item.conflicts.every((conflict) => choices[conflict.field] !== undefined);

  const run = async (work: () => Promise<unknown>, done: string | null): Promise<void> => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      if (done) toastSuccess(done);
    } catch (error) {
      setFailure(describeError(error, OUTBOX_ACTION_FAILED));
    } finally {
      setBusy(false);
    }
  };

  const resolve = () =>
    run(async () => {
      const picked = Object.fromEntries(
        item.conflicts.map((conflict) => [conflict.field, choices[conflict.field] ?? 'mine']),
      );
      const outcome = await writes.resolve(item.id, picked);
      if (outcome.status === 'conflict') {
        setChoices({});
        throw new Error('The server changed these fields again. Choose once more.');
      }
    }, `Your choices for ${item.documentName} are saved.`);

  return (
    <li className="ld-outbox-item" aria-label={item.documentName}>
      <div className="ld-outbox-head">
        <Link to={`/documents/${item.documentId}`} onClick={onOpenDocument}>
          {item.documentName}
        </Link>
        <Tag minimal intent={tag.intent}>
          {tag.text}
        </Tag>
      </div>
      <div className="ld-outbox-summary">
        {itemSummary(item)} · {formatDateTime(new Date(item.createdAt), dateFormat)}
      </div>
      <div className={`ld-outbox-state ld-outbox-state-${item.state}`}>{itemStateText(item)}</div>
      {item.state === 'conflict' ? (
        <>
          <ConflictTable
            item={item}
            names={names}
            choices={choices}
            onChoose={(field, choice) => setChoices((current) => ({ ...current, [field]: choice }))}
          />
          {alsoSent.length > 0 ? (
            <div className="ld-muted ld-small">
              Sent with it as you changed them: {alsoSent.map(fieldLabel).join(', ')}.
            </div>
          ) : null}
          <div className="ld-outbox-actions">
            <Button
              intent={Intent.PRIMARY}
              disabled={!allChosen}
              loading={busy}
              onClick={() => void resolve()}
            >
              Save my choices
            </Button>
          </div>
        </>
      ) : null}
      {item.state === 'failed' ? (
        <div className="ld-outbox-actions">
          <Button
            icon="refresh"
            loading={busy}
            onClick={() => void run(() => writes.retry(item.id), null)}
          >
            Try again
          </Button>
          <Button
            icon="trash"
            intent={Intent.DANGER}
            variant="minimal"
            disabled={busy}
            onClick={() => void run(() => writes.discard(item.id), null)}
          >
            Discard this change
          </Button>
        </div>
      ) : null}
      {failure ? (
        <Callout intent={Intent.DANGER} role="alert" className="ld-inline-alert">
          {failure}
        </Callout>
      ) : null}
    </li>
  );
}

export function OutboxDialog(props: { isOpen: boolean; onClose(): void }) {
  const { items, error } = useOutbox(props.isOpen);
  const ordered = useMemo(() => {
    const rank = { conflict: 0, failed: 1, sending: 2, pending: 3 } as const;
    return [...(items ?? [])].sort(
      (a, b) => rank[a.state] - rank[b.state] || a.createdAt - b.createdAt,
    );
  }, [items]);
  return (
    <Dialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title="Changes on this computer"
      icon="cloud-upload"
      className="ld-outbox-dialog"
    >
      <DialogBody>
        {error ? (
          <Callout intent={Intent.DANGER} role="alert">
            {describeError(error, OUTBOX_ACTION_FAILED)}
          </Callout>
        ) : items === null ? (
          <Spinner size={24} />
        ) : ordered.length === 0 ? (
          <NonIdealState icon="tick-circle" title="Every change has reached the server." />
        ) : (
          <ul className="ld-outbox-list" aria-label="Changes waiting for the server">
            {ordered.map((item) => (
              <OutboxEntry key={item.id} item={item} onOpenDocument={props.onClose} />
            ))}
          </ul>
        )}
      </DialogBody>
      <DialogFooter actions={<Button onClick={props.onClose}>Close</Button>} />
    </Dialog>
  );
}
