/** GraphQL operations of the task request screens (schema/63-legal-requests.graphql). */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const TASK_REQUESTS_QUERY = graphql(`
  query TaskRequests(
    $company_id: ID!
    $limit: Int
    $offset: Int
    $search: String
    $status: String
  ) {
    legalRequests(
      company_id: $company_id
      limit: $limit
      offset: $offset
      search: $search
      status: $status
    ) {
      items {
        id
        headline
        priority
        category
        due_date
        status
        requested_by_name
        assignee_name
        created_at
      }
      total
      counts {
        in_progress
        on_hold
        completed
        total
      }
    }
  }
`);

export const TASK_REQUEST_QUERY = graphql(`
  query TaskRequest($id: ID!) {
    legalRequest(id: $id) {
      id
      company_id
      headline
      priority
      category
      due_date
      details
      status
      requested_by
      requested_by_name
      assignee_id
      assignee_name
      automation_review_status
      is_subtask
      parent_task_id
      created_at
      can_work
      subtasks {
        id
        headline
        status
        priority
        due_date
      }
      comments {
        id
        comment
        created_by_name
        created_at
        updated_at
        can_edit
        attachments {
          id
          name
          type
          size
          file_url
        }
      }
      attachments {
        id
        name
        type
        size
        file_url
        created_at
      }
      activities {
        id
        type
        current
        previous
        updated_by_name
        created_at
      }
    }
  }
`);
export type TaskRequestDetails = ResultOf<typeof TASK_REQUEST_QUERY>['legalRequest'];

export const COMPANY_USERS_QUERY = graphql(`
  query TaskRequestPeople($company_id: ID!) {
    usersByCompany(company_id: $company_id) {
      id
      first_name
      last_name
      email
    }
  }
`);

export const CREATE_TASK_REQUEST = graphql(`
  mutation CreateTaskRequest($input: CreateLegalRequestInput!) {
    createLegalRequest(input: $input) {
      id
    }
  }
`);

export const UPDATE_TASK_REQUEST = graphql(`
  mutation UpdateTaskRequest($input: UpdateLegalRequestInput!) {
    updateLegalRequest(input: $input) {
      id
      status
    }
  }
`);

export const WORK_TASK_REQUEST = graphql(`
  mutation WorkTaskRequest($input: WorkLegalRequestInput!) {
    workLegalRequest(input: $input) {
      id
      assignee_id
      automation_review_status
    }
  }
`);

export const ADD_COMMENT = graphql(`
  mutation AddTaskRequestComment($request_id: ID!, $comment: String, $attachment_keys: [String!]) {
    addLegalRequestComment(
      request_id: $request_id
      comment: $comment
      attachment_keys: $attachment_keys
    ) {
      id
    }
  }
`);

export const EDIT_COMMENT = graphql(`
  mutation EditTaskRequestComment($id: ID!, $comment: String) {
    editLegalRequestComment(id: $id, comment: $comment) {
      id
      comment
    }
  }
`);

export const DELETE_COMMENT = graphql(`
  mutation DeleteTaskRequestComment($id: ID!) {
    deleteLegalRequestComment(id: $id)
  }
`);
