/**
 * A project's team: each person with the talent type they work as. Adding someone already on the
 * team changes nothing (the server checks first, spec section 4); removing is a soft delete.
 */
import { Button, Callout, Card, H3, HTMLSelect, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { fullName } from '../../app/format';
import {
  ADD_MEMBER_MUTATION,
  PICKERS_QUERY,
  REMOVE_MEMBER_MUTATION,
  type ProjectData,
} from './operations';

export function TeamCard({ project }: { project: ProjectData }) {
  const pickers = useQuery(PICKERS_QUERY, { skip: !project.can_manage });
  const [add, adding] = useMutation(ADD_MEMBER_MUTATION);
  const [remove] = useMutation(REMOVE_MEMBER_MUTATION);
  const [person, setPerson] = useState('');
  const [type, setType] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onTeam = new Set(project.team.map((m) => m.user_profile_id));
  const people = (pickers.data?.deliveryPeople ?? []).filter((p) => !onTeam.has(p.id));
  const types = pickers.data?.talentTypes ?? [];

  async function run(work: () => Promise<unknown>) {
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(describeError(error, ERRORS.NO_USERS));
    }
  }

  return (
    <Card className="ld-card" aria-label="Team">
      <H3>Team</H3>
      {problem ? (
        <Callout intent={Intent.DANGER} role="alert">
          {problem}
        </Callout>
      ) : null}
      {project.team.length === 0 ? (
        <p className="ld-muted">{ERRORS.NO_USERS}</p>
      ) : (
        <HTMLTable className="ld-table" compact aria-label="Team members">
          <tbody>
            {project.team.map((member) => (
              <tr key={member.id}>
                <td>{fullName(member)}</td>
                <td className="ld-muted">{member.email}</td>
                <td>
                  <Tag
                    minimal
                    intent={member.talent_type.is_team_lead ? Intent.PRIMARY : Intent.NONE}
                  >
                    {member.talent_type.role}
                  </Tag>
                </td>
                {project.can_manage ? (
                  <td>
                    <Button
                      small
                      minimal
                      icon="cross"
                      aria-label={`Remove ${fullName(member)}`}
                      onClick={() => void run(() => remove({ variables: { id: member.id } }))}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {project.can_manage ? (
        <div className="ld-inline-form">
          <HTMLSelect
            aria-label="Person to add"
            value={person}
            onChange={(event) => setPerson(event.currentTarget.value)}
            options={[
              { value: '', label: 'Choose a person…' },
              ...people.map((p) => ({ value: p.id, label: `${fullName(p)} (${p.email})` })),
            ]}
          />
          <HTMLSelect
            aria-label="Talent type"
            value={type}
            onChange={(event) => setType(event.currentTarget.value)}
            options={[
              { value: '', label: 'As…' },
              ...types.map((t) => ({ value: t.id, label: t.role })),
            ]}
          />
          <Button
            icon="add"
            disabled={!person || !type}
            loading={adding.loading}
            onClick={() =>
              void run(async () => {
                await add({
                  variables: {
                    project_id: project.id,
                    user_profile_id: person,
                    talent_type_id: type,
                  },
                });
                setPerson('');
              })
            }
          >
            Add to team
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
