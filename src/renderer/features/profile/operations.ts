/** GraphQL operations of the profile screen. */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const PROFILE_FIELDS = graphql(`
  fragment ProfileFields on UserProfile {
    id
    email
    first_name
    last_name
    avatar
    about_me
    phone_number
    created_at
    user_type {
      id
      name
    }
    legal_user_type
    company {
      id
      name
    }
  }
`);
export type ProfileData = ResultOf<typeof PROFILE_FIELDS>;

export const USER_PROFILE_QUERY = graphql(
  `
    query UserProfile($id: ID!) {
      userProfile(id: $id) {
        ...ProfileFields
      }
    }
  `,
  [PROFILE_FIELDS],
);

export const UPDATE_ABOUT_ME_MUTATION = graphql(`
  mutation UpdateAboutMe($id: ID!, $about_me: String!) {
    updateAboutMe(id: $id, about_me: $about_me) {
      id
      about_me
    }
  }
`);
