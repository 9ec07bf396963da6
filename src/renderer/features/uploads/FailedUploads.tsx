/**
 * The signed-in user's failed uploads (spec: a failure leaves the tracker): each once, with the
 * reason, "Retry" where trying again can help (the same queued job goes out again, so the server
 * makes no second raw file) and "Dismiss". Another user signing in on this computer has their
 * own list (the main process keeps who queued each upload).
 */
import { Button, Callout, H6, Intent } from '@blueprintjs/core';
import { describeError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { toastError } from '../../components/toaster';
import { failedViews, type FailedView } from './trackerRows';
import { TrackerRowHead } from './TrackerRowHead';

export const UPLOAD_RETRY_FAILED = 'The upload could not be queued again. Please try again.';
export const UPLOAD_DISMISS_FAILED = 'The failed upload could not be dismissed. Please try again.';

export function useFailedUploads(): FailedView[] {
  return failedViews(useAppSelector((state) => state.uploadQueue.failed));
}

function FailedRow({ view }: { view: FailedView }) {
  const { bridge } = useServices();
  const act = (action: 'retry' | 'remove', message: string) => {
    bridge.uploads[action]({ id: view.id }).catch((error: unknown) => {
      toastError(describeError(error, message));
    });
  };
  return (
    <li className="ld-tracker-row" aria-label={view.fileName}>
      <TrackerRowHead fileName={view.fileName} sizeText={view.sizeText} />
      <Callout intent={Intent.DANGER} icon={null} className="ld-tracker-error">
        {view.reason}
      </Callout>
      <div className="ld-tracker-foot">
        <span className="ld-tracker-stage">Not uploaded</span>
        <span className="ld-tracker-actions">
          {view.canRetry ? (
            <Button
              size="small"
              variant="minimal"
              icon="refresh"
              onClick={() => act('retry', UPLOAD_RETRY_FAILED)}
            >
              Retry
            </Button>
          ) : null}
          <Button
            size="small"
            variant="minimal"
            icon="cross"
            onClick={() => act('remove', UPLOAD_DISMISS_FAILED)}
          >
            Dismiss
          </Button>
        </span>
      </div>
    </li>
  );
}

export function FailedUploads({ views }: { views: readonly FailedView[] }) {
  if (views.length === 0) return null;
  return (
    <section className="ld-failed-uploads" aria-labelledby="ld-failed-uploads-title">
      <H6 id="ld-failed-uploads-title" className="ld-failed-title">
        Failed uploads ({views.length})
      </H6>
      <ul className="ld-tracker-list" aria-label="Failed uploads">
        {views.map((view) => (
          <FailedRow key={view.id} view={view} />
        ))}
      </ul>
    </section>
  );
}
