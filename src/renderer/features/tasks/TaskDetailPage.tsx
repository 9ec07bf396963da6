/**
 * One task (issue 19): its details, estimates, steps and references (editable by the project's
 * planners), assignee and QA, subtasks (add one here), the moves the machine allows the viewer,
 * and the status log, newest first. Opened from a board card or a notification.
 */
import {
  Button,
  Callout,
  Card,
  FormGroup,
  H4,
  HTMLTable,
  Intent,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import { formatCents } from '../../../shared/delivery/estimates';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { toastError } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import {
  ASSIGN_TASK_MUTATION,
  MOVE_TASK_MUTATION,
  TASK_DETAIL_QUERY,
  TASK_PICKERS_QUERY,
  type TaskDetail,
} from './operations';
import { PersonSelect } from './PersonSelect';
import { ReasonDialog } from './ReasonDialog';
import { StatusLogList } from './StatusLogList';
import { TaskEditCard } from './TaskEditCard';
import { TaskFormDialog } from './TaskFormDialog';
import './tasks.css';

type Move = TaskDetail['allowed_moves'][number];
const PLANNER_TYPES = ['project_manager', 'internal_admin', 'internal_manager'];

export function TaskDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const detail = useQuery(TASK_DETAIL_QUERY, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const pickers = useQuery(TASK_PICKERS_QUERY);
  const [moveTask, moving] = useMutation(MOVE_TASK_MUTATION);
  const [assignTask, assigning] = useMutation(ASSIGN_TASK_MUTATION);
  const [asking, setAsking] = useState<Move | null>(null);
  const [addingSubtask, setAddingSubtask] = useState(false);
  const [people, setPeople] = useState<{ assignee: string | null; qa: string | null } | null>(null);
  const task = detail.data?.task;

  if (detail.error && !task)
    return (
      <Page title="Task">
        <Callout intent={Intent.DANGER} role="alert">
          {describeError(detail.error, ERRORS.NO_TASK)}
        </Callout>
        <p>
          <Link to="/tasks">Back to the boards</Link>
        </p>
      </Page>
    );
  if (!task) return <Spinner className="ld-loading" size={32} aria-label="Loading task" />;

  const me = viewer?.user.id ?? '';
  const canPlan =
    task.tech_lead_id === me || PLANNER_TYPES.includes(viewer?.user.user_type.name ?? '');
  const everyone = pickers.data?.deliveryPeople ?? [];
  const nameOf = (personId: string) => {
    const p = everyone.find((x) => x.id === personId);
    return p ? `${p.first_name} ${p.last_name}` : 'someone';
  };
  const chosen = people ?? { assignee: task.assignee_id ?? null, qa: task.qa_id ?? null };

  async function send(move: Move, reason?: string) {
    try {
      await moveTask({
        variables: { input: { id, status_id: move.to_status_id, reason: reason ?? null } },
      });
      setAsking(null);
      await detail.refetch();
    } catch (error) {
      toastError(describeError(error, PRODUCT_ERRORS.UPDATE_TASK_FAILED));
    }
  }

  async function saveAssignment() {
    try {
      await assignTask({ variables: { id, assignee_id: chosen.assignee, qa_id: chosen.qa } });
      setPeople(null);
      await detail.refetch();
    } catch (error) {
      toastError(describeError(error, PRODUCT_ERRORS.UPDATE_TASK_FAILED));
    }
  }

  return (
    <Page
      title={task.name}
      subtitle={`${task.project_name} · ${task.request_title}${task.parent_id ? ' · subtask' : ''}`}
      actions={
        <>
          {task.parent_id ? <Link to={`/tasks/${task.parent_id}`}>Parent task</Link> : null}
          <Link to="/tasks">Boards</Link>
        </>
      }
    >
      <div className="ld-task-status-bar">
        <Tag large intent={Intent.PRIMARY} data-testid="task-status">
          {task.status.name}
        </Tag>
        {task.available_for_qa ? <Tag intent={Intent.WARNING}>Available for QA</Tag> : null}
        <span data-testid="task-totals">
          {task.total_estimated_hours} h · {formatCents(task.total_estimated_cost)}
        </span>
        {task.allowed_moves.map((m) => (
          <Button
            key={m.to_status_id}
            intent={m.needs_reason ? Intent.DANGER : Intent.PRIMARY}
            text={m.label}
            loading={moving.loading}
            onClick={() => (m.needs_reason ? setAsking(m) : void send(m))}
          />
        ))}
      </div>
      <div className="ld-task-layout">
        <TaskEditCard
          key={`${task.id}:${task.total_estimated_cost}:${task.name}`}
          task={task}
          types={pickers.data?.talentTypes ?? []}
          canEdit={canPlan}
          onSaved={() => void detail.refetch()}
        />
        <div className="ld-task-side">
          <Card className="ld-task-card">
            <H4>People</H4>
            <FormGroup label="Assignee" labelFor="task-assignee">
              {canPlan ? (
                <PersonSelect
                  id="task-assignee"
                  people={everyone}
                  value={chosen.assignee}
                  onChange={(v) => setPeople({ ...chosen, assignee: v })}
                />
              ) : (
                <span id="task-assignee">{task.assignee_name ?? 'Nobody yet'}</span>
              )}
            </FormGroup>
            <FormGroup label="QA" labelFor="task-qa">
              {canPlan ? (
                <PersonSelect
                  id="task-qa"
                  people={everyone}
                  value={chosen.qa}
                  onChange={(v) => setPeople({ ...chosen, qa: v })}
                />
              ) : (
                <span id="task-qa">{task.qa_name ?? 'Nobody yet'}</span>
              )}
            </FormGroup>
            {canPlan ? (
              <Button
                text="Save people"
                disabled={people === null}
                loading={assigning.loading}
                onClick={() => void saveAssignment()}
              />
            ) : null}
          </Card>
          {task.parent_id ? null : (
            <Card className="ld-task-card">
              <H4>Subtasks</H4>
              {task.subtasks.length === 0 ? <p>No subtasks.</p> : null}
              {task.subtasks.length > 0 ? (
                <HTMLTable compact aria-label="Subtasks">
                  <tbody>
                    {task.subtasks.map((s) => (
                      <tr key={s.id}>
                        <td>
                          <Link to={`/tasks/${s.id}`}>{s.name}</Link>
                        </td>
                        <td>{s.status.name}</td>
                        <td>{s.assignee_name ?? '—'}</td>
                        <td>{s.total_estimated_hours} h</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              ) : null}
              {canPlan ? (
                <Button icon="add" text="Add subtask" onClick={() => setAddingSubtask(true)} />
              ) : null}
            </Card>
          )}
        </div>
      </div>
      <Card className="ld-task-card">
        <H4>Status log</H4>
        <StatusLogList logs={task.status_logs} nameOf={nameOf} />
      </Card>
      {asking ? (
        <ReasonDialog
          title={asking.label}
          busy={moving.loading}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => void send(asking, reason)}
        />
      ) : null}
      {addingSubtask ? (
        <TaskFormDialog
          title={`Subtask of ${task.name}`}
          requestId={task.request_id}
          parentId={task.id}
          onClose={() => setAddingSubtask(false)}
          onCreated={(newId) => {
            setAddingSubtask(false);
            void navigate(`/tasks/${newId}`);
          }}
        />
      ) : null}
    </Page>
  );
}
