/** Resolvers of task requests (schema/63-legal-requests.graphql); rules in service.ts. */
import { AppError, type ErrorCode } from '../../../shared/errors';
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { fileLink, guarded, type ResolverDeps } from '../../graphql/types';
import { ActivityWriteError, type LegalRequestService } from './service';

type Args = Record<string, unknown>;
type Method = Exclude<keyof LegalRequestService, 'comment'>;

export function legalRequestResolvers(deps: ResolverDeps) {
  const service = deps.services.legalRequests;
  /** A field answered by one service method, its unexpected failures worded as `code`. */
  const field =
    (code: ErrorCode, method: Method, unwrapInput = false) =>
    (_: unknown, args: Args, context: GraphQLContext) =>
      guarded<unknown>(deps, code, method, async () => {
        try {
          return await service[method](requireViewer(context), unwrapInput ? args.input : args);
        } catch (error) {
          if (!(error instanceof ActivityWriteError)) throw error;
          deps.logError(error.cause, `${method} (activity)`);
          throw new AppError('CREATE_LEGAL_REQUEST_ACTIVITY_FAILED', 500);
        }
      });
  return {
    Query: {
      legalRequests: field('GET_TASK_REQUESTS_FAILED', 'list'),
      legalRequest: field('GET_TASK_REQUEST_DETAILS_FAILED', 'details'),
      legalRequestAttachments: field('GET_TASK_REQUEST_DETAILS_FAILED', 'attachments'),
    },
    Mutation: {
      createLegalRequest: field('CREATE_TASK_REQUEST_FAILED', 'create', true),
      updateLegalRequest: field('UPDATE_TASK_REQUEST_FAILED', 'update', true),
      workLegalRequest: field('UPDATE_TASK_REQUEST_FAILED', 'work', true),
      deleteLegalRequest: field('DELETE_TASK_REQUEST_FAILED', 'remove'),
      addLegalRequestComment: field('CREATE_COMMENT_FAILED', 'addComment'),
      editLegalRequestComment: field('UPDATE_COMMENT_FAILED', 'editComment'),
      deleteLegalRequestComment: field('DELETE_COMMENT_FAILED', 'removeComment'),
    },
    LegalRequestAttachment: {
      file_url: (parent: { file_url: string }, _: Args, context: GraphQLContext) =>
        fileLink(deps, context, parent.file_url) ?? '',
    },
  };
}
