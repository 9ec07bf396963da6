/**
 * The data values extracted from the document (the company's chosen data fields): each can be
 * corrected and marked "Saved in CRM". A value the pipeline missed can be added by hand. These
 * are saved straight to the server (documents/writes.ts; the offline outbox does not hold them).
 */
import {
  Button,
  Callout,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  Switch,
} from '@blueprintjs/core';
import { useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { toastError, toastSuccess } from '../../components/toaster';
import { useDocumentWrites } from '../documents/writes';
import type { ExtractedValue } from './operations';

function ValueRow(props: { value: ExtractedValue; disabled: boolean }) {
  const { value } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const writes = useDocumentWrites();
  const [loading, setLoading] = useState(false);

  const run = async (patch: { extracted_value?: string | null; is_saved_in_crm?: boolean }) => {
    setLoading(true);
    try {
      await writes.updateExtracted(value.id, patch);
      return true;
    } catch (failure) {
      toastError(describeError(failure, ERRORS.UPDATE_DATA_ENTRY_FAILED));
      return false;
    } finally {
      setLoading(false);
    }
  };

  return (
    <tr data-field={value.data_field}>
      <th scope="row">{value.data_field}</th>
      <td>
        {draft === null ? (
          <span className={value.extracted_value ? undefined : 'ld-muted'}>
            {value.extracted_value || '—'}
          </span>
        ) : (
          <InputGroup
            size="small"
            autoFocus
            aria-label={`Value of ${value.data_field}`}
            value={draft}
            onValueChange={setDraft}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setDraft(null);
              if (event.key === 'Enter') {
                event.preventDefault();
                void run({ extracted_value: draft.trim() || null }).then(
                  (ok) => ok && setDraft(null),
                );
              }
            }}
          />
        )}
      </td>
      <td className="ld-nowrap">
        {draft === null ? (
          <Button
            size="small"
            variant="minimal"
            icon="edit"
            disabled={props.disabled}
            aria-label={`Edit ${value.data_field}`}
            onClick={() => setDraft(value.extracted_value ?? '')}
          />
        ) : (
          <>
            <Button
              size="small"
              intent={Intent.PRIMARY}
              loading={loading}
              onClick={() =>
                void run({ extracted_value: draft.trim() || null }).then(
                  (ok) => ok && setDraft(null),
                )
              }
            >
              Save value
            </Button>
            <Button size="small" variant="minimal" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </>
        )}
      </td>
      <td>
        <Switch
          className="ld-inline-switch"
          label="Saved in CRM"
          aria-label={`Saved in CRM: ${value.data_field}`}
          checked={value.is_saved_in_crm}
          disabled={props.disabled || loading}
          onChange={(event) => void run({ is_saved_in_crm: event.currentTarget.checked })}
        />
      </td>
    </tr>
  );
}

export function ExtractedDataPanel(props: {
  documentId: string;
  values: readonly ExtractedValue[];
  offline: boolean;
  deleted: boolean;
  onAdded(): void;
}) {
  const [field, setField] = useState('');
  const [text, setText] = useState('');
  const writes = useDocumentWrites();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const disabled = props.offline || props.deleted;
  const values = [...props.values].sort((a, b) => a.data_field.localeCompare(b.data_field));

  const submit = async () => {
    if (!field.trim()) return;
    setLoading(true);
    setError(null);
    try {
      await writes.addExtracted(props.documentId, [
        { data_field: field.trim(), extracted_value: text.trim() || null },
      ]);
      toastSuccess(`${field.trim()} added.`);
      setField('');
      setText('');
      props.onAdded();
    } catch (failure) {
      setError(failure); // Shown below the form.
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="ld-extracted">
      {props.offline ? (
        <Callout icon="offline" className="ld-inline-alert">
          Extracted values are saved straight to the server; they can be changed when it can be
          reached.
        </Callout>
      ) : null}
      {values.length === 0 ? (
        <p className="ld-muted">{ERRORS.NO_DATA}</p>
      ) : (
        <HTMLTable
          className="ld-table ld-extracted-table"
          compact
          striped
          aria-label="Extracted values"
        >
          <thead>
            <tr>
              <th>Field</th>
              <th>Value</th>
              <th aria-label="Actions" />
              <th>CRM</th>
            </tr>
          </thead>
          <tbody>
            {values.map((value) => (
              <ValueRow key={value.id} value={value} disabled={disabled} />
            ))}
          </tbody>
        </HTMLTable>
      )}
      <form
        className="ld-extracted-add"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormGroup label="Data field" labelFor="extracted-field" inline={false}>
          <InputGroup
            id="extracted-field"
            size="small"
            value={field}
            disabled={disabled}
            onValueChange={setField}
          />
        </FormGroup>
        <FormGroup label="Value" labelFor="extracted-value">
          <InputGroup
            id="extracted-value"
            size="small"
            value={text}
            disabled={disabled}
            onValueChange={setText}
          />
        </FormGroup>
        <Button
          type="submit"
          size="small"
          icon="add"
          disabled={disabled || !field.trim()}
          loading={loading}
        >
          Add value
        </Button>
      </form>
      {error ? (
        <Callout intent={Intent.DANGER} role="alert" className="ld-inline-alert">
          {describeError(error, ERRORS.UPDATE_DATA_ENTRY_FAILED)}
        </Callout>
      ) : null}
    </div>
  );
}
