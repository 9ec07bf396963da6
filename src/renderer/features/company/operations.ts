/** GraphQL operations of the company settings screen. */
import { z } from 'zod';
import { fragment, op } from '../../graphql/op';

export const COMPANY_FIELDS = fragment(
  `fragment CompanyFields on Company { id name icon_url date_format is_legal domain created_at }`,
  z.object({
    id: z.string(),
    name: z.string(),
    icon_url: z.string().nullable(),
    date_format: z.string(),
    is_legal: z.boolean(),
    domain: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type CompanyData = z.infer<typeof COMPANY_FIELDS.schema>;

export const COMPANY_QUERY = op(
  `query Company($id: ID!) { company(id: $id) { ...CompanyFields } }`,
  z.object({ company: COMPANY_FIELDS.schema.nullable() }),
  z.object({ id: z.string() }),
  [COMPANY_FIELDS],
);

export const UPDATE_COMPANY_MUTATION = op(
  `mutation UpdateCompany($id: ID!, $input: UpdateCompanyInput!) {
    updateCompany(id: $id, input: $input) { ...CompanyFields }
  }`,
  z.object({ updateCompany: COMPANY_FIELDS.schema }),
  z.object({
    id: z.string(),
    input: z.object({ name: z.string().optional(), date_format: z.string().optional() }),
  }),
  [COMPANY_FIELDS],
);
