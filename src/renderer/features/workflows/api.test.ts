/** The workflow REST answers as the server sends them ({data: ...}), and refusals as messages. */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/errors';
import { fetchLogs, fetchUpdateHistory, saveNodesAndEdges, testRun } from './api';
import { WorkflowApiError } from './rest';

function answering(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { connection: { serverUrl: 'http://server', token: 't', fetchFn }, calls };
}

const group = {
  key: 'w1:f1',
  legal_workflow_id: 'w1',
  workflow_name: 'Intake',
  legal_processed_file_id: 'f1',
  processed_file_name: 'QME Report',
  case: null,
  status: 'Completed',
  started_at: '2026-11-26T20:15:34.013Z',
  ended_at: '2026-11-26T20:15:34.545Z',
  run_ids: ['r1'],
};
const pagination = { page: 1, limit: 10, total: 1, totalPages: 1 };

describe('workflow REST calls', () => {
  it('given the grouped logs in {data}, then the groups and pagination are read', async () => {
    const { connection, calls } = answering(200, {
      data: { groupedWorkflowLogs: [group], pagination },
    });
    const answer = await fetchLogs(connection, { company_id: 'c1', page: 1, limit: 10 });
    expect(answer.groups.map((g) => g.status)).toEqual(['Completed']);
    expect(answer.pagination.total).toBe(1);
    expect(calls[0]?.url).toBe('http://server/workflow/logs');
  });

  it('given an answer out of shape, then it fails as "Invalid response structure"', async () => {
    const { connection } = answering(200, { groupedWorkflowLogs: [group], pagination });
    await expect(fetchLogs(connection, { company_id: 'c1', page: 1, limit: 10 })).rejects.toThrow(
      ERRORS.INVALID_RESPONSE_STRUCTURE,
    );
  });

  it('given the history in {data}, then page 1 / limit 10 is asked for by query', async () => {
    const { connection, calls } = answering(200, { data: { history: [], pagination } });
    await fetchUpdateHistory(connection, { companyId: 'c1', page: 1, limit: 10 });
    expect(calls[0]?.url).toBe(
      'http://server/workflow/get-workflow-update-history?companyId=c1&page=1&limit=10',
    );
  });

  it('given a refused save with graph issues, then they come back as problems on their nodes', async () => {
    const { connection } = answering(400, {
      error: {
        code: 'INVALID_INPUT',
        message: 'Some of the information entered is not valid.',
        issues: [{ path: 'nodes.n1.message', message: 'Enter the message.' }],
      },
    });
    const save = saveNodesAndEdges(connection, {
      workflowId: 'w',
      userId: 'u',
      newNodes: [],
      newEdges: [],
    });
    const error = await save.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowApiError);
    expect((error as WorkflowApiError).problems).toEqual([
      { nodeId: 'n1', field: 'message', message: 'Enter the message.' },
    ]);
  });

  it('given a failure without a catalogue code, then the operation message is shown', async () => {
    const { connection } = answering(502, 'bad gateway');
    await expect(
      saveNodesAndEdges(connection, { workflowId: 'w', userId: 'u', newNodes: [], newEdges: [] }),
    ).rejects.toThrow(ERRORS.UPDATE_NODES_AND_EDGES_FAILED);
  });

  it('given a test run answer, then each step says what it would do', async () => {
    const { connection, calls } = answering(200, {
      data: {
        workflow_id: 'w',
        version: 3,
        legal_processed_file_id: 'f',
        steps: [
          { node_id: 't', node_type: 'trigger.document', outcome: 'passed', detail: {} },
          {
            node_id: 'c',
            node_type: 'condition.case_matched',
            outcome: 'passed',
            branch: 'false',
            detail: {},
          },
          { node_id: 'n', node_type: 'action.notify', outcome: 'not started', detail: {} },
        ],
      },
    });
    const answer = await testRun(connection, { id: 'w', legal_processed_file_id: 'f' });
    expect(answer.steps.map((s) => [s.node_id, s.outcome, s.branch])).toEqual([
      ['t', 'passed', undefined],
      ['c', 'passed', 'false'],
      ['n', 'not started', undefined],
    ]);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      id: 'w',
      legal_processed_file_id: 'f',
    });
  });
});
