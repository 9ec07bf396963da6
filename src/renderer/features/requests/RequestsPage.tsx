/**
 * The two request lists (spec sections 2 and 6): requests raised by the customer company's own
 * people, and requests raised by project managers, each in pages of 10 (offset page × limit),
 * filtered by project and request type within the company in view. Whoever may raise requests
 * (everyone but talent) creates one here.
 */
import {
  Button,
  ButtonGroup,
  Callout,
  HTMLSelect,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useUrlParams } from '../../app/useUrlParams';
import {
  PRIORITY_LABEL,
  REQUEST_PAGE_DEFAULTS,
  type RequestList,
} from '../../../shared/delivery/inputs';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import { Page } from '../../components/Page';
import './requests.css';
import { useViewer } from '../auth/useViewer';
import { REQUEST_PAGE_QUERY, REQUEST_PROJECTS_QUERY } from './operations';
import { RequestFormDialog } from './RequestFormDialog';
import { canRaiseRequests } from './access';
import { useRequestTypes } from './requestTypes';

const LIST_TITLES: Record<RequestList, string> = {
  customer: 'Customer requests',
  project_manager: 'Project manager requests',
};

export function RequestsPage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [params, change] = useUrlParams();
  const userType = viewer?.user.user_type.name ?? null;
  const list: RequestList =
    params.get('list') === 'customer' || params.get('list') === 'project_manager'
      ? (params.get('list') as RequestList)
      : userType === 'project_manager'
        ? 'project_manager'
        : 'customer';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const projectId = params.get('project') ?? '';
  const typeId = params.get('type') ?? '';
  const [creating, setCreating] = useState(false);

  const companyId = viewer?.company.id ?? null;
  const ownId = useAppSelector((state) => state.auth.viewer?.company.id ?? null);
  const scopedCompany = companyId === null || companyId === ownId ? null : companyId;
  const { types } = useRequestTypes();
  const projects = useQuery(REQUEST_PROJECTS_QUERY, { variables: { company_id: scopedCompany } });
  const { data, error, loading } = useQuery(REQUEST_PAGE_QUERY, {
    variables: {
      list,
      company_id: scopedCompany,
      request_type_id: typeId ? Number(typeId) : null,
      project_ids: projectId ? [projectId] : null,
      page,
      limit: REQUEST_PAGE_DEFAULTS.limit,
    },
    fetchPolicy: 'cache-and-network',
  });

  const result = data?.requestPage;
  const total = result?.totalcount ?? 0;
  const first = page * REQUEST_PAGE_DEFAULTS.limit;
  let body;
  if (error && !data) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(error, ERRORS.GET_TASK_REQUESTS_FAILED)}
      </Callout>
    );
  } else if (loading && !data) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading requests" />;
  } else if (!result || result.items.length === 0) {
    body = (
      <NonIdealState
        icon="inbox"
        title={ERRORS.NO_DATA}
        description={`No ${LIST_TITLES[list].toLowerCase()} match.`}
      />
    );
  } else {
    body = (
      <>
        <HTMLTable className="ld-table" interactive striped aria-label={LIST_TITLES[list]}>
          <thead>
            <tr>
              <th>Request</th>
              <th>Project</th>
              <th>Type</th>
              <th>Priority</th>
              <th>Status</th>
              <th>Delivery</th>
              <th>Tasks</th>
              <th>Raised by</th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={`/requests/${r.id}`}>{r.title}</Link>
                </td>
                <td>{r.project_name}</td>
                <td>{r.request_type_name}</td>
                <td>{PRIORITY_LABEL[r.priority] ?? r.priority}</td>
                <td>
                  <Tag minimal>{r.status.name}</Tag>
                </td>
                <td>
                  {r.delivery
                    ? `${r.delivery.title}${r.delivery.delivery_date ? ` · ${r.delivery.delivery_date}` : r.delivery.estimated_delivery_date ? ` · est. ${r.delivery.estimated_delivery_date}` : ''}`
                    : '—'}
                </td>
                <td>{r.task_count}</td>
                <td>{r.created_by_name}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <div className="ld-pager" aria-label="Pages">
          <span>
            {first + 1}–{first + result.items.length} of {total}
          </span>
          <ButtonGroup>
            <Button
              icon="chevron-left"
              aria-label="Previous page"
              disabled={page === 0}
              onClick={() => change({ page: String(page - 1) })}
            />
            <Button
              icon="chevron-right"
              aria-label="Next page"
              disabled={first + result.items.length >= total}
              onClick={() => change({ page: String(page + 1) })}
            />
          </ButtonGroup>
        </div>
      </>
    );
  }

  return (
    <Page
      title="Requests"
      subtitle={viewer?.company.name}
      actions={
        viewer && canRaiseRequests(userType) ? (
          <Button icon="add" intent={Intent.PRIMARY} onClick={() => setCreating(true)}>
            New request
          </Button>
        ) : null
      }
    >
      <Tabs id="request-lists" selectedTabId={list} onChange={(id) => change({ list: String(id) })}>
        <Tab id="customer" title={LIST_TITLES.customer} />
        <Tab id="project_manager" title={LIST_TITLES.project_manager} />
      </Tabs>
      <div className="ld-requests-filters">
        <HTMLSelect
          aria-label="Project"
          value={projectId}
          onChange={(e) => change({ project: e.target.value })}
        >
          <option value="">All projects</option>
          {(projects.data?.projects ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="Request type"
          value={typeId}
          onChange={(e) => change({ type: e.target.value })}
        >
          <option value="">All request types</option>
          {types.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.name}
            </option>
          ))}
        </HTMLSelect>
      </div>
      {body}
      {viewer && creating ? (
        <RequestFormDialog
          viewerId={viewer.user.id}
          companyId={scopedCompany}
          onClose={() => setCreating(false)}
          onSaved={(id) => {
            setCreating(false);
            void navigate(`/requests/${id}`);
          }}
        />
      ) : null}
    </Page>
  );
}
