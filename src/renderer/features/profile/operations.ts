/** GraphQL operations of the profile screen. */
import { z } from 'zod';
import { fragment, op } from '../../graphql/op';
import { LegalUserType, UserType } from '../users/operations';

export const PROFILE_FIELDS = fragment(
  `fragment ProfileFields on UserProfile {
    id email first_name last_name avatar about_me phone_number created_at
    user_type { id name } legal_user_type
    company { id name }
  }`,
  z.object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    avatar: z.string().nullable(),
    about_me: z.string().nullable(),
    phone_number: z.string().nullable(),
    created_at: z.string(),
    user_type: z.object({ id: z.string(), name: UserType }),
    legal_user_type: LegalUserType.nullable(),
    company: z.object({ id: z.string(), name: z.string() }),
  }),
);
export type ProfileData = z.infer<typeof PROFILE_FIELDS.schema>;

export const USER_PROFILE_QUERY = op(
  `query UserProfile($id: ID!) { userProfile(id: $id) { ...ProfileFields } }`,
  z.object({ userProfile: PROFILE_FIELDS.schema.nullable() }),
  z.object({ id: z.string() }),
  [PROFILE_FIELDS],
);

export const UPDATE_ABOUT_ME_MUTATION = op(
  `mutation UpdateAboutMe($id: ID!, $about_me: String!) {
    updateAboutMe(id: $id, about_me: $about_me) { id about_me }
  }`,
  z.object({ updateAboutMe: z.object({ id: z.string(), about_me: z.string().nullable() }) }),
  z.object({ id: z.string(), about_me: z.string() }),
);
