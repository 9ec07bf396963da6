/**
 * The upload tracker: a top-bar button ("Uploads", badge = uploads in progress) that opens a
 * drawer listing each upload with its name, size, stage, a progress bar and cancel / retry.
 * Completed and failed uploads leave the tracker (spec section 4); the signed-in user's failed
 * ones are listed apart below it (FailedUploads.tsx), marked on the button but never counted.
 */
import {
  Button,
  Callout,
  Drawer,
  Intent,
  NonIdealState,
  Position,
  ProgressBar,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { describeError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { toastError } from '../../components/toaster';
import { badgeText } from '../shell/NotificationBell';
import { FailedUploads, useFailedUploads } from './FailedUploads';
import { trackerViews, type TrackerView } from './trackerRows';
import { TrackerRowHead } from './TrackerRowHead';
import { UploadFilesButton } from './UploadFilesButton';
import './uploads.css';

export const UPLOAD_ACTION_FAILED = 'The upload could not be changed. Please try again.';

const INTENTS = {
  none: Intent.NONE,
  primary: Intent.PRIMARY,
  warning: Intent.WARNING,
  danger: Intent.DANGER,
} as const;

function useTrackerViews(): TrackerView[] {
  const rows = useAppSelector((state) => state.uploadQueue.rows);
  const entries = useAppSelector((state) => state.uploads.items);
  const [now, setNow] = useState(() => Date.now());
  const waiting = rows.some((row) => row.status === 'waiting_retry');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  return trackerViews(rows, entries, now);
}

function TrackerRow({ view }: { view: TrackerView }) {
  const { bridge } = useServices();
  const act = (action: 'cancel' | 'retry') => {
    bridge.uploads[action]({ id: view.id }).catch((error: unknown) => {
      toastError(describeError(error, UPLOAD_ACTION_FAILED));
    });
  };
  return (
    <li className="ld-tracker-row" aria-label={view.fileName}>
      <TrackerRowHead fileName={view.fileName} sizeText={view.sizeText} />
      <ProgressBar
        value={view.value}
        intent={INTENTS[view.intent]}
        animate={view.animate}
        stripes={view.animate}
        aria-label={`Progress of ${view.fileName}`}
      />
      <div className="ld-tracker-foot">
        <span className="ld-tracker-stage">{view.stage}</span>
        {view.kind === 'queue' ? (
          <span className="ld-tracker-actions">
            {view.canRetry ? (
              <Button size="small" variant="minimal" icon="refresh" onClick={() => act('retry')}>
                Retry
              </Button>
            ) : null}
            {view.canCancel ? (
              <Button size="small" variant="minimal" icon="cross" onClick={() => act('cancel')}>
                Cancel
              </Button>
            ) : null}
          </span>
        ) : null}
      </div>
      {view.error ? (
        <Callout intent={Intent.DANGER} icon={null} className="ld-tracker-error" role="alert">
          {view.error}
        </Callout>
      ) : null}
    </li>
  );
}

function buttonTitle(count: number, failed: number): string {
  const progress = count > 0 ? `${count} uploads in progress` : 'No uploads in progress';
  return failed > 0 ? `${progress}, ${failed} failed` : progress;
}

export function UploadsButton() {
  const views = useTrackerViews();
  const failed = useFailedUploads();
  const [open, setOpen] = useState(false);
  const count = views.length;
  return (
    <>
      <Button
        variant="minimal"
        icon="cloud-upload"
        aria-label="Uploads"
        title={buttonTitle(count, failed.length)}
        className="ld-bell"
        onClick={() => setOpen(true)}
      >
        {count > 0 ? (
          <span className="ld-badge ld-upload-badge" data-testid="upload-count">
            {badgeText(count)}
          </span>
        ) : failed.length > 0 ? (
          <span
            className="ld-badge ld-upload-failed-badge"
            data-testid="upload-failed-mark"
            aria-label={`${failed.length} failed`}
          >
            !
          </span>
        ) : null}
      </Button>
      <Drawer
        isOpen={open}
        onClose={() => setOpen(false)}
        title="Uploads"
        icon="cloud-upload"
        position={Position.RIGHT}
        size={420}
      >
        <div className="ld-tracker">
          <div className="ld-tracker-toolbar">
            <UploadFilesButton />
          </div>
          {views.length === 0 ? (
            <NonIdealState
              icon="cloud-upload"
              title="No uploads in progress."
              description="Drop files onto the window or choose them to upload."
              className="ld-empty"
            />
          ) : (
            <ul className="ld-tracker-list">
              {views.map((view) => (
                <TrackerRow key={view.id} view={view} />
              ))}
            </ul>
          )}
          <FailedUploads views={failed} />
        </div>
      </Drawer>
    </>
  );
}
