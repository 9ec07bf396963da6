/** GraphQL the outbox dialog uses: document type names, to show a type change by name. */
import { graphql } from '../../../shared/graphql/graphql';

export const OFFLINE_FILE_TYPES_QUERY = graphql(`
  query OfflineOutboxFileTypes($company_id: ID!) {
    legalFileTypes(company_id: $company_id) {
      id
      name
    }
  }
`);
