/** A workflow log status (spec section 4: Queued, In Progress, Completed, Failed) as a tag. */
import { Intent, Tag } from '@blueprintjs/core';
import type { LogStatus } from '../../../../shared/workflows';

const INTENTS: Record<LogStatus, Intent> = {
  Queued: Intent.NONE,
  'In Progress': Intent.PRIMARY,
  Completed: Intent.SUCCESS,
  Failed: Intent.DANGER,
};

export function StatusTag({ status }: { status: LogStatus | '' }) {
  if (status === '') return <Tag minimal>—</Tag>;
  return (
    <Tag intent={INTENTS[status]} minimal={status === 'Queued'} data-testid="wf-status">
      {status}
    </Tag>
  );
}
