/** GraphQL operations of the Legal people screen (schema/60-legal-people.graphql). */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const LEGAL_PEOPLE_QUERY = graphql(`
  query LegalPeopleScreen($company_id: ID!) {
    company(id: $company_id) {
      id
      crm_type
    }
    legalTeams(company_id: $company_id) {
      id
      name
      staff_count
    }
    legalRoles(company_id: $company_id) {
      id
      name
      legal_crm
      crm_role_convention
      staff_count
    }
    legalStaff(company_id: $company_id) {
      id
      first_name
      last_name
      display_name
      email
      role_id
      role_name
      legal_team_id
      team_name
      is_connected
    }
    legalContacts(company_id: $company_id) {
      id
      name
      contact_id
      first_name
      last_name
      primary_email
      legal_team_id
      team_name
      legal_role_id
      role_name
      is_invited
    }
    legalStaffConnection(company_id: $company_id) {
      staff_count
      connected_count
      connected
    }
  }
`);
export type LegalPeopleData = ResultOf<typeof LEGAL_PEOPLE_QUERY>;
export type LegalTeamRow = LegalPeopleData['legalTeams'][number];
export type LegalRoleRow = LegalPeopleData['legalRoles'][number];
export type LegalStaffRow = LegalPeopleData['legalStaff'][number];
export type LegalContactRow = LegalPeopleData['legalContacts'][number];

export const CREATE_TEAM = graphql(`
  mutation CreateLegalTeam($company_id: ID!, $name: String!) {
    createLegalTeam(company_id: $company_id, name: $name) {
      id
    }
  }
`);
export const UPDATE_TEAM = graphql(`
  mutation UpdateLegalTeam($id: ID!, $name: String!) {
    updateLegalTeam(id: $id, name: $name) {
      id
    }
  }
`);
export const DELETE_TEAM = graphql(`
  mutation DeleteLegalTeam($id: ID!) {
    deleteLegalTeam(id: $id)
  }
`);
export const CREATE_ROLE = graphql(`
  mutation CreateLegalRole($input: CreateLegalRoleInput!) {
    createLegalRole(input: $input) {
      id
    }
  }
`);
export const UPDATE_ROLE = graphql(`
  mutation UpdateLegalRole($input: UpdateLegalRoleInput!) {
    updateLegalRole(input: $input) {
      id
    }
  }
`);
export const DELETE_ROLE = graphql(`
  mutation DeleteLegalRole($id: ID!) {
    deleteLegalRole(id: $id)
  }
`);
export const CREATE_STAFF = graphql(`
  mutation CreateLegalStaff($input: CreateLegalStaffInput!) {
    createLegalStaff(input: $input) {
      id
    }
  }
`);
export const UPDATE_STAFF = graphql(`
  mutation UpdateLegalStaff($input: UpdateLegalStaffInput!) {
    updateLegalStaff(input: $input) {
      id
    }
  }
`);
export const DELETE_STAFF = graphql(`
  mutation DeleteLegalStaff($id: ID!) {
    deleteLegalStaff(id: $id)
  }
`);
export const CREATE_CONTACT = graphql(`
  mutation CreateLegalContact($input: CreateLegalContactInput!) {
    createLegalContact(input: $input) {
      id
    }
  }
`);
export const UPDATE_CONTACT = graphql(`
  mutation UpdateLegalContact($input: UpdateLegalContactInput!) {
    updateLegalContact(input: $input) {
      id
    }
  }
`);
export const DELETE_CONTACT = graphql(`
  mutation DeleteLegalContact($id: ID!) {
    deleteLegalContact(id: $id)
  }
`);
