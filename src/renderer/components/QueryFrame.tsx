/**
 * The states of a list a query fills: its error (while there is nothing to show), a spinner while
 * it first loads, an empty state, else the list itself (`children`, rendered only then).
 */
import { Callout, Intent, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function QueryFrame(props: {
  /** The error message to show, or null; shown only while there is no data. */
  error: string | null;
  loading: boolean;
  hasData: boolean;
  isEmpty: boolean;
  loadingLabel: string;
  empty: { icon: IconName; title: string };
  children: () => ReactNode;
}) {
  if (props.error !== null && !props.hasData)
    return (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {props.error}
      </Callout>
    );
  if (props.loading && !props.hasData)
    return <Spinner className="ld-loading" size={32} aria-label={props.loadingLabel} />;
  if (props.isEmpty) return <NonIdealState icon={props.empty.icon} title={props.empty.title} />;
  return <>{props.children()}</>;
}
