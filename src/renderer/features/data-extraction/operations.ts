/** GraphQL operations of the Data extraction screen (schema/61-data-extraction.graphql). */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const DATA_FIELDS_QUERY = graphql(`
  query DataExtractionScreen($company_id: ID!) {
    dataFieldPrompts(company_id: $company_id) {
      id
      data_field
      data_field_variable
      data_extraction_for_automation
      is_own
      company_field {
        id
        is_active
      }
    }
  }
`);
export type DataFieldRow = ResultOf<typeof DATA_FIELDS_QUERY>['dataFieldPrompts'][number];

export const DATA_FIELD_BY_NAME = graphql(`
  query DataFieldByName($company_id: ID!, $data_field: String!) {
    dataFieldPromptByName(company_id: $company_id, data_field: $data_field) {
      id
      data_field
      data_field_variable
      is_own
      company_field {
        id
        is_active
      }
    }
  }
`);

export const CREATE_DATA_FIELD = graphql(`
  mutation CreateDataFieldPrompt(
    $company_id: ID!
    $data_field: String!
    $data_field_variable: String
    $data_extraction_for_automation: Boolean
  ) {
    createDataFieldPrompt(
      company_id: $company_id
      data_field: $data_field
      data_field_variable: $data_field_variable
      data_extraction_for_automation: $data_extraction_for_automation
    ) {
      id
    }
  }
`);

export const LINK_DATA_FIELD = graphql(`
  mutation LinkDataFieldToCompany($company_id: ID!, $data_field_id: ID!) {
    linkDataFieldToCompany(company_id: $company_id, data_field_id: $data_field_id) {
      id
    }
  }
`);

export const TOGGLE_DATA_FIELD = graphql(`
  mutation ToggleCompanyDataField($id: ID!, $is_active: Boolean!) {
    toggleCompanyDataField(id: $id, is_active: $is_active) {
      id
      is_active
    }
  }
`);

export const TOGGLE_ALL_DATA_FIELDS = graphql(`
  mutation ToggleAllCompanyDataFields($company_id: ID!, $is_active: Boolean!) {
    toggleAllCompanyDataFields(company_id: $company_id, is_active: $is_active) {
      id
      is_active
    }
  }
`);

export const REMOVE_DATA_FIELD = graphql(`
  mutation RemoveCompanyDataField($id: ID!) {
    removeCompanyDataField(id: $id)
  }
`);
