/**
 * Create or edit a request (spec section 5: title, description, project_id, priority,
 * request_type_id, created_by, request_action, company_id and status_id are required). The form
 * is checked with the server's schema first, so each missing field is named under "Failed to add
 * request" before anything is sent; the server's own issues land on the same fields. A sourcing
 * request type shows the job fields.
 */
import {
  Button,
  Callout,
  Checkbox,
  Classes,
  Dialog,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NumericInput,
  TextArea,
} from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import {
  COMPENSATION_TYPES,
  EMPLOYMENT_TYPES,
  JOB_SETTINGS,
  PRIORITIES,
  PRIORITY_LABEL,
  REQUEST_ACTIONS,
} from '../../../shared/delivery/inputs';
import { TASK_STATUSES } from '../../../shared/delivery/taskStatus';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { readIssues } from '../cases/caseForm';
import {
  CREATE_REQUEST_MUTATION,
  REQUEST_PROJECTS_QUERY,
  UPDATE_REQUEST_MUTATION,
  type RequestData,
} from './operations';
import {
  checkInput,
  createInputOf,
  EMPTY_REQUEST_FORM,
  errorsOf,
  formOf,
  updateInputOf,
  type FormErrors,
  type RequestForm,
} from './requestForm';
import { useRequestTypes } from './requestTypes';

const words = (value: string) => value.replace(/_/g, ' ');

