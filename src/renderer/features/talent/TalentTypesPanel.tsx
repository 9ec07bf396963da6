/**
 * The talent type catalogue (roles and hourly rates that price task estimates): everyone reads
 * it; the provider's internal admins edit types here (and add them from the page's action).
 */
import { Button, Callout, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { formatCents } from './money';
import { TALENT_TYPES_QUERY, type TalentTypeData } from './operations';

export function TalentTypesPanel({
  canManage,
  onEdit,
}: {
  canManage: boolean;
  onEdit: (type: TalentTypeData) => void;
}) {
  const { data, error, loading } = useQuery(TALENT_TYPES_QUERY, {
    fetchPolicy: 'cache-and-network',
  });
  const types = data?.talentTypes ?? [];

  let body;
  if (error && !data) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(error, ERRORS.FETCH_TALENT_PROFILES_FAILED)}
      </Callout>
    );
  } else if (loading && !data) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading talent types" />;
  } else if (types.length === 0) {
    body = <NonIdealState icon="tag" title="No talent types yet" />;
  } else {
    body = (
      <HTMLTable className="ld-table" striped aria-label="Talent types">
        <thead>
          <tr>
            <th>Role</th>
            <th>Hourly rate</th>
            <th>Team lead</th>
            {canManage ? <th aria-label="Actions" /> : null}
          </tr>
        </thead>
        <tbody>
          {types.map((t) => (
            <tr key={t.id}>
              <td>{t.role}</td>
              <td>{formatCents(t.hourly_rate)}</td>
              <td>
                {t.is_team_lead ? (
                  <Tag minimal intent={Intent.PRIMARY}>
                    Team lead
                  </Tag>
                ) : (
                  '—'
                )}
              </td>
              {canManage ? (
                <td>
                  <Button small icon="edit" aria-label={`Edit ${t.role}`} onClick={() => onEdit(t)}>
                    Edit
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }

  return body;
}
