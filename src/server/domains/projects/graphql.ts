/**
 * Resolvers of projects, tech stacks, environments and request types (schema/50-delivery.graphql).
 * Unexpected failures answer the spec's messages: "Failed to fetch projects", "Add Tech Stack
 * Failed", "Update Env Failed", "Remove Env Failed".
 */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';

type Args = Record<string, unknown>;

export function projectResolvers(deps: ResolverDeps) {
  const projects = deps.services.projects;
  const stacks = deps.services.techStacks;
  const fetchFailed = <T>(name: string, work: () => Promise<T>) =>
    guarded(deps, 'FETCH_PROJECTS_FAILED', name, work);
  return {
    Query: {
      projects: (_: unknown, args: Args, c: GraphQLContext) =>
        fetchFailed('projects', () => projects.list(requireViewer(c), args)),
      project: (_: unknown, args: Args, c: GraphQLContext) =>
        fetchFailed('project', () => projects.get(requireViewer(c), args)),
      techStacks: (_: unknown, _args: Args, c: GraphQLContext) =>
        fetchFailed('techStacks', () => {
          requireViewer(c);
          return stacks.catalogue();
        }),
      environments: (_: unknown, args: Args, c: GraphQLContext) =>
        fetchFailed('environments', () => stacks.environments(requireViewer(c), args)),
      requestTypes: (_: unknown, _args: Args, c: GraphQLContext) =>
        guarded(deps, 'UNKNOWN_REQUEST_TYPE', 'requestTypes', () => {
          requireViewer(c);
          return projects.requestTypes();
        }),
    },
    Mutation: {
      createProject: (_: unknown, args: { input: unknown }, c: GraphQLContext) =>
        fetchFailed('createProject', () => projects.create(requireViewer(c), args.input)),
      addProjectMember: (_: unknown, args: Args, c: GraphQLContext) =>
        fetchFailed('addProjectMember', () => projects.addMember(requireViewer(c), args)),
      removeProjectMember: (_: unknown, args: Args, c: GraphQLContext) =>
        fetchFailed('removeProjectMember', () => projects.removeMember(requireViewer(c), args)),
      addReferral: (_: unknown, args: Args, c: GraphQLContext) =>
        fetchFailed('addReferral', () => projects.addReferral(requireViewer(c), args)),
      addProjectTechStack: (_: unknown, args: { input: unknown }, c: GraphQLContext) =>
        guarded(deps, 'ADD_TECH_STACK_FAILED', 'addProjectTechStack', () =>
          stacks.add(requireViewer(c), args.input),
        ),
      removeProjectTechStack: (_: unknown, args: Args, c: GraphQLContext) =>
        guarded(deps, 'NO_TECH_STACK', 'removeProjectTechStack', () =>
          stacks.remove(requireViewer(c), args),
        ),
      addEnvironment: (
        _: unknown,
        args: { project_tech_stack_id: unknown; input: unknown },
        c: GraphQLContext,
      ) =>
        guarded(deps, 'UPDATE_ENV_FAILED', 'addEnvironment', () =>
          stacks.addEnvironment(requireViewer(c), args),
        ),
      updateEnvironment: (_: unknown, args: { id: unknown; input: unknown }, c: GraphQLContext) =>
        guarded(deps, 'UPDATE_ENV_FAILED', 'updateEnvironment', () =>
          stacks.updateEnvironment(requireViewer(c), args),
        ),
      removeEnvironment: (_: unknown, args: Args, c: GraphQLContext) =>
        guarded(deps, 'REMOVE_ENV_FAILED', 'removeEnvironment', () =>
          stacks.removeEnvironment(requireViewer(c), args),
        ),
    },
  };
}
