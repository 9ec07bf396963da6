/** GraphQL operations of the talent screen (schema/50-delivery.graphql). */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const TALENT_FIELDS = graphql(`
  fragment TalentFields on Talent {
    id
    user_profile_id
    first_name
    last_name
    email
    talent_type_id
    talent_type {
      id
      role
      hourly_rate
      is_team_lead
    }
    linkedin_url
    pay_rate
    hubstaff_id
    reporting_to
    reporting_to_name
  }
`);
export type TalentData = ResultOf<typeof TALENT_FIELDS>;

export const TALENTS_QUERY = graphql(
  `
    query Talents($company_id: ID) {
      talents(company_id: $company_id) {
        ...TalentFields
      }
    }
  `,
  [TALENT_FIELDS],
);

export const CREATE_TALENT_MUTATION = graphql(
  `
    mutation CreateTalent($input: TalentInput!) {
      createTalent(input: $input) {
        ...TalentFields
      }
    }
  `,
  [TALENT_FIELDS],
);

export const TALENT_TYPE_FIELDS = graphql(`
  fragment TalentTypeFields on TalentType {
    id
    role
    hourly_rate
    is_team_lead
  }
`);
export type TalentTypeData = ResultOf<typeof TALENT_TYPE_FIELDS>;

export const TALENT_TYPES_QUERY = graphql(
  `
    query TalentTypes {
      talentTypes {
        ...TalentTypeFields
      }
    }
  `,
  [TALENT_TYPE_FIELDS],
);

export const CREATE_TALENT_TYPE_MUTATION = graphql(
  `
    mutation CreateTalentType($input: TalentTypeInput!) {
      createTalentType(input: $input) {
        ...TalentTypeFields
      }
    }
  `,
  [TALENT_TYPE_FIELDS],
);

export const UPDATE_TALENT_TYPE_MUTATION = graphql(
  `
    mutation UpdateTalentType($id: ID!, $input: TalentTypeUpdateInput!) {
      updateTalentType(id: $id, input: $input) {
        ...TalentTypeFields
      }
    }
  `,
  [TALENT_TYPE_FIELDS],
);
