/** GraphQL operations of the request screens (schema/50-delivery-tasks.graphql, 51-delivery-requests.graphql). */
import { graphql, type ResultOf, type VariablesOf } from '../../../shared/graphql/graphql';

export const REQUEST_FIELDS = graphql(`
  fragment RequestFields on Request {
    id
    title
    description
    created_by
    created_by_name
    priority
    project_id
    project_name
    request_type_id
    request_type_name
    request_action
    company_id
    status_id
    status {
      id
      name
    }
    task_count
    created_at
    is_sourcing
    job_settings
    employment_type
    compensation_type
    compensation
    candidate_min_exp
    candidate_max_exp
    delivery {
      id
      title
      delivery_date
      estimated_delivery_date
    }
  }
`);
export type RequestData = ResultOf<typeof REQUEST_FIELDS>;

export const REQUEST_PAGE_QUERY = graphql(
  `
    query RequestPage(
      $list: RequestList!
      $company_id: ID
      $request_type_id: Int
      $project_ids: [ID!]
      $page: Int
      $limit: Int
    ) {
      requestPage(
        list: $list
        company_id: $company_id
        request_type_id: $request_type_id
        project_ids: $project_ids
        page: $page
        limit: $limit
      ) {
        items {
          ...RequestFields
        }
        totalcount
        page
        limit
      }
    }
  `,
  [REQUEST_FIELDS],
);

export const REQUEST_QUERY = graphql(
  `
    query RequestDetail($id: ID!) {
      request(id: $id) {
        ...RequestFields
      }
    }
  `,
  [REQUEST_FIELDS],
);

export const REQUEST_TYPES_QUERY = graphql(`
  query RequestTypes {
    requestTypes {
      id
      name
      is_sourcing
    }
  }
`);
export type RequestTypeData = ResultOf<typeof REQUEST_TYPES_QUERY>['requestTypes'][number];

export const REQUEST_PROJECTS_QUERY = graphql(`
  query RequestProjects($company_id: ID) {
    projects(company_id: $company_id) {
      id
      name
      company_id
      company_name
    }
  }
`);

export const CREATE_REQUEST_MUTATION = graphql(
  `
    mutation CreateRequest($input: CreateRequestInput!) {
      createRequest(input: $input) {
        ...RequestFields
      }
    }
  `,
  [REQUEST_FIELDS],
);
export type CreateRequestVariables = VariablesOf<typeof CREATE_REQUEST_MUTATION>;

export const UPDATE_REQUEST_MUTATION = graphql(
  `
    mutation UpdateRequest($id: ID!, $input: UpdateRequestInput!) {
      updateRequest(id: $id, input: $input) {
        ...RequestFields
      }
    }
  `,
  [REQUEST_FIELDS],
);

export const DELETE_REQUEST_MUTATION = graphql(`
  mutation DeleteRequest($id: ID!) {
    deleteRequest(id: $id)
  }
`);

export const ADD_DELIVERY_MUTATION = graphql(`
  mutation AddDelivery($request_id: ID!, $input: DeliveryInput!) {
    addDelivery(request_id: $request_id, input: $input) {
      id
      title
      delivery_date
      estimated_delivery_date
    }
  }
`);

export const UPDATE_DELIVERY_MUTATION = graphql(`
  mutation UpdateDelivery($id: ID!, $input: DeliveryInput!) {
    updateDelivery(id: $id, input: $input) {
      id
      title
      delivery_date
      estimated_delivery_date
    }
  }
`);

export const REMOVE_DELIVERY_MUTATION = graphql(`
  mutation RemoveDelivery($id: ID!) {
    removeDelivery(id: $id)
  }
`);
