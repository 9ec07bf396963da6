/** The environments of one project tech stack: environment and branch, editable in place. */
import { Button, Callout, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { ERRORS } from '../../../shared/errors';
import { environmentInputSchema } from '../../../shared/schemas/delivery';
import { describeError } from '../../app/errors';
import {
  ADD_ENVIRONMENT_MUTATION,
  PROJECT_QUERY,
  REMOVE_ENVIRONMENT_MUTATION,
  UPDATE_ENVIRONMENT_MUTATION,
  type ProjectData,
} from './operations';

type Env = ProjectData['tech_stacks'][number]['environments'][number];

export function EnvironmentRows(props: {
  projectId: string;
  stackId: string;
  environments: readonly Env[];
  canManage: boolean;
}) {
  const refetchQueries = [{ query: PROJECT_QUERY, variables: { id: props.projectId } }];
  const [addEnv] = useMutation(ADD_ENVIRONMENT_MUTATION, { refetchQueries });
  const [updateEnv] = useMutation(UPDATE_ENVIRONMENT_MUTATION, { refetchQueries });
  const [removeEnv] = useMutation(REMOVE_ENVIRONMENT_MUTATION, { refetchQueries });
  const [editing, setEditing] = useState<string | null>(null);
  const [environment, setEnvironment] = useState('');
  const [branch, setBranch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function startEdit(env: Env | null) {
    setEditing(env ? env.id : 'new');
    setEnvironment(env?.environment ?? '');
    setBranch(env?.branch ?? '');
    setProblem(null);
  }

  async function save() {
    const parsed = environmentInputSchema.safeParse({ environment, branch });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ERRORS.UPDATE_ENV_FAILED);
      return;
    }
    try {
      if (editing === 'new')
        await addEnv({ variables: { project_tech_stack_id: props.stackId, input: parsed.data } });
      else if (editing) await updateEnv({ variables: { id: editing, input: parsed.data } });
      setEditing(null);
    } catch (error) {
      setProblem(describeError(error, ERRORS.UPDATE_ENV_FAILED));
    }
  }

  const form = (
    <tr>
      <td>
        <InputGroup
          small
          aria-label="Environment"
          value={environment}
          placeholder="staging"
          onChange={(e) => setEnvironment(e.currentTarget.value)}
        />
      </td>
      <td>
        <InputGroup
          small
          aria-label="Branch"
          value={branch}
          placeholder="develop"
          onChange={(e) => setBranch(e.currentTarget.value)}
        />
      </td>
      <td>
        <Button small intent={Intent.PRIMARY} onClick={() => void save()}>
          Save
        </Button>
        <Button small minimal onClick={() => setEditing(null)}>
          Cancel
        </Button>
      </td>
    </tr>
  );

  return (
    <>
      {problem ? (
        <Callout intent={Intent.DANGER} role="alert">
          {problem}
        </Callout>
      ) : null}
      <HTMLTable className="ld-table" compact aria-label="Environments">
        <thead>
          <tr>
            <th>Environment</th>
            <th>Branch</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {props.environments.map((env) =>
            editing === env.id ? (
              <Fragmentless key={env.id}>{form}</Fragmentless>
            ) : (
              <tr key={env.id}>
                <td>{env.environment}</td>
                <td>
                  <code>{env.branch}</code>
                </td>
                <td>
                  {props.canManage ? (
                    <>
                      <Button
                        small
                        minimal
                        icon="edit"
                        aria-label={`Edit ${env.environment}`}
                        onClick={() => startEdit(env)}
                      />
                      <Button
                        small
                        minimal
                        icon="trash"
                        aria-label={`Remove ${env.environment}`}
                        onClick={() =>
                          void removeEnv({ variables: { id: env.id } }).catch((error: unknown) =>
                            setProblem(describeError(error, ERRORS.REMOVE_ENV_FAILED)),
                          )
                        }
                      />
                    </>
                  ) : null}
                </td>
              </tr>
            ),
          )}
          {editing === 'new' ? form : null}
        </tbody>
      </HTMLTable>
      {props.canManage && editing === null ? (
        <Button small icon="add" minimal onClick={() => startEdit(null)}>
          Add environment
        </Button>
      ) : null}
    </>
  );
}

function Fragmentless({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
