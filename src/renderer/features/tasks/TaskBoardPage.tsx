/**
 * Work boards (issue 19): the developer's (tasks assigned to them), QA's (tasks they test, and
 * tasks available for QA in their projects) and the tech lead's (every task of their projects).
 * A card moves by drag and drop or by keyboard (focus it, then Shift+← / Shift+→), only to the
 * columns the status machine allows this viewer; failing review or testing asks for a reason.
 * Arrow keys move focus between cards, Enter opens the task; columns are virtualized.
 */
import {
  Button,
  Callout,
  Card,
  Intent,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { APP_PATHS } from '../../../shared/routes';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import type { BoardKind } from '../../../shared/delivery/inputs';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { toastError } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import {
  BOARD_TABS,
  columns,
  defaultBoard,
  moveTo,
  neighbourMove,
  nextFocus,
  type FocusKey,
  type LoadedColumn,
} from './board';
import { BoardColumn } from './BoardColumn';
import {
  MOVE_TASK_MUTATION,
  TAKE_TASK_FOR_QA_MUTATION,
  TASK_BOARD_COLUMN_QUERY,
  TASK_BOARD_QUERY,
  type BoardTask,
} from './operations';
import { ReasonDialog } from './ReasonDialog';
import './tasks.css';

type Move = BoardTask['allowed_moves'][number];
const FOCUS_KEYS: readonly FocusKey[] = [
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
];

export function TaskBoardPage() {
  const viewer = useViewer();
  const [kind, setKind] = useState<BoardKind>(defaultBoard(viewer?.user.user_type.name ?? ''));
  const board = useQuery(TASK_BOARD_QUERY, {
    variables: { kind },
    fetchPolicy: 'cache-and-network',
  });
  const [moveTask, moving] = useMutation(MOVE_TASK_MUTATION);
  const [takeTask] = useMutation(TAKE_TASK_FOR_QA_MUTATION);
  const [dragged, setDragged] = useState<BoardTask | null>(null);
  const [asking, setAsking] = useState<{ task: BoardTask; move: Move } | null>(null);
  const client = useApolloClient();
  /** Pages "load more" added to each column, and the cards moves answered, since the board loaded. */
  const [more, setMore] = useState<Record<number, LoadedColumn<BoardTask> | undefined>>({});
  const [moved, setMoved] = useState<ReadonlyMap<string, BoardTask>>(new Map());
  const [loadingMore, setLoadingMore] = useState<number | null>(null);
  useEffect(() => {
    setMore({});
    setMoved(new Map());
  }, [board.data]);
  const cols = useMemo(
    () => columns(board.data?.taskBoard ?? [], more, moved),
    [board.data, more, moved],
  );
  const onBoard = cols.reduce((n, c) => n + c.total, 0);
  const navigate = useNavigate();
  /** The card keyboard focus should go to (after an arrow key, or a keyboard move). */
  const [wanted, setWanted] = useState<string | null>(null);

  async function send(task: BoardTask, move: Move, reason?: string) {
    try {
      const answer = await moveTask({
        variables: { input: { id: task.id, status_id: move.to_status_id, reason: reason ?? null } },
      });
      const card = answer.data?.moveTask;
      if (card)
        setMoved((now) => new Map([...[...now].filter(([id]) => id !== card.id), [card.id, card]]));
      setAsking(null);
      // Focus follows the card into its new column.
      setWanted(task.id);
    } catch (error) {
      toastError(describeError(error, PRODUCT_ERRORS.UPDATE_TASK_FAILED));
    }
  }

  function attempt(task: BoardTask, move: Move | undefined) {
    if (!move) return;
    if (move.needs_reason) setAsking({ task, move });
    else void send(task, move);
  }

  function onDrop(event: DragEvent, statusId: number) {
    event.preventDefault();
    if (dragged) attempt(dragged, moveTo(dragged, statusId));
    setDragged(null);
  }

  function onCardKey(event: KeyboardEvent, task: BoardTask) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      void navigate(APP_PATHS.task(task.id));
      return;
    }
    if (event.shiftKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      const move = neighbourMove(task, event.key === 'ArrowRight' ? 1 : -1);
      attempt(task, move);
      return;
    }
    if (!FOCUS_KEYS.includes(event.key as FocusKey)) return;
    event.preventDefault();
    const next = nextFocus(cols, task.id, event.key as FocusKey);
    if (next) setWanted(next);
  }

  async function loadMore(statusId: number, after: string) {
    setLoadingMore(statusId);
    try {
      const page = await client.query({
        query: TASK_BOARD_COLUMN_QUERY,
        variables: { kind, status_id: statusId, after },
        fetchPolicy: 'network-only',
      });
      const next = page.data?.taskBoardColumn;
      if (next)
        setMore((now) => ({
          ...now,
          [statusId]: { ...next, cards: [...(now[statusId]?.cards ?? []), ...next.cards] },
        }));
    } catch (error) {
      toastError(describeError(error, 'No Task Found'));
    } finally {
      setLoadingMore(null);
    }
  }

  async function take(task: BoardTask) {
    try {
      await takeTask({ variables: { id: task.id } });
      await board.refetch();
    } catch (error) {
      toastError(describeError(error, PRODUCT_ERRORS.UPDATE_TASK_FAILED));
    }
  }

  return (
    <Page
      title="Task boards"
      subtitle="Drag a card, or focus it and press Shift+← / Shift+→, to move it where you may. Arrows move between cards; Enter opens one."
      actions={<Link to={APP_PATHS.techLead}>Tech lead dashboard</Link>}
    >
      <Tabs id="task-board-kind" selectedTabId={kind} onChange={(id) => setKind(id as BoardKind)}>
        {BOARD_TABS.map((tab) => (
          <Tab key={tab.kind} id={tab.kind} title={tab.label} />
        ))}
      </Tabs>
      {board.error ? (
        <Callout intent={Intent.DANGER}>{describeError(board.error, 'No Task Found')}</Callout>
      ) : null}
      {board.loading && !board.data ? <Spinner /> : null}
      {board.data && onBoard === 0 ? (
        <NonIdealState icon="clipboard" title="No Task Found" />
      ) : null}
      {onBoard > 0 ? (
        <div className="ld-board" aria-label="Task board">
          {cols.map((column) => {
            const accepts = dragged ? moveTo(dragged, column.id) !== undefined : false;
            return (
              <BoardColumn
                key={column.id}
                id={column.id}
                name={column.name}
                total={column.total}
                tasks={column.tasks}
                loadingMore={loadingMore === column.id}
                onLoadMore={
                  column.next_cursor
                    ? () => void loadMore(column.id, column.next_cursor!)
                    : undefined
                }
                className={`ld-board-column${accepts ? ' ld-board-column-accepts' : ''}${dragged && !accepts ? ' ld-board-column-refuses' : ''}`}
                wanted={wanted}
                onFocused={() => setWanted(null)}
                onDragOver={(e) => {
                  if (accepts) e.preventDefault();
                }}
                onDrop={(e) => onDrop(e, column.id)}
                renderCard={(task) => (
                  <Card
                    className="ld-board-card"
                    role="listitem"
                    tabIndex={0}
                    aria-label={task.name}
                    data-task-id={task.id}
                    draggable={task.allowed_moves.length > 0}
                    onDragStart={(e) => {
                      e.dataTransfer.setData('text/plain', task.id);
                      setDragged(task);
                    }}
                    onDragEnd={() => setDragged(null)}
                    onKeyDown={(e) => onCardKey(e, task)}
                  >
                    <div className="ld-board-card-name">
                      <Link to={APP_PATHS.task(task.id)} tabIndex={-1}>
                        {task.name}
                      </Link>
                    </div>
                    <div className="ld-board-card-meta">
                      {task.project_name} · {task.request_title}
                    </div>
                    <div className="ld-board-card-tags">
                      <Tag minimal>{task.task_type}</Tag>
                      <Tag minimal>{task.total_estimated_hours} h</Tag>
                      {task.assignee_name ? (
                        <Tag minimal icon="person">
                          {task.assignee_name}
                        </Tag>
                      ) : null}
                      {task.qa_name ? (
                        <Tag minimal icon="eye-open">
                          {task.qa_name}
                        </Tag>
                      ) : null}
                      {task.available_for_qa ? (
                        <Tag intent={Intent.WARNING}>Available for QA</Tag>
                      ) : null}
                    </div>
                    {task.available_for_qa && kind === 'qa' ? (
                      <Button small text="Take for QA" onClick={() => void take(task)} />
                    ) : null}
                    {task.allowed_moves.length > 0 ? (
                      <div className="ld-board-card-moves">
                        {task.allowed_moves.map((m) => (
                          <Button
                            key={m.to_status_id}
                            small
                            minimal
                            tabIndex={-1}
                            intent={m.needs_reason ? Intent.DANGER : Intent.PRIMARY}
                            text={m.label}
                            onClick={() => attempt(task, m)}
                          />
                        ))}
                      </div>
                    ) : null}
                  </Card>
                )}
              />
            );
          })}
        </div>
      ) : null}
      {asking ? (
        <ReasonDialog
          title={asking.move.label}
          busy={moving.loading}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => void send(asking.task, asking.move, reason)}
        />
      ) : null}
    </Page>
  );
}
