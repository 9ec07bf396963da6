/**
 * The projects the signed-in person may see (delivery-side spec sections 1–3): name, company, tech
 * lead, team size and tech stacks, newest activity first by name. Company managers create projects.
 */
import { Button, Callout, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { useAppSelector } from '../../app/hooks';
import { useViewer } from '../auth/useViewer';
import { CreateProjectDialog } from './CreateProjectDialog';
import { PROJECTS_QUERY } from './operations';

export function ProjectsPage() {
  const viewer = useViewer();
  const [creating, setCreating] = useState(false);
  const companyId = viewer?.company.id ?? null;
  const ownId = useAppSelector((state) => state.auth.viewer?.company.id ?? null);
  const ownCompany = companyId === null || companyId === ownId;
  // The own company lists every project the person sees; a switched-to company only its own.
  const { data, error, loading } = useQuery(PROJECTS_QUERY, {
    variables: { company_id: ownCompany ? null : companyId },
    fetchPolicy: 'cache-and-network',
  });
  const projects = data?.projects ?? [];

  let body;
  if (error && !data) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(error, ERRORS.FETCH_PROJECTS_FAILED)}
      </Callout>
    );
  } else if (loading && !data) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading projects" />;
  } else if (projects.length === 0) {
    body = (
      <NonIdealState
        icon="projects"
        title={ERRORS.NO_PROJECT}
        description="Projects you lead, work on or whose company you manage are listed here."
      />
    );
  } else {
    body = (
      <HTMLTable className="ld-table" interactive striped aria-label="Projects">
        <thead>
          <tr>
            <th>Project</th>
            <th>Company</th>
            <th>Tech lead</th>
            <th>Team</th>
            <th>Tech stacks</th>
          </tr>
        </thead>
        <tbody>
          {projects.map((project) => (
            <tr key={project.id}>
              <td>
                <Link to={`/projects/${project.id}`}>{project.name}</Link>
              </td>
              <td>{project.company_name}</td>
              <td>{project.tech_lead_name ?? '—'}</td>
              <td>{project.team.length}</td>
              <td>
                {project.tech_stacks.length === 0
                  ? '—'
                  : project.tech_stacks.map((stack) => (
                      <Tag key={stack.id} minimal className="ld-tag-gap">
                        {stack.tech_stack.name}
                      </Tag>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }

  return (
    <Page
      title="Projects"
      subtitle={viewer ? viewer.company.name : undefined}
      actions={
        viewer?.can_manage_company ? (
          <Button icon="add" intent={Intent.PRIMARY} onClick={() => setCreating(true)}>
            New project
          </Button>
        ) : null
      }
    >
      {body}
      {viewer && creating ? (
        <CreateProjectDialog companyId={viewer.company.id} onClose={() => setCreating(false)} />
      ) : null}
    </Page>
  );
}
