/**
 * CRM integrations (spec section 2 "CRM integrations with logs"): the company's integrations, the
 * active one for cases (the built-in LexDesk cases when none is), each one's settings, connecting
 * provider one (Clio Manage, OAuth in the browser), providers two and three (SmartAdvocate and
 * ContactsLaw, user name and password in one PasswordSignInDialog, each turned on and off by its
 * own call: passwordCrms.ts), a sync now, the paged integration logs and a request for a CRM not
 * offered yet. Each request has its state (idle, loading, succeeded, failed)
 * and shows the catalogue message of spec section 8 "Integrations" when it fails.
 */
import { Button, Callout, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { CRM_PROVIDERS, type IntegrationLogPage, type IntegrationView } from '../../../shared/crm';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { Page } from '../../components/Page';
import { toastError, toastSuccess } from '../../components/toaster';
import { useServices } from '../../app/services';
import { useViewer } from '../auth/useViewer';
import { useConnection } from '../workflows/useConnection';
import { fetchIntegrations, fetchLogs, startClioSignIn, syncNow } from './api';
import { PASSWORD_CRMS, type PasswordCrm } from './passwordCrms';
import { PasswordSignInDialog } from './PasswordSignInDialog';
import { syncSummary } from './syncSummary';
import { IntegrationSettings } from './IntegrationSettings';
import { IntegrationLogs } from './IntegrationLogs';
import { signInThroughDesktop } from './desktopSignIn';
import { PENDING_KEY, redirectUriOf } from './oauthReturn';
import { RequestCrmDialog } from './RequestCrmDialog';
import { requestReducer, type RequestState } from './requestState';
import './crm.css';

export const LOGS_PAGE = 10;

const labelOf = (crmType: string) =>
  CRM_PROVIDERS.find((p) => p.crm_type === crmType)?.label ?? crmType;

export function CrmIntegrationsPage() {
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const canManage = viewer?.can_manage_company ?? false;
  const dateFormat = viewer?.company.date_format ?? 'MM/DD/YYYY';
  const connection = useConnection();
  const { bridge } = useServices();
  const [list, dispatchList] = useReducer(requestReducer<IntegrationView[]>, {
    status: 'idle',
  } as RequestState<IntegrationView[]>);
  const [logs, dispatchLogs] = useReducer(requestReducer<IntegrationLogPage>, {
    status: 'idle',
  } as RequestState<IntegrationLogPage>);
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [signingIn, setSigningIn] = useState<PasswordCrm | null>(null);

  const loadList = useCallback(async () => {
    if (!connection || !companyId) return;
    dispatchList({ type: 'start' });
    try {
      dispatchList({ type: 'succeed', data: await fetchIntegrations(connection, companyId) });
    } catch (error) {
      dispatchList({ type: 'fail', error: describeError(error, ERRORS.FETCH_INTEGRATIONS_FAILED) });
    }
  }, [companyId, connection]);

  const loadLogs = useCallback(async () => {
    if (!connection || !companyId) return;
    dispatchLogs({ type: 'start' });
    try {
      dispatchLogs({
        type: 'succeed',
        data: await fetchLogs(connection, companyId, LOGS_PAGE, offset),
      });
    } catch (error) {
      dispatchLogs({ type: 'fail', error: describeError(error, ERRORS.FETCH_INTEGRATIONS_FAILED) });
    }
  }, [companyId, connection, offset]);

  useEffect(() => void loadList(), [loadList]);
  useEffect(() => void loadLogs(), [loadLogs]);

  const rows = 'data' in list ? (list.data ?? []) : [];
  const active = rows.find((r) => r.is_active && r.data_type === 'cases');
  const current = rows.find((r) => r.id === selected) ?? rows[0];

  async function connectClio() {
    if (!connection) return;
    setConnecting(true);
    try {
      // The desktop: the system browser and a loopback return; else this window goes and returns.
      const hash = await signInThroughDesktop({
        bridge,
        companyId,
        authUrlFor: (redirectUri) => startClioSignIn(connection, companyId, redirectUri),
        openTab: (url) => window.open(url, '_blank') !== null,
      });
      if (hash) {
        window.location.assign(hash);
        return;
      }
      const authUrl = await startClioSignIn(connection, companyId, redirectUriOf(window.location));
      sessionStorage.setItem(PENDING_KEY, companyId);
      window.location.assign(authUrl);
    } catch (error) {
      toastError(describeError(error, ERRORS.FAILED_TO_AUTHENTICATE));
      setConnecting(false);
    }
  }

  async function sync(row: IntegrationView) {
    if (!connection) return;
    try {
      const { started } = await syncNow(connection, row.id);
      toastSuccess(
        started ? 'Cases are being synced from the CRM.' : 'A sync of this CRM is already running.',
      );
    } catch (error) {
      toastError(describeError(error, ERRORS.UPDATE_INTEGRATION_FAILED));
    }
  }

  /** Turns a password CRM (SmartAdvocate, ContactsLaw) on or off through its own call. */
  async function toggle(provider: PasswordCrm, row: IntegrationView) {
    if (!connection) return;
    try {
      const next = await provider.setActive(connection, companyId, !row.is_active);
      toastSuccess(`${provider.name} is ${next.is_active ? 'on' : 'off'}.`);
      void loadList();
    } catch (error) {
      toastError(describeError(error, ERRORS.UPDATE_INTEGRATION_FAILED));
    }
  }

  return (
    <Page
      title="CRM integrations"
      subtitle="Where LexDesk takes its cases from and sends documents to."
      actions={
        <>
          <Button
            icon="refresh"
            onClick={() => {
              void loadList();
              void loadLogs();
            }}
          >
            Refresh
          </Button>
          <Button icon="add" onClick={() => setRequesting(true)}>
            Request a new CRM
          </Button>
          {canManage
            ? PASSWORD_CRMS.map((provider) => (
                <Button key={provider.crmType} icon="key" onClick={() => setSigningIn(provider)}>
                  {rows.some((r) => r.crm_type === provider.crmType && r.connected)
                    ? `Reconnect ${provider.name}`
                    : `Connect ${provider.name}`}
                </Button>
              ))
            : null}
          {canManage ? (
            <Button
              intent={Intent.PRIMARY}
              icon="link"
              loading={connecting}
              onClick={() => void connectClio()}
            >
              {rows.some((r) => r.crm_type === 'clio' && r.connected)
                ? 'Reconnect Clio Manage'
                : 'Connect Clio Manage'}
            </Button>
          ) : null}
        </>
      }
    >
      <Callout
        className="ld-crm-active"
        icon="database"
        intent={active ? Intent.SUCCESS : Intent.NONE}
      >
        Cases come from{' '}
        <strong>{active ? labelOf(active.crm_type) : 'LexDesk cases (built in)'}</strong>
        {active?.last_sync ? `, last synced ${formatDateTime(active.last_sync, dateFormat)}` : ''}.
      </Callout>

      {list.status === 'failed' ? (
        <Callout intent={Intent.DANGER} title={list.error} className="ld-crm-error">
          <Button onClick={() => void loadList()}>Try again</Button>
        </Callout>
      ) : null}
      {list.status === 'loading' && rows.length === 0 ? <Spinner size={30} /> : null}
      {list.status === 'succeeded' && rows.length === 0 ? (
        <NonIdealState
          icon="data-connection"
          title="No CRM connected"
          description="LexDesk keeps the cases itself. Connect a CRM to take them from there."
        />
      ) : null}
      {rows.length > 0 ? (
        <HTMLTable className="ld-crm-table" interactive striped aria-label="Integrations">
          <thead>
            <tr>
              <th>CRM</th>
              <th>Status</th>
              <th>Sync</th>
              <th>Last sync</th>
              <th>Last result</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                onClick={() => setSelected(row.id)}
                aria-selected={row.id === current?.id}
              >
                <td>{labelOf(row.crm_type)}</td>
                <td>
                  <Tag intent={row.is_active ? Intent.SUCCESS : Intent.NONE} minimal>
                    {row.is_active ? 'Active' : 'Off'}
                  </Tag>{' '}
                  <Tag intent={row.connected ? Intent.PRIMARY : Intent.WARNING} minimal>
                    {row.connected ? 'Connected' : 'Not connected'}
                  </Tag>
                </td>
                <td>
                  {row.sync_type === 'interval'
                    ? `Every ${Math.round(row.sync_interval_seconds / 60)} min`
                    : 'On demand'}
                </td>
                <td>{row.last_sync ? formatDateTime(row.last_sync, dateFormat) : 'Never'}</td>
                <td>{row.last_sync_result ? syncSummary(row.last_sync_result) : '—'}</td>
                <td>
                  {canManage && row.connected ? (
                    <Button small icon="refresh" onClick={() => void sync(row)}>
                      Sync now
                    </Button>
                  ) : null}
                  {canManage && row.connected
                    ? PASSWORD_CRMS.filter((p) => p.crmType === row.crm_type).map((provider) => (
                        <Button
                          key={provider.crmType}
                          small
                          icon="power"
                          onClick={() => void toggle(provider, row)}
                        >
                          {row.is_active ? 'Turn off' : 'Turn on'}
                        </Button>
                      ))
                    : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}

      {current && connection ? (
        <IntegrationSettings
          key={current.id}
          connection={connection}
          integration={current}
          canManage={canManage}
          onSaved={() => {
            void loadList();
            void loadLogs();
          }}
        />
      ) : null}

      <IntegrationLogs
        state={logs}
        offset={offset}
        pageSize={LOGS_PAGE}
        dateFormat={dateFormat}
        onPage={setOffset}
        onRetry={() => void loadLogs()}
      />

      {signingIn && connection ? (
        <PasswordSignInDialog
          key={signingIn.crmType}
          provider={signingIn}
          connection={connection}
          companyId={companyId}
          knownAddress={rows.find((r) => r.crm_type === signingIn.crmType)?.crm_base_url ?? null}
          onClose={() => setSigningIn(null)}
          onConnected={(integration) => {
            setSigningIn(null);
            setSelected(integration.id);
            toastSuccess(`${signingIn.name} is connected.`);
            void loadList();
            void loadLogs();
          }}
        />
      ) : null}

      {requesting && connection && viewer ? (
        <RequestCrmDialog
          connection={connection}
          companyId={companyId}
          userId={viewer.user.id}
          onClose={() => setRequesting(false)}
        />
      ) : null}
    </Page>
  );
}
