/**
 * Data extraction settings (spec section 3 "Data extraction", section 7): the data fields the
 * pipeline extracts from the company's documents. Lists the catalogue's and the company's own
 * fields with whether each is extracted, looks one up by name, creates a field (refused when the
 * company already has it), links a field to the company and switches one or all on and off. The
 * pipeline extracts exactly the fields switched on here. Everyone of the company reads; its
 * managers change.
 */
import { useLazyQuery, useMutation, useQuery } from '@apollo/client/react';
import {
  Button,
  Callout,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { toastError, toastSuccess } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import {
  FieldsFormDialog,
  type FieldSpec,
  type FormValues,
} from '../legal-people/FieldsFormDialog';
import {
  CREATE_DATA_FIELD,
  DATA_FIELD_BY_NAME,
  DATA_FIELDS_QUERY,
  LINK_DATA_FIELD,
  REMOVE_DATA_FIELD,
  TOGGLE_ALL_DATA_FIELDS,
  TOGGLE_DATA_FIELD,
  type DataFieldRow,
} from './operations';
import './dataExtraction.css';

const CREATE_FIELDS: FieldSpec[] = [
  { key: 'data_field', label: 'Field name', kind: 'text', required: true },
  {
    key: 'data_field_variable',
    label: 'Variable (optional)',
    kind: 'text',
    placeholder: 'made from the name when empty',
  },
  { key: 'data_extraction_for_automation', label: 'Used by workflows', kind: 'switch' },
];

export function DataExtractionPage() {
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const canManage = viewer?.can_manage_company ?? false;
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const refetchQueries = ['DataExtractionScreen', 'DataFieldByName'];
  const options = { refetchQueries, awaitRefetchQueries: true };
  const { data, error, loading, refetch } = useQuery(DATA_FIELDS_QUERY, {
    variables: { company_id: companyId },
    skip: !companyId,
    fetchPolicy: 'cache-and-network',
  });
  const [lookUp, lookedUp] = useLazyQuery(DATA_FIELD_BY_NAME, { fetchPolicy: 'network-only' });
  const [create] = useMutation(CREATE_DATA_FIELD, options);
  const [link] = useMutation(LINK_DATA_FIELD, options);
  const [toggle] = useMutation(TOGGLE_DATA_FIELD, options);
  const [toggleAll] = useMutation(TOGGLE_ALL_DATA_FIELDS, options);
  const [remove] = useMutation(REMOVE_DATA_FIELD, options);

  const run = (work: Promise<unknown>, done: string, failure: string) =>
    work.then(
      () => toastSuccess(done),
      (e: unknown) => toastError(describeError(e, failure)),
    );

  function submitLookUp(event: FormEvent) {
    event.preventDefault();
    const wanted = name.trim();
    if (wanted) void lookUp({ variables: { company_id: companyId, data_field: wanted } });
  }

  if (error && !data)
    return (
      <Page title="Data extraction">
        <Callout
          intent={Intent.DANGER}
          title={describeError(error, ERRORS.FETCH_DATA_FIELDS_FAILED)}
        >
          <Button onClick={() => void refetch()}>Try again</Button>
        </Callout>
      </Page>
    );
  if (!data)
    return (
      <Page title="Data extraction">
        {loading ? (
          <Spinner className="ld-loading" size={32} aria-label="Loading data fields" />
        ) : null}
      </Page>
    );

  const rows = data.dataFieldPrompts;
  const linked = rows.filter((r) => r.company_field);
  const active = linked.filter((r) => r.company_field?.is_active).length;
  const switchAll = (is_active: boolean) =>
    run(
      toggleAll({ variables: { company_id: companyId, is_active } }),
      is_active ? 'Every field is extracted.' : 'No field is extracted.',
      ERRORS.TOGGLE_ALL_DATA_FIELDS_FAILED,
    );
  const addToCompany = (row: { id: string; data_field: string }) =>
    run(
      link({ variables: { company_id: companyId, data_field_id: row.id } }),
      `${row.data_field} is extracted.`,
      PRODUCT_ERRORS.UPDATE_DATA_FIELD_FAILED,
    );
  const found = lookedUp.data?.dataFieldPromptByName;

  return (
    <Page
      title="Data extraction"
      subtitle={`${active} of ${linked.length} linked ${linked.length === 1 ? 'field is' : 'fields are'} extracted from documents.`}
      actions={
        canManage ? (
          <>
            <Button
              icon="tick-circle"
              disabled={linked.length === 0}
              onClick={() => void switchAll(true)}
            >
              Turn all on
            </Button>
            <Button
              icon="disable"
              disabled={linked.length === 0}
              onClick={() => void switchAll(false)}
            >
              Turn all off
            </Button>
            <Button icon="add" intent={Intent.PRIMARY} onClick={() => setCreating(true)}>
              New field
            </Button>
          </>
        ) : null
      }
    >
      <form className="ld-data-lookup" onSubmit={submitLookUp} role="search">
        <InputGroup
          className="ld-data-lookup-input"
          aria-label="Field name to look up"
          placeholder="Look up a field by name"
          leftIcon="search"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" loading={lookedUp.loading} disabled={!name.trim()}>
          Look up
        </Button>
      </form>
      {lookedUp.error ? (
        <Callout intent={Intent.DANGER} className="ld-data-lookup-result">
          {describeError(lookedUp.error, ERRORS.FETCH_DATA_FIELDS_FAILED)}
        </Callout>
      ) : lookedUp.called && !lookedUp.loading && lookedUp.data ? (
        <Callout
          className="ld-data-lookup-result"
          role="status"
          aria-label="Look-up result"
          intent={found ? Intent.PRIMARY : Intent.WARNING}
        >
          {found ? (
            <>
              <strong>{found.data_field}</strong> ({found.data_field_variable}),{' '}
              {found.is_own ? 'the company’s own field' : 'a catalogue field'}:{' '}
              {found.company_field
                ? found.company_field.is_active
                  ? 'extracted.'
                  : 'linked, switched off.'
                : 'not linked to the company.'}
              {canManage && !found.company_field ? (
                <Button small className="ld-inline-action" onClick={() => void addToCompany(found)}>
                  Add to company
                </Button>
              ) : null}
            </>
          ) : (
            <>No field is named “{lookedUp.variables?.data_field}”.</>
          )}
        </Callout>
      ) : null}

      {rows.length === 0 ? (
        <NonIdealState icon="th-list" title="No data fields yet." className="ld-empty" />
      ) : (
        <div className="ld-table-frame">
          <HTMLTable className="ld-table" striped aria-label="Data fields">
            <thead>
              <tr>
                <th>Field</th>
                <th>Variable</th>
                <th>Source</th>
                <th>Extracted</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <FieldRow
                  key={row.id}
                  row={row}
                  canManage={canManage}
                  onAdd={() => void addToCompany(row)}
                  onToggle={(is_active) =>
                    void run(
                      toggle({ variables: { id: row.company_field!.id, is_active } }),
                      `${row.data_field} is ${is_active ? 'extracted' : 'no longer extracted'}.`,
                      PRODUCT_ERRORS.UPDATE_DATA_FIELD_FAILED,
                    )
                  }
                  onRemove={() =>
                    void run(
                      remove({ variables: { id: row.company_field!.id } }),
                      `${row.data_field} removed from the company.`,
                      PRODUCT_ERRORS.UPDATE_DATA_FIELD_FAILED,
                    )
                  }
                />
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}

      {creating ? (
        <FieldsFormDialog
          title="New data field"
          fields={CREATE_FIELDS}
          initial={{
            data_field: '',
            data_field_variable: '',
            data_extraction_for_automation: false,
          }}
          submitLabel="Create field"
          failure={PRODUCT_ERRORS.CREATE_DATA_FIELD_FAILED}
          onSubmit={(v: FormValues) =>
            create({
              variables: {
                company_id: companyId,
                data_field: String(v.data_field ?? '').trim(),
                data_field_variable: String(v.data_field_variable ?? '').trim() || null,
                data_extraction_for_automation: v.data_extraction_for_automation === true,
              },
            })
          }
          onClose={() => setCreating(false)}
        />
      ) : null}
    </Page>
  );
}

function FieldRow(props: {
  row: DataFieldRow;
  canManage: boolean;
  onAdd: () => void;
  onToggle: (isActive: boolean) => void;
  onRemove: () => void;
}) {
  const { row, canManage } = props;
  const link = row.company_field;
  return (
    <tr>
      <td>
        {row.data_field}
        {row.data_extraction_for_automation ? (
          <Tag minimal className="ld-inline-action">
            Workflows
          </Tag>
        ) : null}
      </td>
      <td>
        <code>{row.data_field_variable}</code>
      </td>
      <td>{row.is_own ? 'Company' : 'Catalogue'}</td>
      <td>
        {link ? (
          <Switch
            className="ld-data-switch"
            checked={link.is_active}
            disabled={!canManage}
            label={link.is_active ? 'On' : 'Off'}
            aria-label={`Extract ${row.data_field}`}
            onChange={(e) => props.onToggle(e.currentTarget.checked)}
          />
        ) : (
          <span className="ld-muted">Not linked</span>
        )}
      </td>
      <td>
        {canManage ? (
          link ? (
            <Button
              small
              minimal
              icon="cross"
              aria-label={`Remove ${row.data_field}`}
              title="Remove from the company"
              onClick={props.onRemove}
            />
          ) : (
            <Button small icon="link" onClick={props.onAdd} aria-label={`Add ${row.data_field}`}>
              Add
            </Button>
          )
        ) : null}
      </td>
    </tr>
  );
}
