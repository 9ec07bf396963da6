/** Resolvers of the firm's legal people (schema/60-legal-people.graphql); rules in service.ts. */
import type { ErrorCode } from '../../../shared/errors';
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';
import type { Viewer } from '../../permissions';
import type { LegalPeopleService } from './service';

type Args = Record<string, unknown>;
type Method = {
  [K in keyof LegalPeopleService]: LegalPeopleService[K] extends (
    viewer: Viewer,
    raw: unknown,
  ) => Promise<unknown>
    ? K
    : never;
}[keyof LegalPeopleService];

export function legalPeopleResolvers(deps: ResolverDeps) {
  const service = deps.services.legalPeople;
  /** A field answered by one service method, its unexpected failures worded as `code`. */
  const field =
    (code: ErrorCode, method: Method, unwrapInput = false) =>
    (_: unknown, args: Args, context: GraphQLContext) =>
      guarded<unknown>(deps, code, method, () =>
        service[method](requireViewer(context), unwrapInput ? args.input : args),
      );
  return {
    Query: {
      legalTeams: field('FETCH_LEGAL_TEAMS_FAILED', 'teams'),
      legalRoles: field('FETCH_LEGAL_ROLES_FAILED', 'roles'),
      legalStaff: field('FETCH_LEGAL_PEOPLE_FAILED', 'staff'),
      legalStaffConnection: field('FETCH_LEGAL_PEOPLE_FAILED', 'staffConnection'),
      legalContacts: field('FETCH_LEGAL_PEOPLE_FAILED', 'contacts'),
      legalPeople: field('FETCH_LEGAL_PEOPLE_FAILED', 'people'),
    },
    Mutation: {
      createLegalTeam: field('CREATE_LEGAL_TEAM_FAILED', 'createTeam'),
      updateLegalTeam: field('UPDATE_LEGAL_TEAM_FAILED', 'updateTeam'),
      deleteLegalTeam: field('DELETE_LEGAL_TEAM_FAILED', 'deleteTeam'),
      createLegalRole: field('CREATE_LEGAL_ROLE_FAILED', 'createRole', true),
      updateLegalRole: field('UPDATE_LEGAL_ROLE_FAILED', 'updateRole', true),
      deleteLegalRole: field('DELETE_LEGAL_ROLE_FAILED', 'deleteRole'),
      createLegalStaff: field('SAVE_LEGAL_STAFF_FAILED', 'createStaff', true),
      updateLegalStaff: field('SAVE_LEGAL_STAFF_FAILED', 'updateStaff', true),
      deleteLegalStaff: field('DELETE_LEGAL_STAFF_FAILED', 'deleteStaff'),
      createLegalContact: field('CREATE_LEGAL_CONTACT_FAILED', 'createContact', true),
      updateLegalContact: field('UPDATE_LEGAL_CONTACT_FAILED', 'updateContact', true),
      deleteLegalContact: field('DELETE_LEGAL_CONTACT_FAILED', 'deleteContact'),
    },
  };
}
