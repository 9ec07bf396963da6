/**
 * "New case" and "Edit case": every LegalCaseInput field. The case number is required and dates
 * are days from a date input; the server's field problems (a case number another case already
 * has, for one) land on their fields, anything else above the buttons. An edit sends only what
 * changed.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { describeError } from '../../app/errors';
import { toastSuccess } from '../../components/toaster';
import { UnsavedChangesGuard } from '../../components/unsaved/UnsavedChangesGuard';
import {
  CASE_FIELD_LABELS,
  createInput,
  EMPTY_CASE_FORM,
  errorsFromIssues,
  formFromCase,
  readIssues,
  updateInput,
  validateCaseForm,
  type CaseField,
  type CaseForm,
  type CaseFormErrors,
} from './caseForm';
import { CASE_MESSAGES } from './messages';
import {
  CASE_QUERIES_AFTER_CHANGE,
  CASE_STATS_QUERY,
  CREATE_CASE_MUTATION,
  UPDATE_CASE_MUTATION,
  type LegalCase,
} from './operations';

const SECTIONS: Array<{ title: string; fields: CaseField[] }> = [
  {
    title: 'Case',
    fields: ['case_number', 'name', 'client_name', 'legal_case_status', 'legal_case_type'],
  },
  {
    title: 'Numbers',
    fields: ['eams_number', 'wcab_number', 'primary_number', 'alternate_number'],
  },
  { title: 'Dates', fields: ['date_of_incident', 'date_of_injury'] },
];

const HELP: Partial<Record<CaseField, string>> = {
  case_number: 'Unique within the company.',
};

const PLACEHOLDERS: Partial<Record<CaseField, string>> = {
  legal_case_status: 'e.g. Open, Closed, Settled',
  legal_case_type: "e.g. Workers' Compensation",
};

export function CaseFormDialog(props: {
  companyId: string;
  /** The case to edit; absent for a new case. */
  legalCase?: LegalCase;
  onClose: () => void;
  onSaved?: (saved: LegalCase) => void;
}) {
  const { companyId, legalCase, onClose, onSaved } = props;
  const editing = legalCase !== undefined;
  const idPrefix = useId();
  const [initial] = useState<CaseForm>(() =>
    legalCase ? formFromCase(legalCase) : EMPTY_CASE_FORM,
  );
  const [form, setForm] = useState<CaseForm>(initial);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const [errors, setErrors] = useState<CaseFormErrors>({});
  const [failure, setFailure] = useState<string[] | null>(null);
  const stats = useQuery(CASE_STATS_QUERY, {
    variables: { company_id: companyId },
    skip: !companyId,
  });
  const [createCase, created] = useMutation(CREATE_CASE_MUTATION, {
    refetchQueries: CASE_QUERIES_AFTER_CHANGE,
  });
  const [updateCase, updated] = useMutation(UPDATE_CASE_MUTATION, {
    refetchQueries: CASE_QUERIES_AFTER_CHANGE,
  });
  const saving = created.loading || updated.loading;
  const statusNames = stats.data?.caseStats.by_status.map((entry) => entry.name) ?? [];
  const typeNames = stats.data?.caseStats.by_type.map((entry) => entry.name) ?? [];

  const set = (field: CaseField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = validateCaseForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      let saved: LegalCase;
      if (legalCase) {
        const input = updateInput(legalCase, form);
        if (Object.keys(input).length === 0) {
          onClose();
          return;
        }
        const answer = await updateCase({ variables: { id: legalCase.id, input } });
        if (!answer.data) throw answer.error ?? new Error(CASE_MESSAGES.SAVE_FAILED);
        saved = answer.data.updateLegalCase;
        toastSuccess(`Case ${saved.case_number} saved.`);
      } else {
        const answer = await createCase({
          variables: { company_id: companyId, input: createInput(form) },
        });
        if (!answer.data) throw answer.error ?? new Error(CASE_MESSAGES.SAVE_FAILED);
        saved = answer.data.createLegalCase;
        toastSuccess(`Case ${saved.case_number} created.`);
      }
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const { fields, other } = errorsFromIssues(readIssues(error));
      setErrors(fields);
      setFailure([describeError(error, CASE_MESSAGES.SAVE_FAILED), ...other]);
    }
  }

  const field = (name: CaseField) => {
    const id = `${idPrefix}-${name}`;
    const intent = errors[name] ? Intent.DANGER : Intent.NONE;
    const isDate = name === 'date_of_incident' || name === 'date_of_injury';
    const listId =
      name === 'legal_case_status'
        ? `${idPrefix}-statuses`
        : name === 'legal_case_type'
          ? `${idPrefix}-types`
          : undefined;
    return (
      <FormGroup
        key={name}
        label={CASE_FIELD_LABELS[name]}
        labelFor={id}
        labelInfo={name === 'case_number' ? '(required)' : undefined}
        helperText={errors[name] ?? HELP[name]}
        intent={intent}
        className="ld-cases-field"
      >
        {isDate ? (
          <input
            id={id}
            type="date"
            className={`bp6-input bp6-fill${errors[name] ? ' bp6-intent-danger' : ''}`}
            value={form[name]}
            disabled={saving}
            aria-invalid={errors[name] ? true : undefined}
            onChange={(event) => set(name, event.currentTarget.value)}
          />
        ) : (
          <InputGroup
            id={id}
            value={form[name]}
            disabled={saving}
            intent={intent}
            list={listId}
            placeholder={PLACEHOLDERS[name]}
            autoFocus={name === 'case_number'}
            aria-invalid={errors[name] ? true : undefined}
            onValueChange={(value) => set(name, value)}
          />
        )}
      </FormGroup>
    );
  };

  return (
    <Dialog
      isOpen
      onClose={saving ? undefined : onClose}
      title={editing ? `Edit case ${legalCase.case_number}` : 'New case'}
      icon={editing ? 'edit' : 'add'}
      className="ld-cases-dialog"
    >
      <UnsavedChangesGuard dirty={dirty} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          {failure ? (
            <Callout
              intent={Intent.DANGER}
              icon="error"
              role="alert"
              className="ld-cases-form-alert"
            >
              {failure.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </Callout>
          ) : null}
          {SECTIONS.map((section) => (
            <fieldset key={section.title} className="ld-cases-fieldset">
              <legend className="ld-cases-legend">{section.title}</legend>
              <div className="ld-cases-field-grid">{section.fields.map(field)}</div>
            </fieldset>
          ))}
          <datalist id={`${idPrefix}-statuses`}>
            {statusNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <datalist id={`${idPrefix}-types`}>
            {typeNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={saving}>
                {editing ? 'Save' : 'Create case'}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
