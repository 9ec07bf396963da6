/**
 * One small form in a dialog, for the Legal people screen's teams, roles, staff and contacts:
 * text fields, pickers and switches described by a list, the server's refusal shown above the
 * fields (a field problem under its field).
 */
import { FormGroup, HTMLSelect, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { describeError } from '../../app/errors';
import { FormDialog } from '../../components/FormDialog';
import { fieldIssues } from './issues';

export type FieldSpec =
  | { key: string; label: string; kind: 'text'; required?: boolean; placeholder?: string }
  | { key: string; label: string; kind: 'select'; options: Array<{ value: string; label: string }> }
  | { key: string; label: string; kind: 'switch' };

export type FormValues = Record<string, string | boolean>;

export function FieldsFormDialog(props: {
  title: string;
  fields: FieldSpec[];
  initial: FormValues;
  submitLabel: string;
  failure: string;
  onSubmit: (values: FormValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<FormValues>(props.initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const set = (key: string, value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setIssues({});
    try {
      await props.onSubmit(values);
      props.onClose();
    } catch (error) {
      const byField = fieldIssues(error);
      setIssues(byField);
      setProblem(Object.keys(byField).length > 0 ? null : describeError(error, props.failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      title={props.title}
      problem={problem}
      submitText={props.submitLabel}
      busy={busy}
      onSubmit={(event) => void submit(event)}
      onClose={props.onClose}
    >
      {props.fields.map((field) => {
        const id = `legal-${field.key}`;
        const issue = issues[field.key];
        const intent = issue ? Intent.DANGER : Intent.NONE;
        if (field.kind === 'switch')
          return (
            <Switch
              key={field.key}
              label={field.label}
              checked={values[field.key] === true}
              onChange={(event) => set(field.key, event.currentTarget.checked)}
            />
          );
        return (
          <FormGroup
            key={field.key}
            label={field.label}
            labelFor={id}
            helperText={issue}
            intent={intent}
          >
            {field.kind === 'text' ? (
              <InputGroup
                id={id}
                intent={intent}
                value={String(values[field.key] ?? '')}
                placeholder={field.placeholder}
                required={field.required}
                onValueChange={(value) => set(field.key, value)}
              />
            ) : (
              <HTMLSelect
                id={id}
                fill
                value={String(values[field.key] ?? '')}
                options={field.options}
                onChange={(event) => set(field.key, event.currentTarget.value)}
              />
            )}
          </FormGroup>
        );
      })}
    </FormDialog>
  );
}
