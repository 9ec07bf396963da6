/**
 * One board column, virtualized (@tanstack/react-virtual): only the cards in view (and a few
 * more) are in the DOM, so a column of thousands stays fast. The header counts every card of
 * the column on the board; "Load more" under the cards fetches its next page. Keyboard focus asked for a card
 * (`wanted`) scrolls it into view, then focuses it once it is rendered.
 */
import { Button, Tag } from '@blueprintjs/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, type DragEvent, type ReactNode } from 'react';

export function BoardColumn<T extends { id: string }>(props: {
  id: number;
  name: string;
  /** Cards of this column on the board, loaded or not. */
  total: number;
  tasks: readonly T[];
  /** Present while the column has more cards to load. */
  onLoadMore?: () => void;
  loadingMore: boolean;
  className: string;
  wanted: string | null;
  onFocused: () => void;
  onDragOver: (e: DragEvent) => void;
  onDrop: (e: DragEvent) => void;
  renderCard: (task: T) => ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: props.tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 140,
    overscan: 6,
    getItemKey: (index) => props.tasks[index]?.id ?? index,
  });

  const wantedIndex = props.wanted ? props.tasks.findIndex((t) => t.id === props.wanted) : -1;
  useLayoutEffect(() => {
    if (wantedIndex < 0 || !props.wanted) return;
    const el = scroller.current?.querySelector<HTMLElement>(
      `[data-task-id="${CSS.escape(props.wanted)}"]`,
    );
    if (el) {
      el.focus();
      props.onFocused();
    } else virtualizer.scrollToIndex(wantedIndex, { align: 'auto' });
  });

  return (
    <section
      className={props.className}
      aria-label={props.name}
      data-status-id={props.id}
      onDragOver={props.onDragOver}
      onDrop={props.onDrop}
    >
      <header className="ld-board-column-head">
        <span>{props.name}</span>
        <Tag minimal round aria-label={`${props.total} cards`}>
          {props.total}
        </Tag>
      </header>
      <div className="ld-board-cards" ref={scroller}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const task = props.tasks[item.index];
            if (!task) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="ld-board-slot"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {props.renderCard(task)}
              </div>
            );
          })}
        </div>
        {props.onLoadMore ? (
          <Button
            className="ld-board-load-more"
            small
            minimal
            fill
            loading={props.loadingMore}
            text={`Load more (${props.tasks.length} of ${props.total})`}
            onClick={props.onLoadMore}
          />
        ) : null}
      </div>
    </section>
  );
}
