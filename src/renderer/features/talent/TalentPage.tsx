/**
 * Talent of the company in view: each profile's talent type (role, hourly rate), pay rate,
 * reporting line, LinkedIn profile and Hubstaff id. The company's managers add talent records.
 * A second tab lists the talent types; the provider's internal admins add and edit them.
 */
import { Button, HTMLTable, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { fullName } from '../../app/format';
import { Page } from '../../components/Page';
import { QueryFrame } from '../../components/QueryFrame';
import { useViewer } from '../auth/useViewer';
import { CreateTalentDialog } from './CreateTalentDialog';
import { formatCents } from './money';
import { TALENTS_QUERY, type TalentTypeData } from './operations';
import { TalentTypeDialog } from './TalentTypeDialog';
import { TalentTypesPanel } from './TalentTypesPanel';

export function TalentPage() {
  const viewer = useViewer();
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState<'talent' | 'types'>('talent');
  const [typeDialog, setTypeDialog] = useState<{ editing: TalentTypeData | null } | null>(null);
  const managesTypes = viewer?.user.user_type.name === 'internal_admin';
  const companyId = viewer?.company.id ?? '';
  const { data, error, loading } = useQuery(TALENTS_QUERY, {
    variables: { company_id: companyId },
    skip: !companyId,
    fetchPolicy: 'cache-and-network',
  });
  const talents = data?.talents ?? [];

  const body = (
    <QueryFrame
      error={error ? describeError(error, ERRORS.FETCH_TALENT_PROFILES_FAILED) : null}
      loading={loading}
      hasData={data !== undefined}
      isEmpty={talents.length === 0}
      loadingLabel="Loading talent"
      empty={{ icon: 'people', title: ERRORS.NO_TALENT_PROFILES }}
    >
      {() => (
        <HTMLTable className="ld-table" striped aria-label="Talent">
          <thead>
            <tr>
              <th>Name</th>
              <th>Talent type</th>
              <th>Hourly rate</th>
              <th>Pay rate</th>
              <th>Reports to</th>
              <th>Profile</th>
              <th>Hubstaff</th>
            </tr>
          </thead>
          <tbody>
            {talents.map((t) => (
              <tr key={t.id}>
                <td>
                  {fullName(t)}
                  <div className="ld-muted">{t.email}</div>
                </td>
                <td>
                  <Tag minimal intent={t.talent_type.is_team_lead ? Intent.PRIMARY : Intent.NONE}>
                    {t.talent_type.role}
                  </Tag>
                </td>
                <td>{formatCents(t.talent_type.hourly_rate)}</td>
                <td>{formatCents(t.pay_rate)}</td>
                <td>{t.reporting_to_name ?? '—'}</td>
                <td>
                  {t.linkedin_url ? (
                    <a href={t.linkedin_url} target="_blank" rel="noreferrer noopener">
                      LinkedIn
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{t.hubstaff_id ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </QueryFrame>
  );

  return (
    <Page
      title="Talent"
      subtitle={viewer?.company.name}
      actions={
        tab === 'types' ? (
          managesTypes ? (
            <Button
              icon="add"
              intent={Intent.PRIMARY}
              onClick={() => setTypeDialog({ editing: null })}
            >
              Add talent type
            </Button>
          ) : null
        ) : viewer?.can_manage_company ? (
          <Button icon="add" intent={Intent.PRIMARY} onClick={() => setCreating(true)}>
            Add talent
          </Button>
        ) : null
      }
    >
      <Tabs id="talent-tabs" selectedTabId={tab} onChange={(id) => setTab(id as typeof tab)}>
        <Tab id="talent" title="Talent" panel={body} />
        <Tab
          id="types"
          title="Talent types"
          panel={
            <TalentTypesPanel
              canManage={managesTypes}
              onEdit={(type) => setTypeDialog({ editing: type })}
            />
          }
        />
      </Tabs>
      {typeDialog ? (
        <TalentTypeDialog editing={typeDialog.editing} onClose={() => setTypeDialog(null)} />
      ) : null}
      {creating && companyId ? (
        <CreateTalentDialog companyId={companyId} onClose={() => setCreating(false)} />
      ) : null}
    </Page>
  );
}
