/**
 * Previous / Next paging under a list, with a line saying where the user is ("Page 2 of 7 · 64
 * files"). Extra controls (a page-size select) go in `children`, pushed to the right.
 */
import { Button, ButtonGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface PagerProps {
  page: number;
  pages: number;
  onPage(page: number): void;
  /** What is counted after the page numbers, e.g. "64 files". */
  summary?: ReactNode;
  /** data-testid of the summary line. */
  summaryTestId?: string;
  children?: ReactNode;
}

export function Pager({ page, pages, onPage, summary, summaryTestId, children }: PagerProps) {
  return (
    <div className="ld-pager">
      <ButtonGroup>
        <Button icon="chevron-left" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button endIcon="chevron-right" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </ButtonGroup>
      <span className="ld-muted" data-testid={summaryTestId}>
        Page {Math.min(page, pages)} of {pages}
        {summary ? <> · {summary}</> : null}
      </span>
      {children ? <div className="ld-pager-end">{children}</div> : null}
    </div>
  );
}
