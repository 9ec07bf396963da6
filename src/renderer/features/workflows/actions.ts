/**
 * The list's changes to one workflow: create (name, company_id, is_active), rename, duplicate
 * (id, name, company_id), toggle active and soft delete. Each answers with the workflow as it now
 * is (a delete with its id) and fails with its catalogue message (spec section 8).
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { ERRORS } from '../../../shared/errors';
import { WorkflowAnswer, type Workflow } from './api';
import { call, type Connection } from './rest';
import { useConnection } from './useConnection';

const one = z.object({ data: WorkflowAnswer }).transform((answer) => answer.data);

export interface WorkflowActions {
  create(input: { name: string; company_id: string; is_active: boolean }): Promise<Workflow>;
  rename(id: string, name: string): Promise<Workflow>;
  duplicate(input: { id: string; name: string; company_id: string }): Promise<Workflow>;
  toggle(id: string, isActive: boolean): Promise<Workflow>;
  remove(id: string): Promise<void>;
}

export function workflowActions(connection: Connection): WorkflowActions {
  const post = <T>(path: string, body: unknown, answer: z.ZodType<T>, fallback: string) =>
    call(connection, path, { method: 'POST', body }, answer, fallback);
  return {
    create: (input) => post('/workflow/create', input, one, ERRORS.CREATE_WORKFLOW_FAILED),
    rename: (id, name) =>
      post('/workflow/rename', { id, name }, one, ERRORS.UPDATE_WORKFLOW_NAME_FAILED),
    duplicate: (input) => post('/workflow/duplicate', input, one, ERRORS.DUPLICATE_WORKFLOW_FAILED),
    toggle: (id, isActive) =>
      post(
        '/workflow/toggle-active',
        { id, is_active: isActive },
        one,
        ERRORS.TOGGLE_WORKFLOW_ACTIVE_FAILED,
      ),
    remove: async (id) => {
      await post('/workflow/delete', { id }, z.unknown(), ERRORS.DELETE_WORKFLOW_FAILED);
    },
  };
}

const SIGNED_OUT: Connection = { serverUrl: '', token: '' };

export function useWorkflowActions(): WorkflowActions {
  const connection = useConnection();
  return useMemo(() => workflowActions(connection ?? SIGNED_OUT), [connection]);
}
