/**
 * "Test run": the saved workflow tried on one chosen document (POST /workflow/test-run). Each step
 * says what it would do (would run, would wait, would fail, passed with its branch, not started)
 * and why, and nothing happens: no run, no log, no notification, no call.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  Tag,
} from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { PRODUCT_ERRORS } from '../../../../shared/errors';
import { describeError } from '../../../app/errors';
import { testRun, type TestStep } from '../api';
import { WORKFLOW_TEST_DOCUMENTS_QUERY } from '../operations';
import type { Connection } from '../rest';
import { kindLabel } from './StepNode';

const OUTCOME_INTENTS: Record<TestStep['outcome'], Intent> = {
  'would run': Intent.SUCCESS,
  'would wait': Intent.PRIMARY,
  'would fail': Intent.DANGER,
  passed: Intent.SUCCESS,
  'not started': Intent.NONE,
};

export function TestRunDialog(props: {
  workflowId: string;
  companyId: string;
  connection: Connection | null;
  unsaved: boolean;
  labels: ReadonlyMap<string, string>;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [documentId, setDocumentId] = useState('');
  const [result, setResult] = useState<
    | { status: 'idle' | 'loading' }
    | { status: 'succeeded'; steps: TestStep[] }
    | { status: 'failed'; message: string }
  >({ status: 'idle' });
  const { data } = useQuery(WORKFLOW_TEST_DOCUMENTS_QUERY, {
    variables: { company_id: props.companyId, file_name: search.trim() || null },
    skip: !props.companyId,
  });
  const documents = data?.processedFiles.items ?? [];
  const chosen = documents.some((d) => d.id === documentId) ? documentId : (documents[0]?.id ?? '');

  const run = async () => {
    if (!props.connection || !chosen) return;
    setResult({ status: 'loading' });
    try {
      const answer = await testRun(props.connection, {
        id: props.workflowId,
        legal_processed_file_id: chosen,
      });
      setResult({ status: 'succeeded', steps: answer.steps });
    } catch (error) {
      setResult({
        status: 'failed',
        message: describeError(error, PRODUCT_ERRORS.TEST_RUN_WORKFLOW_FAILED),
      });
    }
  };

  return (
    <Dialog isOpen title="Test run" onClose={props.onClose} style={{ width: 760 }}>
      <DialogBody>
        {props.unsaved ? (
          <Callout intent={Intent.WARNING} className="ld-wf-callout">
            The test runs the saved workflow; your unsaved changes are not part of it.
          </Callout>
        ) : null}
        <FormGroup label="Find a document" labelFor="wf-test-search">
          <InputGroup
            id="wf-test-search"
            value={search}
            onValueChange={setSearch}
            leftIcon="search"
          />
        </FormGroup>
        <FormGroup label="Document" labelFor="wf-test-document">
          <HTMLSelect
            id="wf-test-document"
            value={chosen}
            onChange={(event) => setDocumentId(event.currentTarget.value)}
            options={
              documents.length === 0
                ? [{ value: '', label: 'No document found' }]
                : documents.map((d) => ({ value: d.id, label: d.name }))
            }
            fill
          />
        </FormGroup>
        {result.status === 'failed' ? (
          <Callout intent={Intent.DANGER} role="alert">
            {result.message}
          </Callout>
        ) : null}
        {result.status === 'succeeded' ? (
          <HTMLTable compact className="ld-wf-table" aria-label="Test run steps">
            <thead>
              <tr>
                <th>Step</th>
                <th>Would</th>
                <th>Details</th>
              </tr>
            </thead>
            <tbody>
              {result.steps.map((step) => (
                <tr key={step.node_id} aria-label={props.labels.get(step.node_id) ?? step.node_id}>
                  <td>{props.labels.get(step.node_id) ?? kindLabel(step.node_type)}</td>
                  <td>
                    <Tag
                      intent={OUTCOME_INTENTS[step.outcome]}
                      minimal
                      data-testid="wf-test-outcome"
                    >
                      {step.outcome}
                      {step.branch ? ` (${step.branch})` : ''}
                    </Tag>
                  </td>
                  <td>
                    <pre className="ld-wf-json">{JSON.stringify(step.detail, null, 2)}</pre>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={props.onClose}>Close</Button>
            <Button
              intent={Intent.PRIMARY}
              icon="play"
              disabled={!chosen}
              loading={result.status === 'loading'}
              onClick={() => void run()}
            >
              Run test
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
