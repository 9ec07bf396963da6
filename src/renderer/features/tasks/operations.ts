/** GraphQL operations of the task boards (schema/50-delivery-tasks.graphql). */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const BOARD_CARD_FIELDS = graphql(`
  fragment BoardCardFields on BoardCard {
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
export type BoardTask = ResultOf<typeof BOARD_CARD_FIELDS>;

/** The same fields of a task a move or a take answers with: it replaces the card on the board. */
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

export const BOARD_COLUMN_FIELDS = graphql(
  `
    fragment BoardColumnFields on BoardColumn {
      status_id
      status_name
      total_count
      next_cursor
      cards {
        ...BoardCardFields
      }
    }
  `,
  [BOARD_CARD_FIELDS],
);
export type BoardColumnPage = ResultOf<typeof BOARD_COLUMN_FIELDS>;

export const TASK_BOARD_QUERY = graphql(
  `
    query TaskBoard($kind: BoardKind!) {
      taskBoard(kind: $kind) {
        ...BoardColumnFields
      }
    }
  `,
  [BOARD_COLUMN_FIELDS],
);

/** "Load more" of one column (fetched past the cache: each page is kept by the board). */
export const TASK_BOARD_COLUMN_QUERY = graphql(
  `
    query TaskBoardColumn($kind: BoardKind!, $status_id: Int!, $after: String) {
      taskBoardColumn(kind: $kind, status_id: $status_id, after: $after) {
        ...BoardColumnFields
      }
    }
  `,
  [BOARD_COLUMN_FIELDS],
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

export const TASK_DETAIL_QUERY = graphql(`
  query TaskDetail($id: ID!) {
    task(id: $id) {
      id
      name
      description
      status_id
      status {
        id
        name
      }
      task_type
      difficulty_level
      assignee_id
      assignee_name
      qa_id
      qa_name
      request_id
      request_title
      parent_id
      project_id
      project_name
      tech_lead_id
      total_estimated_hours
      total_estimated_cost
      available_for_qa
      estimates {
        id
        talent_type_id
        role
        hours
        hourly_rate
        cost
      }
      steps {
        id
        title
        description
        priority
      }
      references {
        id
        title
        url
      }
      subtasks {
        id
        name
        status {
          id
          name
        }
        assignee_name
        total_estimated_hours
      }
      status_logs {
        id
        past_status
        current_status
        updated_to
        updated_by
        updated_by_name
        reason
        remarks
        submission
        track_time
        created_at
      }
      allowed_moves {
        to_status_id
        label
        needs_reason
      }
    }
  }
`);
export type TaskDetail = ResultOf<typeof TASK_DETAIL_QUERY>['task'];

/** Talent types (rates for the estimate preview) and the people a task may be given to. */
export const TASK_PICKERS_QUERY = graphql(`
  query TaskPickers {
    talentTypes {
      id
      role
      hourly_rate
    }
    deliveryPeople {
      id
      first_name
      last_name
      user_type
    }
  }
`);
export type TaskPickers = ResultOf<typeof TASK_PICKERS_QUERY>;

export const UPDATE_TASK_MUTATION = graphql(`
  mutation UpdateTask($id: ID!, $input: UpdateTaskInput!) {
    updateTask(id: $id, input: $input) {
      id
    }
  }
`);

export const CREATE_TASK_MUTATION = graphql(`
  mutation CreateTask($input: CreateTaskInput!) {
    createTask(input: $input) {
      id
    }
  }
`);

export const ASSIGN_TASK_MUTATION = graphql(`
  mutation AssignTask($id: ID!, $assignee_id: ID, $qa_id: ID) {
    assignTask(id: $id, assignee_id: $assignee_id, qa_id: $qa_id) {
      id
    }
  }
`);

const TECH_LEAD_REQUEST_FIELDS = graphql(`
  fragment TechLeadRequestFields on TechLeadRequest {
    id
    title
    priority
    project_id
    project_name
    status_name
    task_count
    unassigned_count
    total_estimated_hours
    total_estimated_cost
    status_counts {
      status_id
      name
      count
    }
  }
`);
export type TechLeadRequest = ResultOf<typeof TECH_LEAD_REQUEST_FIELDS>;

export const TECH_LEAD_QUERY = graphql(
  `
    query TechLeadViews($project_ids: [ID!], $status_ids: [Int!]) {
      techLeadDashboard(project_ids: $project_ids, status_ids: $status_ids) {
        ...TechLeadRequestFields
      }
      techLeadBacklog(project_ids: $project_ids) {
        ...TechLeadRequestFields
      }
    }
  `,
  [TECH_LEAD_REQUEST_FIELDS],
);

export const LEAD_PROJECTS_QUERY = graphql(`
  query LeadProjects {
    projects {
      id
      name
    }
  }
`);
