/** Resolvers: invitation, inviteUser, acceptInvitation, changeUserRole, deactivateUser, reactivateUser. */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';
import { adopt } from '../auth/graphql';

export function peopleResolvers(deps: ResolverDeps) {
  const { services } = deps;
  return {
    Query: {
      invitation: (_: unknown, args: { token: string }) =>
        guarded(deps, 'ACCEPT_INVITATION_FAILED', 'invitation', () =>
          services.people.preview(args.token),
        ),
    },
    Mutation: {
      inviteUser: (_: unknown, args: Record<string, unknown>, context: GraphQLContext) =>
        guarded(deps, 'INVITE_USER_FAILED', 'inviteUser', () =>
          services.people.invite(requireViewer(context), args),
        ),
      acceptInvitation: (_: unknown, args: { input: unknown }, context: GraphQLContext) =>
        guarded(deps, 'ACCEPT_INVITATION_FAILED', 'acceptInvitation', async () => {
          const userId = await services.people.accept(args.input);
          return adopt(context, await services.auth.signInNewUser(userId));
        }),
      changeUserRole: (_: unknown, args: Record<string, unknown>, context: GraphQLContext) =>
        guarded(deps, 'CHANGE_USER_ROLE_FAILED', 'changeUserRole', () =>
          services.people.changeRole(requireViewer(context), args),
        ),
      deactivateUser: (_: unknown, args: Record<string, unknown>, context: GraphQLContext) =>
        guarded(deps, 'DEACTIVATE_USER_FAILED', 'deactivateUser', async () => {
          const { user, endedSessionIds } = await services.people.deactivate(
            requireViewer(context),
            args,
          );
          // Their live sockets close too, as on sign-out.
          endedSessionIds.forEach((sessionId) => deps.onSignedOut(sessionId));
          return user;
        }),
      reactivateUser: (_: unknown, args: Record<string, unknown>, context: GraphQLContext) =>
        guarded(deps, 'REACTIVATE_USER_FAILED', 'reactivateUser', () =>
          services.people.reactivate(requireViewer(context), args),
        ),
    },
  };
}
