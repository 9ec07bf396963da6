/** One project: its team, tech stacks with environments, and referrals. */
import { Callout, Intent, Spinner } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { PROJECT_QUERY } from './operations';
import { ReferralsCard } from './ReferralsCard';
import { TeamCard } from './TeamCard';
import { TechStacksCard } from './TechStacksCard';

export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const { data, error, loading } = useQuery(PROJECT_QUERY, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const project = data?.project;
  if (error && !project)
    return (
      <Page title="Project">
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {describeError(error, ERRORS.FETCH_PROJECTS_FAILED)}
        </Callout>
        <p>
          <Link to="/projects">Back to projects</Link>
        </p>
      </Page>
    );
  if (loading && !project)
    return <Spinner className="ld-loading" size={32} aria-label="Loading project" />;
  if (!project) return null;
  return (
    <Page
      title={project.name}
      subtitle={`${project.company_name} · Tech lead: ${project.tech_lead_name ?? 'none yet'}`}
      actions={<Link to="/projects">All projects</Link>}
    >
      <div className="ld-delivery-grid">
        <TeamCard project={project} />
        <ReferralsCard project={project} />
        <TechStacksCard project={project} />
      </div>
    </Page>
  );
}
