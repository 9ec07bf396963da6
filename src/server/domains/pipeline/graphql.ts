/**
 * Resolvers of the document pipeline: reprocessing a raw file. Any viewer of the raw file may ask
 * (staff edits survive a rerun); the file must have its bytes, so Uploading files are refused, and
 * a file a live run is processing is refused until that run ends (a file whose run stopped with
 * its worker is not: see runLock.ts). The raw file goes back to Uploaded, with a log row, and its
 * job is queued.
 */
import { AppError } from '../../../shared/errors';
import { RAW_FILE_STATUS } from '../../../shared/raw-files/status';
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';

export function pipelineResolvers(deps: ResolverDeps) {
  const { services, pipeline } = deps;
  return {
    Mutation: {
      reprocessRawFile: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'REPROCESS_RAW_FILE_FAILED', 'reprocessRawFile', async () => {
          const viewer = requireViewer(context);
          const file = await services.rawFiles.get(viewer, args.id);
          if (!file.s3_key || file.status === RAW_FILE_STATUS.uploading)
            throw new AppError('REPROCESS_NOT_READY', 409);
          const queued = await services.pipelineFiles.requeue(viewer, file);
          await pipeline.enqueue(file.id);
          return queued;
        }),
    },
  };
}
