/**
 * "Next in queue": shown when the details were opened from the review queue (?queue=<statusType>);
 * opens the document that follows in that queue (the review feature decides which, online or
 * from the desktop's cached queue), or says the queue is done.
 */
import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { toastError, toastSuccess } from '../../components/toaster';
import { reviewDocumentPath, type StatusType } from '../review/queue';
import { useNextInQueue } from '../review/useNextInQueue';

export function NextInQueueButton(props: { documentId: string; statusType: StatusType }) {
  const next = useNextInQueue(props.statusType);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon="arrow-right"
      loading={busy}
      onClick={() => {
        setBusy(true);
        next(props.documentId)
          .then((id) => {
            if (id) void navigate(reviewDocumentPath(id, props.statusType));
            else toastSuccess('No other document is waiting in this queue.');
          })
          .catch((error: unknown) =>
            toastError(describeError(error, ERRORS.FETCH_PROCESSED_FILE_FAILED)),
          )
          .finally(() => setBusy(false));
      }}
    >
      Next in queue
    </Button>
  );
}
