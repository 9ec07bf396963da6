/**
 * Intake scripts (issue 21): pages of 5 (spec section 9), newest first; create one with its
 * metadata — subject, dialog lines and the data it gathers (one per line) — and soft-delete. The
 * server names each missing field; its words show above the form.
 */
import {
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  TextArea,
} from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { INTAKE_PAGE_DEFAULT, INTAKE_PAGE_SIZE_DEFAULT } from '../../../shared/chat';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { useViewer } from '../auth/useViewer';
import { CREATE_INTAKE_SCRIPT, DELETE_INTAKE_SCRIPT, INTAKE_SCRIPTS_QUERY } from './operations';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function IntakeScriptsPage() {
  const viewer = useViewer();
  const [page, setPage] = useState(INTAKE_PAGE_DEFAULT);
  const list = useQuery(INTAKE_SCRIPTS_QUERY, {
    variables: { page, page_size: INTAKE_PAGE_SIZE_DEFAULT },
  });
  const [create, creating] = useMutation(CREATE_INTAKE_SCRIPT);
  const [remove, removing] = useMutation(DELETE_INTAKE_SCRIPT);
  const [form, setForm] = useState({ title: '', subject: '', dialog: '', required_data: '' });

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    const done = await create({
      variables: {
        input: {
          company_id: viewer?.company.id ?? '',
          title: form.title,
          subject: form.subject,
          dialog: lines(form.dialog),
          required_data: lines(form.required_data),
        },
      },
    }).catch(() => undefined);
    if (!done?.data) return;
    setForm({ title: '', subject: '', dialog: '', required_data: '' });
    setPage(1);
    await list.refetch({ page: 1 });
  }

  const data = list.data?.intakeScripts;
  const field = (key: keyof typeof form, label: string, area = false) => (
    <FormGroup label={label} labelFor={`intake-${key}`}>
      {area ? (
        <TextArea
          id={`intake-${key}`}
          fill
          value={form[key]}
          onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        />
      ) : (
        <InputGroup
          id={`intake-${key}`}
          value={form[key]}
          onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        />
      )}
    </FormGroup>
  );
  return (
    <Page title="Intake scripts" subtitle="What a chat room asks, and the data it gathers">
      <Card>
        <form onSubmit={(e) => void onCreate(e)} aria-label="New intake script">
          {creating.error ? (
            <Callout intent={Intent.DANGER}>
              {describeError(creating.error, ERRORS.CREATE_INTAKE_SCRIPT_FAILED)}
            </Callout>
          ) : null}
          {field('title', 'Title')}
          {field('subject', 'Subject')}
          {field('dialog', 'Dialog (one line each)', true)}
          {field('required_data', 'Required data (one per line)', true)}
          <Button type="submit" intent={Intent.PRIMARY} loading={creating.loading}>
            Create script
          </Button>
        </form>
      </Card>
      {list.error ? (
        <Callout intent={Intent.DANGER}>
          {describeError(list.error, PRODUCT_ERRORS.FETCH_INTAKE_SCRIPTS_FAILED)}
        </Callout>
      ) : null}
      {removing.error ? (
        <Callout intent={Intent.DANGER}>
          {describeError(removing.error, PRODUCT_ERRORS.DELETE_INTAKE_SCRIPT_FAILED)}
        </Callout>
      ) : null}
      {data && data.items.length === 0 ? (
        <NonIdealState icon="manual" title="No intake scripts yet" />
      ) : null}
      {data && data.items.length > 0 ? (
        <HTMLTable striped className="ld-full-width" aria-label="Intake scripts">
          <thead>
            <tr>
              <th>Title</th>
              <th>Subject</th>
              <th>Dialog</th>
              <th>Required data</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.items.map((s) => (
              <tr key={s.id}>
                <td>{s.title}</td>
                <td>{s.subject}</td>
                <td>{s.dialog.join(' / ')}</td>
                <td>{s.required_data.join(', ')}</td>
                <td>
                  <Button
                    minimal
                    icon="trash"
                    aria-label={`Delete ${s.title}`}
                    onClick={() =>
                      void remove({ variables: { id: s.id } })
                        .then(() => list.refetch())
                        .catch(() => undefined)
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}
      {data ? (
        <div className="ld-chat-new">
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)} icon="chevron-left">
            Previous
          </Button>
          <span>
            Page {data.page} of {data.total_pages} ({data.total} scripts)
          </span>
          <Button
            disabled={page >= data.total_pages}
            onClick={() => setPage(page + 1)}
            rightIcon="chevron-right"
          >
            Next
          </Button>
        </div>
      ) : null}
    </Page>
  );
}
