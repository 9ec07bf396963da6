/** GraphQL operations of the task boards (schema/50-delivery-tasks.graphql). */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const BOARD_TASK_FIELDS = graphql(`
  fragment BoardTaskFields on Task {
    id
    name
    status_id
    task_type
    assignee_name
    qa_name
    project_name
    request_title
    total_estimated_hours
    difficulty_level
    available_for_qa
    allowed_moves {
      to_status_id
      label
      needs_reason
    }
  }
`);
export type BoardTask = ResultOf<typeof BOARD_TASK_FIELDS>;

export const TASK_BOARD_QUERY = graphql(
  `
    query TaskBoard($kind: BoardKind!) {
      taskBoard(kind: $kind) {
        ...BoardTaskFields
      }
    }
  `,
  [BOARD_TASK_FIELDS],
);

export const MOVE_TASK_MUTATION = graphql(
  `
    mutation MoveTask($input: MoveTaskInput!) {
      moveTask(input: $input) {
        ...BoardTaskFields
      }
    }
  `,
  [BOARD_TASK_FIELDS],
);

export const TAKE_TASK_FOR_QA_MUTATION = graphql(
  `
    mutation TakeTaskForQa($id: ID!) {
      takeTaskForQa(id: $id) {
        ...BoardTaskFields
      }
    }
  `,
  [BOARD_TASK_FIELDS],
);
