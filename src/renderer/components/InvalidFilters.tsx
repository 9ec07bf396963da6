/**
 * What a filtered list shows instead of rows while a filter holds a value it cannot use (the
 * problem itself is said under that field): never the rows of an earlier, valid query.
 */
import { NonIdealState } from '@blueprintjs/core';

export function InvalidFilters() {
  return (
    <NonIdealState
      icon="filter"
      title="Fix the marked filters"
      description="The list is shown again once every filter holds a value it can use."
      className="ld-empty"
    />
  );
}