export function RequestFormDialog(props: {
  viewerId: string;
  companyId: string | null;
  editing?: RequestData;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { editing } = props;
  const [form, setForm] = useState<RequestForm>(editing ? formOf(editing) : EMPTY_REQUEST_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { types } = useRequestTypes();
  const projects = useQuery(REQUEST_PROJECTS_QUERY, {
    variables: { company_id: props.companyId },
    skip: Boolean(editing),
  });
  const [create, creating] = useMutation(CREATE_REQUEST_MUTATION);
  const [update, updating] = useMutation(UPDATE_REQUEST_MUTATION);
  const sourcing = types.find((t) => String(t.id) === form.request_type_id)?.is_sourcing ?? false;
  const failedMessage = editing ? ERRORS.UPDATE_REQUEST_FAILED : ERRORS.ADD_REQUEST_FAILED;

  const set = <K extends keyof RequestForm>(key: K, value: RequestForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function save() {
    const project = projects.data?.projects.find((p) => p.id === form.project_id);
    const input = editing
      ? updateInputOf(form, sourcing)
      : createInputOf(form, {
          created_by: props.viewerId,
          company_id: project?.company_id,
          sourcing,
        });
    const issues = checkInput(editing ? 'update' : 'create', input);
    if (issues.length > 0) {
      setErrors(errorsOf(issues));
      setFailure(failedMessage);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      const result = editing
        ? (await update({ variables: { id: editing.id, input } })).data?.updateRequest
        : (await create({ variables: { input } })).data?.createRequest;
      if (result) props.onSaved(result.id);
    } catch (error) {
      const serverIssues = readIssues(error);
      setErrors(errorsOf(serverIssues));
      setFailure(serverIssues.length > 0 ? failedMessage : describeError(error, failedMessage));
    }
  }

  const field = (name: string, label: string, control: React.ReactNode) => (
    <FormGroup
      label={label}
      labelFor={`request-${name}`}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name]}
    >
      {control}
    </FormGroup>
  );
  const missingNames = Object.keys(errors);

  return (
    <Dialog
      isOpen
      onClose={props.onClose}
      title={editing ? 'Edit request' : 'New request'}
      style={{ width: 640 }}
    >
      <div className={Classes.DIALOG_BODY}>
        {failure ? (
          <Callout intent={Intent.DANGER} role="alert" className="ld-requests-callout">
            {failure}
            {missingNames.length > 0 ? `: ${Object.values(errors).join(' ')}` : null}
          </Callout>
        ) : null}
        {field(
          'title',
          'Title',
          <InputGroup
            id="request-title"
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
          />,
        )}
        {field(
          'description',
          'Description',
          <TextArea
            id="request-description"
            fill
            rows={4}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
          />,
        )}
        {editing
          ? null
          : field(
              'project_id',
              'Project',
              <HTMLSelect
                id="request-project_id"
                fill
                value={form.project_id}
                onChange={(e) => set('project_id', e.target.value)}
              >
                <option value="">Choose a project…</option>
                {(projects.data?.projects ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({p.company_name})
                  </option>
                ))}
              </HTMLSelect>,
            )}
        {errors.company_id && !errors.project_id ? (
          <Callout intent={Intent.WARNING}>{errors.company_id}</Callout>
        ) : null}
        <div className="ld-form-row">
          {field(
            'request_type_id',
            'Request type',
            <HTMLSelect
              id="request-request_type_id"
              fill
              value={form.request_type_id}
              onChange={(e) => set('request_type_id', e.target.value)}
            >
              <option value="">Choose a type…</option>
              {types.map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {t.name}
                </option>
              ))}
            </HTMLSelect>,
          )}
          {field(
            'priority',
            'Priority',
            <HTMLSelect
              id="request-priority"
              fill
              value={form.priority}
              onChange={(e) => set('priority', e.target.value)}
            >
              {PRIORITIES.map((p) => (
                <option key={p} value={String(p)}>
                  {PRIORITY_LABEL[p]}
                </option>
              ))}
            </HTMLSelect>,
          )}
        </div>
        <div className="ld-form-row">
          {field(
            'request_action',
            'Action',
            <HTMLSelect
              id="request-request_action"
              fill
              value={form.request_action}
              onChange={(e) => set('request_action', e.target.value)}
            >
              {REQUEST_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </HTMLSelect>,
          )}
          {field(
            'status_id',
            'Status',
            <HTMLSelect
              id="request-status_id"
              fill
              value={form.status_id}
              onChange={(e) => set('status_id', e.target.value)}
            >
              {TASK_STATUSES.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
            </HTMLSelect>,
          )}
        </div>
        {sourcing ? (
          <fieldset className="ld-requests-fieldset" aria-label="Job">
            <legend>Job</legend>
            {field(
              'job_settings',
              'Job settings',
              <div>
                {JOB_SETTINGS.map((s) => (
                  <Checkbox
                    key={s}
                    inline
                    label={words(s)}
                    checked={form.job_settings.includes(s)}
                    onChange={(e) =>
                      set(
                        'job_settings',
                        e.currentTarget.checked
                          ? [...form.job_settings, s]
                          : form.job_settings.filter((x) => x !== s),
                      )
                    }
                  />
                ))}
              </div>,
            )}
            <div className="ld-form-row">
              {field(
                'employment_type',
                'Employment type',
                <HTMLSelect
                  id="request-employment_type"
                  fill
                  value={form.employment_type}
                  onChange={(e) => set('employment_type', e.target.value)}
                >
                  <option value="">—</option>
                  {EMPLOYMENT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {words(t)}
                    </option>
                  ))}
                </HTMLSelect>,
              )}
              {field(
                'compensation_type',
                'Compensation type',
                <HTMLSelect
                  id="request-compensation_type"
                  fill
                  value={form.compensation_type}
                  onChange={(e) => set('compensation_type', e.target.value)}
                >
                  <option value="">—</option>
                  {COMPENSATION_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </HTMLSelect>,
              )}
            </div>
            <div className="ld-form-row">
              {field(
                'compensation',
                'Compensation ($)',
                <InputGroup
                  id="request-compensation"
                  inputMode="decimal"
                  value={form.compensation}
                  onChange={(e) => set('compensation', e.target.value)}
                />,
              )}
              {field(
                'candidate_min_exp',
                'Experience from (years)',
                <NumericInput
                  id="request-candidate_min_exp"
                  min={0}
                  fill
                  value={form.candidate_min_exp}
                  onValueChange={(_, s) => set('candidate_min_exp', s)}
                />,
              )}
              {field(
                'candidate_max_exp',
                'to (years)',
                <NumericInput
                  id="request-candidate_max_exp"
                  min={0}
                  fill
                  value={form.candidate_max_exp}
                  onValueChange={(_, s) => set('candidate_max_exp', s)}
                />,
              )}
            </div>
          </fieldset>
        ) : null}
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button
            intent={Intent.PRIMARY}
            loading={creating.loading || updating.loading}
            onClick={() => void save()}
          >
            {editing ? 'Save' : 'Create request'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
