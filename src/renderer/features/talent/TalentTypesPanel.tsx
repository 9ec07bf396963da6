/**
 * The talent type catalogue (roles and hourly rates that price task estimates): everyone reads
 * it; the provider's internal admins edit types here (and add them from the page's action).
 */
import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { QueryFrame } from '../../components/QueryFrame';
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
  return (
    <QueryFrame
      error={error ? describeError(error, ERRORS.FETCH_TALENT_PROFILES_FAILED) : null}
      loading={loading}
      hasData={data !== undefined}
      isEmpty={types.length === 0}
      loadingLabel="Loading talent types"
      empty={{ icon: 'tag', title: 'No talent types yet' }}
    >
      {() => (
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
                    <Button
                      small
                      icon="edit"
                      aria-label={`Edit ${t.role}`}
                      onClick={() => onEdit(t)}
                    >
                      Edit
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </QueryFrame>
  );
}
