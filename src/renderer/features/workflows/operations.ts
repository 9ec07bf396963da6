/** GraphQL of the workflow screens: the documents a test run can be tried on, the live logs. */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const WORKFLOW_TEST_DOCUMENTS_QUERY = graphql(`
  query WorkflowTestDocuments($company_id: ID!, $file_name: String) {
    processedFiles(
      company_id: $company_id
      page: 1
      page_size: 20
      filters: { file_name: $file_name }
    ) {
      items {
        id
        name
      }
    }
  }
`);
export type WorkflowTestDocument = ResultOf<
  typeof WORKFLOW_TEST_DOCUMENTS_QUERY
>['processedFiles']['items'][number];

/** The live feed of the company's workflow log groups (server: domains/workflows/live.ts). */
export const WORKFLOW_LOGS_CHANGED_SUBSCRIPTION = graphql(`
  subscription WorkflowLogsChanged($company_id: ID) {
    workflowLogsChanged(company_id: $company_id) {
      company_id
      reason
      group {
        key
        legal_workflow_id
        workflow_name
        legal_processed_file_id
        processed_file_name
        case {
          id
          case_number
        }
        status
        started_at
        ended_at
        run_ids
      }
    }
  }
`);
