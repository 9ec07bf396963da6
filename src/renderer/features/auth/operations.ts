/** GraphQL operations of sign-in, first-run set-up and the session's viewer. */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const VIEWER_FIELDS = graphql(`
  fragment ViewerFields on Viewer {
    user {
      id
      email
      first_name
      last_name
      avatar
      user_type {
        id
        name
      }
      legal_user_type
    }
    company {
      id
      name
      icon_url
      date_format
      is_legal
    }
    company_ids
    managed_company_ids
    can_manage_company
  }
`);
export type ViewerData = ResultOf<typeof VIEWER_FIELDS>;

export const VIEWER_QUERY = graphql(
  `
    query Viewer {
      viewer {
        ...ViewerFields
      }
    }
  `,
  [VIEWER_FIELDS],
);

export const SETUP_STATUS_QUERY = graphql(`
  query SetupStatus {
    setupStatus {
      needs_setup
    }
  }
`);

export const SIGN_IN_MUTATION = graphql(
  `
    mutation SignIn($email: String!, $password: String!) {
      signIn(email: $email, password: $password) {
        token
        viewer {
          ...ViewerFields
        }
      }
    }
  `,
  [VIEWER_FIELDS],
);

export const SET_UP_MUTATION = graphql(
  `
    mutation SetUp($input: SetUpInput!) {
      setUp(input: $input) {
        token
        viewer {
          ...ViewerFields
        }
      }
    }
  `,
  [VIEWER_FIELDS],
);

export const SIGN_OUT_MUTATION = graphql(`
  mutation SignOut {
    signOut
  }
`);
