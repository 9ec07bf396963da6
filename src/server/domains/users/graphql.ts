/** Resolvers: userProfile(id), usersByCompany, updateAboutMe, and the UserProfile type. */
import { USER_TYPES, type UserProfileRow } from '../../db/schema';
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { fileLink, guarded, type ResolverDeps } from '../../graphql/types';

export function userResolvers(deps: ResolverDeps) {
  const { services } = deps;
  return {
    Query: {
      userProfile: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'NO_USER_PROFILE', 'userProfile', () =>
          services.users.get(requireViewer(context), args.id),
        ),
      usersByCompany: (_: unknown, args: { company_id: string }, context: GraphQLContext) =>
        guarded(deps, 'NO_USERS', 'usersByCompany', () =>
          services.users.byCompany(requireViewer(context), args.company_id),
        ),
    },
    Mutation: {
      updateAboutMe: (
        _: unknown,
        args: { id: string; about_me: string },
        context: GraphQLContext,
      ) =>
        guarded(deps, 'UPDATE_ABOUT_ME_FAILED', 'updateAboutMe', () =>
          services.users.updateAboutMe(requireViewer(context), args),
        ),
    },
    UserProfile: {
      // user_type ids are fixed by the migration that seeds them (1 = customer ... 9 = internal_admin).
      user_type: (user: UserProfileRow) => ({
        id: user.user_type_id,
        name: USER_TYPES[user.user_type_id - 1],
      }),
      company: (user: UserProfileRow, _: unknown, context: GraphQLContext) =>
        services.companies.get(requireViewer(context), user.company_id),
      avatar: (user: UserProfileRow, _: unknown, context: GraphQLContext) =>
        fileLink(deps, context, user.avatar),
    },
  };
}
