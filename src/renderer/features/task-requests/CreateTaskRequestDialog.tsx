/**
 * Files a task request (or a subtask, given parentId): headline, priority, category, due date,
 * details and who it is requested by, all required. The server names each missing or bad field;
 * its words show under that field, anything else above the form.
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
  TextArea,
} from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import { LEGAL_REQUEST_PRIORITIES } from '../../../shared/legalRequests';
import { describeError } from '../../app/errors';
import { fieldIssues } from '../legal-people/issues';
import { COMPANY_USERS_QUERY, CREATE_TASK_REQUEST } from './operations';

const FIELDS = ['headline', 'priority', 'category', 'due_date', 'details', 'requested_by'] as const;
type Field = (typeof FIELDS)[number];

export function CreateTaskRequestDialog(props: {
  companyId: string;
  viewerId: string;
  parentId?: string;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const people = useQuery(COMPANY_USERS_QUERY, { variables: { company_id: props.companyId } });
  const [create, { loading }] = useMutation(CREATE_TASK_REQUEST);
  const users = people.data?.usersByCompany ?? [];
  const [values, setValues] = useState<Record<Field, string>>({
    headline: '',
    priority: 'Medium',
    category: '',
    due_date: '',
    details: '',
    requested_by: '',
  });
  const requestedBy =
    values.requested_by || (users.some((u) => u.id === props.viewerId) ? props.viewerId : '');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: Field, value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIssues({});
    setProblem(null);
    // Empty fields are sent as missing, so the server names each one.
    const input: Record<string, string> = { company_id: props.companyId };
    for (const key of FIELDS) {
      const value = key === 'requested_by' ? requestedBy : values[key];
      if (value.trim() !== '') input[key] = value;
    }
    if (props.parentId) input.parent_task_id = props.parentId;
    try {
      const result = await create({ variables: { input } });
      if (result.data) props.onSaved(result.data.createLegalRequest.id);
    } catch (error) {
      const byField = fieldIssues(error);
      setIssues(byField);
      if (Object.keys(byField).length === 0)
        setProblem(describeError(error, PRODUCT_ERRORS.CREATE_TASK_REQUEST_FAILED));
    }
  }

  const group = (key: Field, label: string, control: React.ReactNode) => (
    <FormGroup
      label={label}
      labelFor={`task-request-${key}`}
      helperText={issues[key]}
      intent={issues[key] ? Intent.DANGER : Intent.NONE}
    >
      {control}
    </FormGroup>
  );
  const intent = (key: Field) => (issues[key] ? Intent.DANGER : Intent.NONE);

  return (
    <Dialog
      isOpen
      title={props.parentId ? 'New subtask' : 'New task request'}
      onClose={props.onClose}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          {problem ? (
            <Callout intent={Intent.DANGER} role="alert" className="ld-form-problem">
              {problem}
            </Callout>
          ) : null}
          {group(
            'headline',
            'Headline',
            <InputGroup
              id="task-request-headline"
              intent={intent('headline')}
              value={values.headline}
              onValueChange={(v) => set('headline', v)}
            />,
          )}
          {group(
            'priority',
            'Priority',
            <HTMLSelect
              id="task-request-priority"
              fill
              value={values.priority}
              options={[...LEGAL_REQUEST_PRIORITIES]}
              onChange={(e) => set('priority', e.currentTarget.value)}
            />,
          )}
          {group(
            'category',
            'Category',
            <InputGroup
              id="task-request-category"
              intent={intent('category')}
              value={values.category}
              onValueChange={(v) => set('category', v)}
            />,
          )}
          {group(
            'due_date',
            'Due date',
            <InputGroup
              id="task-request-due_date"
              type="date"
              intent={intent('due_date')}
              value={values.due_date}
              onValueChange={(v) => set('due_date', v)}
            />,
          )}
          {group(
            'requested_by',
            'Requested by',
            <HTMLSelect
              id="task-request-requested_by"
              fill
              value={requestedBy}
              onChange={(e) => set('requested_by', e.currentTarget.value)}
            >
              <option value="">Choose a person</option>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {[u.first_name, u.last_name].filter(Boolean).join(' ') || u.email}
                </option>
              ))}
            </HTMLSelect>,
          )}
          {group(
            'details',
            'Details',
            <TextArea
              id="task-request-details"
              fill
              rows={5}
              intent={intent('details')}
              value={values.details}
              onChange={(e) => set('details', e.currentTarget.value)}
            />,
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={props.onClose}>Cancel</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={loading}>
                Create
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
