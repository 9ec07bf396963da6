/** GraphQL operations of the company settings screen. */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const COMPANY_FIELDS = graphql(`
  fragment CompanyFields on Company {
    id
    name
    icon_url
    date_format
    is_legal
    domain
    created_at
  }
`);
export type CompanyData = ResultOf<typeof COMPANY_FIELDS>;

export const COMPANY_QUERY = graphql(
  `
    query Company($id: ID!) {
      company(id: $id) {
        ...CompanyFields
      }
    }
  `,
  [COMPANY_FIELDS],
);

export const UPDATE_COMPANY_MUTATION = graphql(
  `
    mutation UpdateCompany($id: ID!, $input: UpdateCompanyInput!) {
      updateCompany(id: $id, input: $input) {
        ...CompanyFields
      }
    }
  `,
  [COMPANY_FIELDS],
);
