/** Resolvers: setupStatus, viewer, setUp, signIn, signOut, and the Viewer type. */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import type { ResolverDeps } from '../../graphql/types';
import { canManageCompany, type Viewer } from '../../permissions';
import type { AuthResult } from './service';

/** After sign-in the rest of this operation (e.g. viewer { company }) runs as the new viewer. */
export function adopt(context: GraphQLContext, result: AuthResult): AuthResult {
  context.auth = { kind: 'signed-in', viewer: result.viewer };
  return result;
}

export function authResolvers({ services, onSignedOut }: ResolverDeps) {
  return {
    Query: {
      setupStatus: async () => ({ needs_setup: await services.auth.needsSetup() }),
      viewer: (_: unknown, __: unknown, context: GraphQLContext): Viewer | null =>
        context.auth.kind === 'signed-in' ? context.auth.viewer : null,
    },
    Mutation: {
      setUp: async (_: unknown, args: { input: unknown }, context: GraphQLContext) =>
        adopt(context, await services.auth.setUp(args.input)),
      signIn: async (
        _: unknown,
        args: { email: string; password: string },
        context: GraphQLContext,
      ) => adopt(context, await services.auth.signIn(args, context.ip)),
      signOut: async (_: unknown, __: unknown, context: GraphQLContext) => {
        const viewer = requireViewer(context);
        await services.auth.signOut(viewer);
        onSignedOut(viewer.sessionId);
        return true;
      },
    },
    Viewer: {
      user: (viewer: Viewer) => viewer.user,
      company: (viewer: Viewer) => services.companies.own(viewer),
      company_ids: (viewer: Viewer) => viewer.companyIds,
      managed_company_ids: (viewer: Viewer) => viewer.managedCompanyIds,
      can_manage_company: (viewer: Viewer) => canManageCompany(viewer, viewer.user.company_id),
    },
  };
}
