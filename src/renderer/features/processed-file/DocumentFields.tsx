/**
 * The document's fields as a form: name, type, the number lists (several values each), dates of
 * injury (with the end of a cumulative-trauma period) and incident, applicant, defendant (with
 * every defendant the document names listed under it) and the page range in the raw file. Problems (the form's own checks or the server's) show under their
 * field; a changed field is marked so the reader sees what Save will send.
 */
import { FormGroup, InputGroup, Intent, Switch, TagInput } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { fieldLabel, NUMBER_FIELDS, type NumberField } from '../../../shared/documents';
import { DocumentTypePicker } from './DocumentTypePicker';
import { cleanNumbers, type DocumentForm, type FieldErrors, type FormField } from './form';
import type { DocumentType } from './operations';
import { usePendingFields, WAITING_TO_SYNC } from './pendingFields';

const NUMBER_PLACEHOLDERS: Record<NumberField, string> = {
  case_number: 'Add a case number',
  adj_number: 'Add an ADJ number (ADJ1234567)',
  eams_number: 'Add an EAMS number',
  claim_number: 'Add a claim number',
  wcab_number: 'Add a WCAB number',
};

export function DocumentFields(props: {
  form: DocumentForm;
  /** Every defendant the pipeline found (employer first), shown under the defendant field. */
  defendants: readonly string[];
  errors: FieldErrors;
  changed: ReadonlySet<string>;
  types: readonly DocumentType[];
  loadedType: DocumentType | null;
  rawFilePages: number | null;
  disabled: boolean;
  onChange(patch: Partial<DocumentForm>): void;
}) {
  const { form, errors, changed, disabled, onChange } = props;
  const pending = usePendingFields();
  const intentOf = (field: FormField) => (errors[field] ? Intent.DANGER : Intent.NONE);
  const group = (field: FormField, id: string, control: ReactNode, help?: string) => (
    <FormGroup
      key={field}
      label={
        <>
          {fieldLabel(field)}
          {changed.has(field) ? <span className="ld-changed-mark"> · changed</span> : null}
          {pending.has(field) && !changed.has(field) ? (
            <span className="ld-pending-mark" data-testid={`pending-${field}`}>
              {' '}
              · {WAITING_TO_SYNC}
            </span>
          ) : null}
        </>
      }
      labelFor={id}
      helperText={errors[field] ?? help}
      intent={intentOf(field)}
      className={changed.has(field) ? 'ld-field-changed' : undefined}
    >
      {control}
    </FormGroup>
  );
  const dateInput = (
    field: 'date_of_injury' | 'date_of_injury_end' | 'date_of_incident',
    id: string,
  ) => (
    <input
      id={id}
      type="date"
      className={`bp6-input bp6-fill${errors[field] ? ' bp6-intent-danger' : ''}`}
      value={form[field]}
      disabled={disabled}
      aria-invalid={errors[field] ? true : undefined}
      onChange={(event) => onChange({ [field]: event.currentTarget.value })}
    />
  );

  return (
    <div className="ld-doc-fields">
      {group(
        'name',
        'doc-name',
        <InputGroup
          id="doc-name"
          value={form.name}
          disabled={disabled}
          intent={intentOf('name')}
          onValueChange={(name) => onChange({ name })}
        />,
      )}
      {group(
        'legal_file_type_id',
        'doc-type',
        <DocumentTypePicker
          id="doc-type"
          types={props.types}
          value={form.legal_file_type_id}
          fallback={props.loadedType}
          disabled={disabled}
          intent={intentOf('legal_file_type_id')}
          onChange={(legal_file_type_id) => onChange({ legal_file_type_id })}
        />,
      )}
      <div className="ld-doc-field-grid">
        {NUMBER_FIELDS.map((field) =>
          group(
            field,
            `doc-${field}`,
            <TagInput
              key={field}
              values={form[field]}
              disabled={disabled}
              intent={intentOf(field)}
              addOnBlur
              addOnPaste
              separator={/[,;\n\r]+/}
              placeholder={NUMBER_PLACEHOLDERS[field]}
              inputProps={{ id: `doc-${field}` }}
              tagProps={{ minimal: true }}
              onChange={(values) =>
                onChange({ [field]: cleanNumbers(values.map((value) => String(value))) })
              }
            />,
          ),
        )}
      </div>
      <div className="ld-doc-field-grid">
        {group('date_of_injury', 'doc-doi', dateInput('date_of_injury', 'doc-doi'))}
        <div className="ld-doc-ct">
          <Switch
            label="Cumulative trauma (a period)"
            checked={form.cumulative}
            disabled={disabled}
            onChange={(event) => onChange({ cumulative: event.currentTarget.checked })}
          />
          {form.cumulative
            ? group(
                'date_of_injury_end',
                'doc-doi-end',
                dateInput('date_of_injury_end', 'doc-doi-end'),
              )
            : null}
        </div>
        {group('date_of_incident', 'doc-incident', dateInput('date_of_incident', 'doc-incident'))}
      </div>
      <div className="ld-doc-field-grid">
        {group(
          'applicant',
          'doc-applicant',
          <InputGroup
            id="doc-applicant"
            value={form.applicant}
            disabled={disabled}
            intent={intentOf('applicant')}
            onValueChange={(applicant) => onChange({ applicant })}
          />,
        )}
        {group(
          'defendant',
          'doc-defendant',
          <InputGroup
            id="doc-defendant"
            value={form.defendant}
            disabled={disabled}
            intent={intentOf('defendant')}
            onValueChange={(defendant) => onChange({ defendant })}
          />,
        )}
      </div>
      <DefendantsList defendants={props.defendants} />
      <fieldset className="ld-doc-pages" aria-label="Pages in the raw file">
        <legend>Pages in the raw file</legend>
        <div className="ld-doc-field-grid">
          {group(
            'start_page_no',
            'doc-start-page',
            <InputGroup
              id="doc-start-page"
              type="number"
              min={1}
              max={props.rawFilePages ?? undefined}
              value={form.start_page_no}
              disabled={disabled}
              intent={intentOf('start_page_no')}
              onValueChange={(start_page_no) => onChange({ start_page_no })}
            />,
          )}
          {group(
            'end_page_no',
            'doc-end-page',
            <InputGroup
              id="doc-end-page"
              type="number"
              min={1}
              max={props.rawFilePages ?? undefined}
              value={form.end_page_no}
              disabled={disabled}
              intent={intentOf('end_page_no')}
              onValueChange={(end_page_no) => onChange({ end_page_no })}
            />,
          )}
        </div>
        <p className="ld-muted ld-small">
          Changing the pages re-splits the raw file: the neighbouring documents take or give up the
          pages. You confirm before it happens.
        </p>
      </fieldset>
    </div>
  );
}

/**
 * Every defendant the document names (the employer, each insurer and claims administrator), as
 * the pipeline read them; the editable Defendant field above is the employer.
 */
function DefendantsList(props: { defendants: readonly string[] }) {
  return (
    <section className="ld-doc-defendants" aria-label="Defendants named">
      <h4 className="ld-small">Defendants named in the document</h4>
      {props.defendants.length === 0 ? (
        <p className="ld-muted ld-small" data-testid="doc-defendants-none">
          None found.
        </p>
      ) : (
        <ol className="ld-small" data-testid="doc-defendants">
          {props.defendants.map((name, index) => (
            <li key={`${index}-${name}`}>
              {name}
              {index === 0 ? <span className="ld-muted"> · employer</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
