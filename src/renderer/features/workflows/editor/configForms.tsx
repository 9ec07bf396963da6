/**
 * The settings form of each node kind, in Blueprint controls. Values are read loosely from the
 * node's config (a step saved by an older version may lack a field) and every change is sent as
 * (field, value); the shared zod schema decides what is valid and its message shows under the field.
 */
import {
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NumericInput,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { LEGAL_USER_TYPES } from '../../../../shared/schemas/user';
import {
  WORKFLOW_FIELD_LABELS,
  WORKFLOW_FIELDS,
  type NodeKind,
} from '../../../../shared/workflows';

export interface ConfigOptions {
  fileTypes: Array<{ id: string; name: string; folderId: string }>;
  folders: Array<{ id: string; name: string }>;
  staff: Array<{ id: string; name: string }>;
}

interface FormProps {
  kind: NodeKind;
  config: Record<string, unknown>;
  options: ConfigOptions;
  problemOf: (field: string) => string | undefined;
  onChange: (field: string, value: unknown) => void;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const toggled = (values: string[], value: string, on: boolean) =>
  on ? [...values, value] : values.filter((v) => v !== value);

function Field(props: {
  label: string;
  id: string;
  problem?: string | undefined;
  children: ReactNode;
}) {
  return (
    <FormGroup
      label={props.label}
      labelFor={props.id}
      intent={props.problem ? Intent.DANGER : Intent.NONE}
      helperText={props.problem}
    >
      {props.children}
    </FormGroup>
  );
}

function Checklist(props: {
  label: string;
  items: Array<{ id: string; name: string }>;
  chosen: string[];
  empty: string;
  problem?: string | undefined;
  onChange: (next: string[]) => void;
}) {
  return (
    <FormGroup
      label={props.label}
      intent={props.problem ? Intent.DANGER : Intent.NONE}
      helperText={props.problem}
    >
      <div className="ld-wf-checklist" role="group" aria-label={props.label}>
        {props.items.length === 0 ? <span className="ld-muted">{props.empty}</span> : null}
        {props.items.map((item) => (
          <Checkbox
            key={item.id}
            label={item.name}
            checked={props.chosen.includes(item.id)}
            onChange={(event) =>
              props.onChange(toggled(props.chosen, item.id, event.currentTarget.checked))
            }
          />
        ))}
      </div>
    </FormGroup>
  );
}

function splitEmails(value: string): string[] {
  return value
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function ConfigForm({ kind, config, options, problemOf, onChange }: FormProps) {
  const input = (field: string, label: string, placeholder = '') => (
    <Field label={label} id={`wf-${field}`} problem={problemOf(field)}>
      <InputGroup
        id={`wf-${field}`}
        value={text(config[field])}
        placeholder={placeholder}
        intent={problemOf(field) ? Intent.DANGER : Intent.NONE}
        onValueChange={(value) => onChange(field, value)}
      />
    </Field>
  );
  const select = (field: string, label: string, choices: Array<[string, string]>) => (
    <Field label={label} id={`wf-${field}`} problem={problemOf(field)}>
      <HTMLSelect
        id={`wf-${field}`}
        value={text(config[field])}
        options={choices.map(([value, name]) => ({ value, label: name }))}
        onChange={(event) => onChange(field, event.currentTarget.value)}
        fill
      />
    </Field>
  );

  switch (kind) {
    case 'trigger.document':
      return (
        <>
          {select('event', 'When a document is', [
            ['completed', 'completed by processing'],
            ['reviewed', 'marked reviewed'],
          ])}
          <Checklist
            label="File types (none: every type)"
            items={options.fileTypes}
            chosen={list(config['file_type_ids'])}
            empty="No document types."
            problem={problemOf('file_type_ids')}
            onChange={(next) => onChange('file_type_ids', next)}
          />
          <Checklist
            label="Folders (none: every folder)"
            items={options.folders}
            chosen={list(config['folder_ids'])}
            empty="No folders."
            problem={problemOf('folder_ids')}
            onChange={(next) => onChange('folder_ids', next)}
          />
        </>
      );
    case 'trigger.raw_file':
      return (
        <Switch
          label="Only raw files received by email"
          checked={config['only_email'] === true}
          onChange={(event) => onChange('only_email', event.currentTarget.checked)}
        />
      );
    case 'trigger.schedule':
      return (
        <>
          {input('cron', 'Schedule (cron)', '0 8 * * 1-5')}
          {input('timezone', 'Time zone', 'America/Los_Angeles')}
        </>
      );
    case 'condition.field':
      return (
        <>
          {select(
            'field',
            'Field',
            WORKFLOW_FIELDS.map((field) => [field, WORKFLOW_FIELD_LABELS[field]]),
          )}
          {select('operator', 'Operator', [
            ['equals', 'equals'],
            ['contains', 'contains'],
            ['matches', 'matches (pattern)'],
            ['is_empty', 'is empty'],
          ])}
          {config['operator'] === 'is_empty' ? null : input('value', 'Value')}
        </>
      );
    case 'condition.case_matched':
      return <p className="ld-muted">True when the document is matched to a case.</p>;
    case 'condition.confidence':
      return (
        <>
          {select('measure', 'Confidence of', [
            ['type', 'the document type'],
            ['split', 'the page split'],
          ])}
          <Field label="True below" id="wf-threshold" problem={problemOf('threshold')}>
            <NumericInput
              id="wf-threshold"
              value={typeof config['threshold'] === 'number' ? config['threshold'] : ''}
              min={0}
              max={1}
              stepSize={0.05}
              minorStepSize={0.01}
              onValueChange={(value) => onChange('threshold', Number.isNaN(value) ? 0 : value)}
              fill
            />
          </Field>
        </>
      );
    case 'action.sync_case':
      return (
        <>
          {select('connector', 'Send to', [
            ['crm', "The company's active CRM (else the LexDesk case store)"],
            ['local', 'LexDesk case store (built in)'],
          ])}
          <Field label="Extracted data fields to write" id="wf-data-fields">
            <TextArea
              id="wf-data-fields"
              defaultValue={list(config['data_fields']).join(', ')}
              placeholder="Applicant Name, Date of Injury"
              onBlur={(event) =>
                onChange(
                  'data_fields',
                  event.currentTarget.value
                    .split(',')
                    .map((part) => part.trim())
                    .filter(Boolean),
                )
              }
              fill
            />
          </Field>
          {input('activity_type', 'Activity type of the written fields', 'Extracted data')}
        </>
      );
    case 'action.crm_activity':
      return (
        <>
          {input('activity_type', 'Activity type', 'Document received')}
          <Field label="Note" id="wf-note" problem={problemOf('note')}>
            <TextArea
              id="wf-note"
              value={text(config['note'])}
              onChange={(event) => onChange('note', event.currentTarget.value)}
              fill
            />
          </Field>
        </>
      );
    case 'action.notify':
      return (
        <>
          <Checklist
            label="Roles"
            items={LEGAL_USER_TYPES.map((role) => ({ id: role, name: role }))}
            chosen={list(config['roles'])}
            empty=""
            problem={problemOf('roles')}
            onChange={(next) => onChange('roles', next)}
          />
          <Checklist
            label="Staff"
            items={options.staff}
            chosen={list(config['staff_ids'])}
            empty="No users."
            problem={problemOf('staff_ids')}
            onChange={(next) => onChange('staff_ids', next)}
          />
          <Field label="Email addresses" id="wf-emails" problem={problemOf('emails')}>
            <TextArea
              id="wf-emails"
              defaultValue={list(config['emails']).join(', ')}
              placeholder="name@firm.com, other@firm.com"
              onBlur={(event) => onChange('emails', splitEmails(event.currentTarget.value))}
              fill
            />
          </Field>
          <Field label="Message" id="wf-message" problem={problemOf('message')}>
            <TextArea
              id="wf-message"
              value={text(config['message'])}
              onChange={(event) => onChange('message', event.currentTarget.value)}
              fill
            />
          </Field>
        </>
      );
    case 'action.set_fields':
      return (
        <>
          {select('file_type_id', 'Set type', [
            ['', 'Keep the type'],
            ...options.fileTypes.map((type): [string, string] => [type.id, type.name]),
          ])}
          {input('name', 'Set name', '{applicant} {file_type} {date_of_injury}')}
        </>
      );
    case 'action.wait_for_review':
      return (
        <p className="ld-muted">The run waits here until a person marks the document reviewed.</p>
      );
    case 'action.webhook':
      return (
        <>
          {input('url', 'Address', 'https://example.com/hooks/lexdesk')}
          {input('secret', 'Signing secret (at least 16 characters)')}
        </>
      );
  }
}
