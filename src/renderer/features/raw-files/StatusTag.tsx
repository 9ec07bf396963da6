/** A raw file's status as a tag coloured by its bucket (spec section 4). */
import { Intent, Tag } from '@blueprintjs/core';
import { bucketOf, statusLabel, type StatusBucket } from '../../../shared/raw-files/status';

export const STATUS_INTENTS: Record<StatusBucket, Intent> = {
  uploading: Intent.PRIMARY,
  failed: Intent.DANGER,
  unaccessible: Intent.WARNING,
  processing: Intent.NONE,
  processed: Intent.SUCCESS,
};

export function StatusTag({ status }: { status: string }) {
  return (
    <Tag minimal intent={STATUS_INTENTS[bucketOf(status)]}>
      {statusLabel(status)}
    </Tag>
  );
}
