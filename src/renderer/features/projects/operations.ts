/** GraphQL operations of the projects screens (schema/50-delivery.graphql). */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const PROJECT_FIELDS = graphql(`
  fragment ProjectFields on Project {
    id
    name
    tech_lead_id
    tech_lead_name
    company_id
    company_name
    created_at
    can_manage
    team {
      id
      user_profile_id
      first_name
      last_name
      email
      talent_type_id
      talent_type {
        id
        role
        is_team_lead
      }
    }
    referrals {
      id
      name
      email
      profile_link
      refered_by_name
      created_at
    }
    tech_stacks {
      id
      tech_stack_id
      codebase
      has_access_token
      access_token_hint
      tech_stack {
        id
        name
        api_integration
      }
      environments {
        id
        project_tech_stack_id
        environment
        branch
      }
    }
  }
`);
export type ProjectData = ResultOf<typeof PROJECT_FIELDS>;

export const PROJECTS_QUERY = graphql(
  `
    query Projects($company_id: ID) {
      projects(company_id: $company_id) {
        ...ProjectFields
      }
    }
  `,
  [PROJECT_FIELDS],
);

export const PROJECT_QUERY = graphql(
  `
    query Project($id: ID!) {
      project(id: $id) {
        ...ProjectFields
      }
    }
  `,
  [PROJECT_FIELDS],
);

export const PICKERS_QUERY = graphql(`
  query DeliveryPickers {
    talentTypes {
      id
      role
      hourly_rate
      is_team_lead
    }
    techStacks {
      id
      name
      api_integration
    }
    deliveryPeople {
      id
      first_name
      last_name
      email
      company_id
      user_type
    }
  }
`);
export type PickersData = ResultOf<typeof PICKERS_QUERY>;

export const CREATE_PROJECT_MUTATION = graphql(
  `
    mutation CreateProject($input: ProjectInput!) {
      createProject(input: $input) {
        ...ProjectFields
      }
    }
  `,
  [PROJECT_FIELDS],
);

export const ADD_MEMBER_MUTATION = graphql(
  `
    mutation AddProjectMember($project_id: ID!, $user_profile_id: ID!, $talent_type_id: ID!) {
      addProjectMember(
        project_id: $project_id
        user_profile_id: $user_profile_id
        talent_type_id: $talent_type_id
      ) {
        ...ProjectFields
      }
    }
  `,
  [PROJECT_FIELDS],
);

export const REMOVE_MEMBER_MUTATION = graphql(
  `
    mutation RemoveProjectMember($id: ID!) {
      removeProjectMember(id: $id) {
        ...ProjectFields
      }
    }
  `,
  [PROJECT_FIELDS],
);

export const ADD_REFERRAL_MUTATION = graphql(
  `
    mutation AddReferral($project_id: ID!, $name: String!, $email: String, $profile_link: String) {
      addReferral(
        project_id: $project_id
        name: $name
        email: $email
        profile_link: $profile_link
      ) {
        ...ProjectFields
      }
    }
  `,
  [PROJECT_FIELDS],
);

export const ADD_TECH_STACK_MUTATION = graphql(
  `
    mutation AddProjectTechStack($input: ProjectTechStackInput!) {
      addProjectTechStack(input: $input) {
        ...ProjectFields
      }
    }
  `,
  [PROJECT_FIELDS],
);

export const REMOVE_TECH_STACK_MUTATION = graphql(
  `
    mutation RemoveProjectTechStack($id: ID!) {
      removeProjectTechStack(id: $id) {
        ...ProjectFields
      }
    }
  `,
  [PROJECT_FIELDS],
);

export const ADD_ENVIRONMENT_MUTATION = graphql(`
  mutation AddEnvironment($project_tech_stack_id: ID!, $input: EnvironmentInput!) {
    addEnvironment(project_tech_stack_id: $project_tech_stack_id, input: $input) {
      id
      project_tech_stack_id
      environment
      branch
    }
  }
`);

export const UPDATE_ENVIRONMENT_MUTATION = graphql(`
  mutation UpdateEnvironment($id: ID!, $input: EnvironmentInput!) {
    updateEnvironment(id: $id, input: $input) {
      id
      project_tech_stack_id
      environment
      branch
    }
  }
`);

export const REMOVE_ENVIRONMENT_MUTATION = graphql(`
  mutation RemoveEnvironment($id: ID!) {
    removeEnvironment(id: $id)
  }
`);
