/**
 * Activity types (spec section 3 "Activity type", section 7 "Activity types"): the kinds of
 * activity the company's CRM records, by CRM type. All of the company's, or those of one CRM
 * type, or only the viewable ones of one CRM type (what pickers offer). The company's managers
 * choose which are viewable; the rows themselves come from the CRM.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Button,
  Callout,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useState } from 'react';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { toastError } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import {
  ACTIVITY_TYPES_QUERY,
  SET_ACTIVITY_TYPE_VIEWABLE,
  VIEWABLE_ACTIVITY_TYPES_QUERY,
  type ActivityTypeRow,
} from './operations';
import '../data-extraction/dataExtraction.css';

const ALL = '';

export function ActivityTypesPage() {
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const canManage = viewer?.can_manage_company ?? false;
  const [chosen, setChosen] = useState<string | null>(null);
  const [viewableOnly, setViewableOnly] = useState(false);
  // Every CRM type the company has activity types of (and its own CRM), for the picker.
  const everything = useQuery(ACTIVITY_TYPES_QUERY, {
    variables: { company_id: companyId, crm_type: null },
    skip: !companyId,
    fetchPolicy: 'cache-and-network',
  });
  const crmTypes = [
    ...new Set(
      [
        everything.data?.company?.crm_type,
        ...(everything.data?.activityTypes ?? []).map((a) => a.crm_type),
      ].filter((t): t is string => Boolean(t)),
    ),
  ];
  // The company's own CRM first, until the user picks.
  const crmType = chosen ?? crmTypes[0] ?? ALL;
  const one = crmType !== ALL;
  const ofType = useQuery(ACTIVITY_TYPES_QUERY, {
    variables: { company_id: companyId, crm_type: crmType },
    skip: !companyId || !one || viewableOnly,
    fetchPolicy: 'cache-and-network',
  });
  const viewable = useQuery(VIEWABLE_ACTIVITY_TYPES_QUERY, {
    variables: { company_id: companyId, crm_type: crmType },
    skip: !companyId || !one || !viewableOnly,
    fetchPolicy: 'cache-and-network',
  });
  const [setViewable] = useMutation(SET_ACTIVITY_TYPE_VIEWABLE, {
    refetchQueries: ['ActivityTypesScreen', 'ViewableActivityTypes'],
    awaitRefetchQueries: true,
  });

  const current = !one ? everything : viewableOnly ? viewable : ofType;
  const rows: ActivityTypeRow[] | undefined = !one
    ? everything.data?.activityTypes
    : viewableOnly
      ? viewable.data?.viewableActivityTypes
      : ofType.data?.activityTypes;
  const failure = everything.error ?? current.error;

  return (
    <Page
      title="Activity types"
      subtitle="The kinds of activity the firm’s CRM records; viewable ones are offered in pickers."
    >
      <div className="ld-activity-filters">
        <FormGroup label="CRM type" labelFor="activity-crm-type" inline>
          <HTMLSelect
            id="activity-crm-type"
            value={crmType}
            onChange={(e) => {
              setChosen(e.currentTarget.value);
              if (e.currentTarget.value === ALL) setViewableOnly(false);
            }}
            options={[
              { value: ALL, label: 'All CRM types' },
              ...crmTypes.map((t) => ({ value: t, label: t })),
            ]}
          />
        </FormGroup>
        <Switch
          checked={viewableOnly}
          disabled={!one}
          label="Only viewable"
          onChange={(e) => setViewableOnly(e.currentTarget.checked)}
        />
      </div>
      {failure && !rows ? (
        <Callout
          intent={Intent.DANGER}
          title={describeError(failure, ERRORS.FETCH_ACTIVITY_TYPES_FAILED)}
        >
          <Button onClick={() => void current.refetch()}>Try again</Button>
        </Callout>
      ) : !rows ? (
        <Spinner className="ld-loading" size={32} aria-label="Loading activity types" />
      ) : rows.length === 0 ? (
        <NonIdealState
          icon="list"
          title={viewableOnly ? 'No viewable activity types.' : 'No activity types yet.'}
          description="They arrive with the CRM’s data."
          className="ld-empty"
        />
      ) : (
        <div className="ld-table-frame">
          <HTMLTable className="ld-table" striped aria-label="Activity types">
            <thead>
              <tr>
                <th>Title</th>
                <th>CRM type</th>
                <th>Id in the CRM</th>
                <th>Deletable</th>
                <th>Viewable</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.title}</td>
                  <td>
                    <Tag minimal>{row.crm_type}</Tag>
                  </td>
                  <td>
                    <code>{row.crm_activity_type_id}</code>
                  </td>
                  <td>{row.is_deletable ? 'Yes' : <span className="ld-muted">No</span>}</td>
                  <td>
                    <Switch
                      className="ld-data-switch"
                      checked={row.is_viewable}
                      disabled={!canManage}
                      label={row.is_viewable ? 'Viewable' : 'Hidden'}
                      aria-label={`${row.title} viewable`}
                      onChange={(e) =>
                        void setViewable({
                          variables: { id: row.id, is_viewable: e.currentTarget.checked },
                        }).catch((error: unknown) =>
                          toastError(
                            describeError(error, PRODUCT_ERRORS.UPDATE_ACTIVITY_TYPE_FAILED),
                          ),
                        )
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </Page>
  );
}
