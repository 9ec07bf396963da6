/**
 * What the document center says while the server cannot be reached: the list kept on this
 * computer, with the time it was loaded ("offline, showing the list as of ..."), or, when no list
 * with these filters was kept, an offline empty state instead of an error.
 */
import { Callout, Intent, NonIdealState } from '@blueprintjs/core';
import { formatDateTime } from '../../app/format';

export function OfflineListBanner(props: { cachedAt: number; dateFormat: string }) {
  return (
    <Callout
      intent={Intent.WARNING}
      icon="offline"
      className="ld-inline-alert"
      role="status"
      data-testid="offline-list-banner"
    >
      Offline, showing the list as of {formatDateTime(new Date(props.cachedAt), props.dateFormat)}.
      It cannot be changed until LexDesk reaches the server again.
    </Callout>
  );
}

export function OfflineNoList() {
  return (
    <NonIdealState
      icon="offline"
      title="Offline"
      description="This list has not been kept on this computer yet. It appears here once it has been loaded while LexDesk can reach the server."
      className="ld-empty"
    />
  );
}
