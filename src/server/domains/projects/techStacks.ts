/**
 * Tech stacks per project and their environments (delivery-side spec sections 3, 7, 8). The
 * access token is encrypted before it is stored and only its last four characters are answered.
 * Messages: "No Stack Found" (a catalogue stack that does not exist), "No Tech Stack Found" (a
 * project tech stack that does not exist or is not visible), "Add Tech Stack Failed" (the stack is
 * already on the project), "Update Env Failed" / "Remove Env Failed" (an environment that does not
 * exist or is not visible).
 */
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { environment, projectTechStack, techStack } from '../../db/schemaDelivery';
import { parseInput } from '../../errors';
import { canManageProject, canViewProject, type Viewer } from '../../permissions';
import { AppError } from '../../../shared/errors';
import { environmentInputSchema, projectTechStackSchema } from '../../../shared/schemas/delivery';
import { uuid } from '../../../shared/schemas/input';
import { projectAccess, type ProjectRecord } from './records';
import type { ProjectService } from './service';
import { tokenHint, type TokenCipher } from '../../crypto/tokenCipher';

const idSchema = z.object({ id: uuid() });
const stackIdSchema = z.object({ project_tech_stack_id: uuid() });

export function createTechStackService(
  db: Database,
  projects: ProjectService,
  cipher: TokenCipher,
) {
  /** The project tech stack and its project's rule inputs, when visible; else `missing`. */
  async function stackFor(viewer: Viewer, id: string, missing: () => AppError, manage: boolean) {
    const [row] = await db
      .select({ id: projectTechStack.id, project_id: projectTechStack.project_id })
      .from(projectTechStack)
      .where(eq(projectTechStack.id, id));
    if (!row) throw missing();
    const access = await projectAccess(db, viewer, row.project_id);
    if (!access || !canViewProject(viewer, access)) throw missing();
    if (manage && !canManageProject(viewer, access)) throw new AppError('FORBIDDEN', 403);
    return row;
  }

  async function environmentFor(viewer: Viewer, id: string, missing: () => AppError) {
    const [row] = await db
      .select({ id: environment.id, stack: environment.project_tech_stack_id })
      .from(environment)
      .where(eq(environment.id, id));
    if (!row) throw missing();
    await stackFor(viewer, row.stack, missing, true);
    return row;
  }

  const envColumns = {
    id: environment.id,
    project_tech_stack_id: environment.project_tech_stack_id,
    environment: environment.environment,
    branch: environment.branch,
  };

  return {
    /** The catalogue ("all stacks"). */
    catalogue: () =>
      db
        .select({
          id: techStack.id,
          name: techStack.name,
          api_integration: techStack.api_integration,
          codebase: techStack.codebase,
        })
        .from(techStack)
        .orderBy(asc(techStack.name)),

    async add(viewer: Viewer, raw: unknown): Promise<ProjectRecord> {
      const input = parseInput(projectTechStackSchema, raw);
      await projects.managed(viewer, input.project_id);
      const [stack] = await db
        .select({ id: techStack.id })
        .from(techStack)
        .where(eq(techStack.id, input.tech_stack_id));
      if (!stack) throw new AppError('NO_STACK', 404);
      const token = input.access_token;
      const inserted = await db
        .insert(projectTechStack)
        .values({
          project_id: input.project_id,
          tech_stack_id: input.tech_stack_id,
          codebase: input.codebase,
          access_token_encrypted: token ? cipher.encrypt(token) : null,
          access_token_hint: token ? tokenHint(token) : null,
        })
        .onConflictDoNothing()
        .returning({ id: projectTechStack.id });
      if (inserted.length === 0) throw new AppError('ADD_TECH_STACK_FAILED', 409);
      return projects.one(viewer, input.project_id);
    },

    async remove(viewer: Viewer, raw: unknown): Promise<ProjectRecord> {
      const { id } = parseInput(idSchema, raw);
      const row = await stackFor(viewer, id, () => new AppError('NO_TECH_STACK', 404), true);
      await db.delete(projectTechStack).where(eq(projectTechStack.id, id));
      return projects.one(viewer, row.project_id);
    },

    async environments(viewer: Viewer, raw: unknown) {
      const { project_tech_stack_id } = parseInput(stackIdSchema, raw);
      await stackFor(
        viewer,
        project_tech_stack_id,
        () => new AppError('NO_TECH_STACK', 404),
        false,
      );
      return db
        .select(envColumns)
        .from(environment)
        .where(eq(environment.project_tech_stack_id, project_tech_stack_id))
        .orderBy(asc(environment.created_at), asc(environment.id));
    },

    async addEnvironment(viewer: Viewer, raw: { project_tech_stack_id: unknown; input: unknown }) {
      const { project_tech_stack_id } = parseInput(stackIdSchema, raw);
      const input = parseInput(environmentInputSchema, raw.input);
      await stackFor(viewer, project_tech_stack_id, () => new AppError('NO_TECH_STACK', 404), true);
      const [row] = await db
        .insert(environment)
        .values({ project_tech_stack_id, ...input })
        .returning(envColumns);
      if (!row) throw new Error('environment insert returned no row');
      return row;
    },

    async updateEnvironment(viewer: Viewer, raw: { id: unknown; input: unknown }) {
      const { id } = parseInput(idSchema, raw);
      const input = parseInput(environmentInputSchema, raw.input);
      await environmentFor(viewer, id, () => new AppError('UPDATE_ENV_FAILED', 404));
      const [row] = await db
        .update(environment)
        .set(input)
        .where(eq(environment.id, id))
        .returning(envColumns);
      if (!row) throw new AppError('UPDATE_ENV_FAILED', 404);
      return row;
    },

    async removeEnvironment(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(idSchema, raw);
      await environmentFor(viewer, id, () => new AppError('REMOVE_ENV_FAILED', 404));
      const [row] = await db
        .delete(environment)
        .where(and(eq(environment.id, id)))
        .returning({ id: environment.id });
      if (!row) throw new AppError('REMOVE_ENV_FAILED', 404);
      return row.id;
    },
  };
}
