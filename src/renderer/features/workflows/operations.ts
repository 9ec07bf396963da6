/** GraphQL of the workflow screens: the documents a test run can be tried on. */
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
