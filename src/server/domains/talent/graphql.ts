/**
 * Resolvers of talent, talent types, the delivery people pickers and the company switcher's list
 * (schema/50-delivery.graphql).
 */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';

type Args = Record<string, unknown>;

export function talentResolvers(deps: ResolverDeps) {
  const talent = deps.services.talent;
  const failed = <T>(name: string, work: () => Promise<T>) =>
    guarded(deps, 'FETCH_TALENT_PROFILES_FAILED', name, work);
  return {
    Query: {
      talentTypes: (_: unknown, _args: Args, c: GraphQLContext) =>
        failed('talentTypes', () => {
          requireViewer(c);
          return talent.types();
        }),
      talents: (_: unknown, args: Args, c: GraphQLContext) =>
        failed('talents', () => talent.list(requireViewer(c), args)),
      talent: (_: unknown, args: Args, c: GraphQLContext) =>
        failed('talent', () => talent.get(requireViewer(c), args)),
      deliveryPeople: (_: unknown, _args: Args, c: GraphQLContext) =>
        guarded(deps, 'FETCH_USERS_FAILED', 'deliveryPeople', () =>
          talent.people(requireViewer(c)),
        ),
      companyChoices: (_: unknown, _args: Args, c: GraphQLContext) =>
        guarded(deps, 'FETCH_COMPANY_FAILED', 'companyChoices', () =>
          talent.companies(requireViewer(c)),
        ),
    },
    Mutation: {
      createTalent: (_: unknown, args: { input: unknown }, c: GraphQLContext) =>
        failed('createTalent', () => talent.create(requireViewer(c), args.input)),
      updateTalent: (_: unknown, args: { id: unknown; input: unknown }, c: GraphQLContext) =>
        failed('updateTalent', () => talent.update(requireViewer(c), args)),
      createTalentType: (_: unknown, args: { input: unknown }, c: GraphQLContext) =>
        guarded(deps, 'CREATE_TALENT_TYPE_FAILED', 'createTalentType', () =>
          talent.createType(requireViewer(c), args.input),
        ),
      updateTalentType: (_: unknown, args: { id: unknown; input: unknown }, c: GraphQLContext) =>
        guarded(deps, 'UPDATE_TALENT_TYPE_FAILED', 'updateTalentType', () =>
          talent.updateType(requireViewer(c), args),
        ),
    },
  };
}
