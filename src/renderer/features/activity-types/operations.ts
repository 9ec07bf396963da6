/** GraphQL operations of the Activity types screen (schema/62-activity-types.graphql). */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const ACTIVITY_TYPES_QUERY = graphql(`
  query ActivityTypesScreen($company_id: ID!, $crm_type: String) {
    company(id: $company_id) {
      id
      crm_type
    }
    activityTypes(company_id: $company_id, crm_type: $crm_type) {
      id
      crm_type
      crm_activity_type_id
      title
      is_deletable
      is_viewable
    }
  }
`);
export type ActivityTypeRow = ResultOf<typeof ACTIVITY_TYPES_QUERY>['activityTypes'][number];

export const VIEWABLE_ACTIVITY_TYPES_QUERY = graphql(`
  query ViewableActivityTypes($company_id: ID!, $crm_type: String!) {
    viewableActivityTypes(company_id: $company_id, crm_type: $crm_type) {
      id
      crm_type
      crm_activity_type_id
      title
      is_deletable
      is_viewable
    }
  }
`);

export const SET_ACTIVITY_TYPE_VIEWABLE = graphql(`
  mutation SetActivityTypeViewable($id: ID!, $is_viewable: Boolean!) {
    setActivityTypeViewable(id: $id, is_viewable: $is_viewable) {
      id
      is_viewable
    }
  }
`);
