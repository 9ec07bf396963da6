/**
 * A project's tech stacks (codebase, access token shown only as its last four characters) and the
 * environments of each (environment, branch: add, update, remove). Failures read as the spec
 * words them: "Add Tech Stack Failed", "Update Env Failed", "Remove Env Failed".
 */
import { Button, Callout, Card, H3, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { EnvironmentRows } from './EnvironmentRows';
import {
  ADD_TECH_STACK_MUTATION,
  PICKERS_QUERY,
  REMOVE_TECH_STACK_MUTATION,
  type ProjectData,
} from './operations';

export function TechStacksCard({ project }: { project: ProjectData }) {
  const pickers = useQuery(PICKERS_QUERY, { skip: !project.can_manage });
  const [addStack, adding] = useMutation(ADD_TECH_STACK_MUTATION);
  const [removeStack] = useMutation(REMOVE_TECH_STACK_MUTATION);
  const [stack, setStack] = useState('');
  const [codebase, setCodebase] = useState('');
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const used = new Set(project.tech_stacks.map((s) => s.tech_stack_id));
  const catalogue = (pickers.data?.techStacks ?? []).filter((s) => !used.has(s.id));

  async function add() {
    setProblem(null);
    try {
      await addStack({
        variables: {
          input: {
            project_id: project.id,
            tech_stack_id: stack,
            codebase: codebase.trim() || null,
            access_token: token || null,
          },
        },
      });
      setStack('');
      setCodebase('');
      setToken('');
    } catch (error) {
      setProblem(describeError(error, ERRORS.ADD_TECH_STACK_FAILED));
    }
  }

  return (
    <Card className="ld-card ld-card-wide" aria-label="Tech stacks">
      <H3>Tech stacks and environments</H3>
      {problem ? (
        <Callout intent={Intent.DANGER} role="alert">
          {problem}
        </Callout>
      ) : null}
      {project.tech_stacks.length === 0 ? <p className="ld-muted">{ERRORS.NO_TECH_STACK}</p> : null}
      {project.tech_stacks.map((s) => (
        <section key={s.id} className="ld-stack-block" aria-label={s.tech_stack.name}>
          <div className="ld-stack-head">
            <strong>{s.tech_stack.name}</strong>
            {s.tech_stack.api_integration ? (
              <Tag minimal intent={Intent.SUCCESS}>
                API integration
              </Tag>
            ) : null}
            <span className="ld-muted">{s.codebase ?? 'No codebase set'}</span>
            <Tag minimal icon="key">
              {s.has_access_token ? `Token …${s.access_token_hint ?? ''}` : 'No token'}
            </Tag>
            {project.can_manage ? (
              <Button
                small
                minimal
                icon="trash"
                aria-label={`Remove ${s.tech_stack.name}`}
                onClick={() =>
                  void removeStack({ variables: { id: s.id } }).catch((error: unknown) =>
                    setProblem(describeError(error, ERRORS.NO_TECH_STACK)),
                  )
                }
              />
            ) : null}
          </div>
          <EnvironmentRows
            projectId={project.id}
            stackId={s.id}
            environments={s.environments}
            canManage={project.can_manage}
          />
        </section>
      ))}
      {project.can_manage ? (
        <div className="ld-inline-form">
          <HTMLSelect
            aria-label="Tech stack"
            value={stack}
            onChange={(event) => setStack(event.currentTarget.value)}
            options={[
              { value: '', label: catalogue.length ? 'Add a tech stack…' : ERRORS.NO_STACK },
              ...catalogue.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
          <InputGroup
            aria-label="Codebase"
            placeholder="Codebase (repository URL)"
            value={codebase}
            onChange={(event) => setCodebase(event.currentTarget.value)}
          />
          <InputGroup
            aria-label="Access token"
            type="password"
            placeholder="Access token (stored encrypted)"
            value={token}
            onChange={(event) => setToken(event.currentTarget.value)}
          />
          <Button icon="add" disabled={!stack} loading={adding.loading} onClick={() => void add()}>
            Add tech stack
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
