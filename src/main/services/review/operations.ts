/**
 * The GraphQL operations main sends for offline review (serverClient.ts): the outbox's two
 * mutations and the viewer's id. Types come from the schema (shared/graphql); every answer is
 * checked against the same selection at run time (shared/graphql/check.ts).
 */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

/**
 * The ProcessedFile fields main asks for in answers; they are merged over the copy the renderer
 * cached (which may hold more). No content, search vector, snippet or rank.
 */
export const OUTBOX_DOCUMENT_FIELDS = graphql(`
  fragment ReviewOutboxDocumentFields on ProcessedFile {
    id
    name
    url
    legal_file_type_id
    legal_file_type {
      id
      name
      company_id
      legal_document_folder {
        id
        name
        hex_code
      }
    }
    legal_raw_file_id
    raw_file_name
    raw_file_uploaded_at
    company_id
    created_at
    updated_at
    case_number
    adj_number
    eams_number
    claim_number
    wcab_number
    date_of_injury
    date_of_injury_end
    date_of_incident
    applicant
    defendant
    crm_case_id
    legal_case_id
    is_exception
    exception_reasons
    is_deleted
    deleted_at
    start_page_no
    end_page_no
    split_confidence
    type_confidence
    action_status
    secondary_action_status
    third_party_review_status
    qa_status
    sync_status
    are_workflows_run
    document_synced
    separated_at
    reviewed_at
    reviewed_by
    edited_fields
    version
  }
`);
export type OutboxDocument = ResultOf<typeof OUTBOX_DOCUMENT_FIELDS>;

export const OUTBOX_UPDATE_MUTATION = graphql(
  `
    mutation ReviewOutboxUpdate(
      $id: ID!
      $changes: ProcessedFileChanges!
      $base: ProcessedFileChanges
    ) {
      updateProcessedFile(id: $id, changes: $changes, base: $base) {
        saved
        conflicts {
          field
          base_value
          server_value
          your_value
        }
        file {
          ...ReviewOutboxDocumentFields
        }
      }
    }
  `,
  [OUTBOX_DOCUMENT_FIELDS],
);

export const OUTBOX_MARK_REVIEWED_MUTATION = graphql(
  `
    mutation ReviewOutboxMarkReviewed($id: ID!) {
      markProcessedFileReviewed(id: $id) {
        ...ReviewOutboxDocumentFields
      }
    }
  `,
  [OUTBOX_DOCUMENT_FIELDS],
);

export const OUTBOX_VIEWER_QUERY = graphql(`
  query ReviewOutboxViewer {
    viewer {
      user {
        id
      }
    }
  }
`);
