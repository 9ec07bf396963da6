/**
 * The GraphQL operations the uploader and the headless agent send (serverApi.ts). Types come from
 * the schema (shared/graphql); every answer is checked against the same selection at run time.
 */
import { graphql } from '../../../shared/graphql/graphql';

/** rawFile(id): its status (used when the final PATCH answer was lost). */
export const UPLOADER_RAW_FILE_QUERY = graphql(`
  query UploaderRawFile($id: ID!) {
    rawFile(id: $id) {
      id
      status
    }
  }
`);

/** A client-side permanent failure (file gone, changed, cancelled). */
export const UPLOADER_FAILED_MUTATION = graphql(`
  mutation UploaderFailed($id: ID!, $status: String!) {
    updateRawFileStatus(id: $id, status: $status) {
      id
      status
    }
  }
`);

export const AGENT_SIGN_IN_MUTATION = graphql(`
  mutation AgentSignIn($email: String!, $password: String!) {
    signIn(email: $email, password: $password) {
      token
    }
  }
`);
