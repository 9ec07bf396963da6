/**
 * The tech-lead dashboard and backlog (delivery-side spec sections 2, 6, 7): the requests of the
 * projects the viewer leads (as tech lead, or as a team lead: talent types 1, 2 and 4), grouped by
 * project. The dashboard counts tasks in the chosen statuses; the backlog lists requests still to
 * plan, each with "Plan a task".
 */
import {
  Button,
  Callout,
  Card,
  Checkbox,
  H4,
  HTMLSelect,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import { formatCents } from '../../../shared/delivery/estimates';
import { PRIORITY_LABEL } from '../../../shared/delivery/inputs';
import { TASK_STATUS, TASK_STATUSES } from '../../../shared/delivery/taskStatus';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { LEAD_PROJECTS_QUERY, TECH_LEAD_QUERY, type TechLeadRequest } from './operations';
import { TaskFormDialog } from './TaskFormDialog';
import './tasks.css';

/** Requests grouped by project, in the order the server sent them. */
function byProject(rows: readonly TechLeadRequest[]) {
  const groups = new Map<string, { name: string; rows: TechLeadRequest[] }>();
  for (const row of rows) {
    const group = groups.get(row.project_id) ?? { name: row.project_name, rows: [] };
    group.rows.push(row);
    groups.set(row.project_id, group);
  }
  return [...groups.entries()].map(([id, g]) => ({ id, ...g }));
}

function RequestTable(props: {
  rows: readonly TechLeadRequest[];
  label: string;
  onPlan?: (row: TechLeadRequest) => void;
}) {
  return (
    <>
      {byProject(props.rows).map((group) => (
        <section key={group.id} aria-label={`${props.label}: ${group.name}`}>
          <h5 className="ld-lead-project">
            <Link to={`/projects/${group.id}`}>{group.name}</Link>
          </h5>
          <HTMLTable compact striped className="ld-lead-table">
            <thead>
              <tr>
                <th>Request</th>
                <th>Priority</th>
                <th>Status</th>
                <th>Tasks</th>
                <th>Unassigned</th>
                <th>By status</th>
                <th>Estimate</th>
                {props.onPlan ? <th aria-label="Plan" /> : null}
              </tr>
            </thead>
            <tbody>
              {group.rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.title}</td>
                  <td>{PRIORITY_LABEL[r.priority] ?? r.priority}</td>
                  <td>{r.status_name}</td>
                  <td>{r.task_count}</td>
                  <td>{r.unassigned_count}</td>
                  <td>
                    {r.status_counts.map((c) => (
                      <Tag key={c.status_id} minimal className="ld-lead-count">
                        {c.name}: {c.count}
                      </Tag>
                    ))}
                  </td>
                  <td>
                    {r.total_estimated_hours} h · {formatCents(r.total_estimated_cost)}
                  </td>
                  {props.onPlan ? (
                    <td>
                      <Button
                        small
                        icon="add"
                        text="Plan a task"
                        onClick={() => props.onPlan?.(r)}
                      />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </section>
      ))}
    </>
  );
}

export function TechLeadPage() {
  const navigate = useNavigate();
  const [projectId, setProjectId] = useState('');
  const [statusIds, setStatusIds] = useState<number[]>(
    TASK_STATUSES.filter((s) => s.id !== TASK_STATUS.COMPLETE).map((s) => s.id),
  );
  const [planning, setPlanning] = useState<TechLeadRequest | null>(null);
  const projects = useQuery(LEAD_PROJECTS_QUERY);
  const views = useQuery(TECH_LEAD_QUERY, {
    variables: { project_ids: projectId ? [projectId] : null, status_ids: statusIds },
    fetchPolicy: 'cache-and-network',
  });
  const toggle = (id: number) =>
    setStatusIds(statusIds.includes(id) ? statusIds.filter((s) => s !== id) : [...statusIds, id]);

  return (
    <Page
      title="Tech lead"
      subtitle="Requests of the projects you lead: what is moving, and what is still to plan."
      actions={<Link to="/tasks">Boards</Link>}
    >
      <div className="ld-lead-filters">
        <HTMLSelect
          aria-label="Project"
          value={projectId}
          onChange={(e) => setProjectId(e.target.value)}
          options={[
            { value: '', label: 'All my projects' },
            ...(projects.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        {TASK_STATUSES.map((s) => (
          <Checkbox
            key={s.id}
            inline
            label={s.name}
            checked={statusIds.includes(s.id)}
            onChange={() => toggle(s.id)}
          />
        ))}
      </div>
      {views.error ? (
        <Callout intent={Intent.DANGER}>
          {describeError(views.error, ERRORS.NO_TL_REQUESTS)}
        </Callout>
      ) : null}
      {views.loading && !views.data ? <Spinner /> : null}
      {views.data ? (
        <div className="ld-lead-grid">
          <Card className="ld-task-card" aria-label="Dashboard">
            <H4>Dashboard</H4>
            {views.data.techLeadDashboard.length === 0 ? (
              <NonIdealState icon="dashboard" title={ERRORS.NO_TL_REQUESTS} />
            ) : (
              <RequestTable rows={views.data.techLeadDashboard} label="Dashboard" />
            )}
          </Card>
          <Card className="ld-task-card" aria-label="Backlog">
            <H4>Backlog</H4>
            {views.data.techLeadBacklog.length === 0 ? (
              <NonIdealState icon="inbox" title={ERRORS.NO_TL_BACKLOG} />
            ) : (
              <RequestTable
                rows={views.data.techLeadBacklog}
                label="Backlog"
                onPlan={setPlanning}
              />
            )}
          </Card>
        </div>
      ) : null}
      {planning ? (
        <TaskFormDialog
          title={`Plan a task: ${planning.title}`}
          requestId={planning.id}
          onClose={() => setPlanning(null)}
          onCreated={(id) => {
            setPlanning(null);
            void navigate(`/tasks/${id}`);
          }}
        />
      ) : null}
    </Page>
  );
}
