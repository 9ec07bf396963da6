/**
 * The document pipeline's record of a raw file: its last run stage by stage, how many attempts it
 * took, why it failed, and a button to run it again (after the document types' rules changed),
 * once the person has confirmed what happens to the current documents.
 */
import { Button, Callout, Intent, Tag } from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import { RAW_FILE_STATUS } from '../../../shared/raw-files/status';
import { readableProcessingError } from './processingError';
import { describeError } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { REPROCESS_RAW_FILE_MUTATION, type RawFileDetails } from './operations';
import { ReprocessAlert } from './ReprocessAlert';

const STAGE_NAMES: Record<string, string> = {
  pages: 'Reading pages',
  split: 'Splitting',
  classify: 'Typing',
  extract: 'Extracting',
  match: 'Matching cases',
  write: 'Writing documents',
};

export function RawFileProcessing(props: {
  file: RawFileDetails;
  dateFormat: string;
  onRequeued(): void;
}) {
  const { file } = props;
  const [reprocess, { loading, error }] = useMutation(REPROCESS_RAW_FILE_MUTATION);
  const [confirming, setConfirming] = useState(false);
  const canRun = file.status !== RAW_FILE_STATUS.uploading && file.url !== '';
  const failure = readableProcessingError(file);
  const total = file.processing_stages.reduce((sum, stage) => sum + stage.ms, 0);
  return (
    <section aria-label="Processing">
      <h3 className="ld-section-title">Processing</h3>
      {failure ? (
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {failure}
        </Callout>
      ) : null}
      {file.processing_stages.length > 0 ? (
        <>
          <p className="ld-muted">
            {file.processed_at
              ? `Processed ${formatDateTime(file.processed_at, props.dateFormat)}`
              : 'Last run'}
            {` in ${total.toLocaleString()} ms`}
            {file.processing_attempts > 1 ? `, after ${file.processing_attempts} attempts` : ''}
          </p>
          <div className="ld-stage-list">
            {file.processing_stages.map((stage) => (
              <Tag key={stage.stage} minimal>
                {STAGE_NAMES[stage.stage] ?? stage.stage}: {stage.ms.toLocaleString()} ms
              </Tag>
            ))}
          </div>
        </>
      ) : (
        <p className="ld-muted">
          {canRun ? 'Not processed yet.' : 'Processing starts when the upload has finished.'}
        </p>
      )}
      {error ? (
        <Callout intent={Intent.WARNING} icon="warning-sign" role="alert">
          {describeError(error, PRODUCT_ERRORS.REPROCESS_RAW_FILE_FAILED)}
        </Callout>
      ) : null}
      <Button
        icon="refresh"
        text="Process again"
        disabled={!canRun}
        loading={loading}
        onClick={() => setConfirming(true)}
      />
      <ReprocessAlert
        isOpen={confirming}
        file={file}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void reprocess({ variables: { id: file.id } })
            .then(() => props.onRequeued())
            .catch(() => undefined);
        }}
      />
    </section>
  );
}
