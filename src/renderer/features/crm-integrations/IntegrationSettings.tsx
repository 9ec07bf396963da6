/**
 * One integration's settings (sync_type, sync_interval_seconds, is_active, active_once, email,
 * crm_base_url). Managers save them; everyone else reads them. The save has its request state and
 * shows "Failed to update integration" (or the server's refusal) when it fails.
 */
import {
  Button,
  Callout,
  Card,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NumericInput,
  Switch,
} from '@blueprintjs/core';
import { useReducer, useState } from 'react';
import { SYNC_INTERVAL_MAX, SYNC_INTERVAL_MIN, type IntegrationView } from '../../../shared/crm';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import type { Connection } from '../workflows/rest';
import { updateIntegration } from './api';
import { requestReducer, type RequestState } from './requestState';

export function IntegrationSettings(props: {
  connection: Connection;
  integration: IntegrationView;
  canManage: boolean;
  onSaved: () => void;
}) {
  const i = props.integration;
  const [syncType, setSyncType] = useState(i.sync_type);
  const [minutes, setMinutes] = useState(Math.round(i.sync_interval_seconds / 60));
  const [isActive, setIsActive] = useState(i.is_active);
  const [email, setEmail] = useState(i.email ?? '');
  const [baseUrl, setBaseUrl] = useState(i.crm_base_url ?? '');
  const [save, dispatch] = useReducer(requestReducer<IntegrationView>, {
    status: 'idle',
  } as RequestState<IntegrationView>);
  const readOnly = !props.canManage;

  async function submit() {
    dispatch({ type: 'start' });
    try {
      const saved = await updateIntegration(props.connection, i.id, {
        sync_type: syncType,
        sync_interval_seconds: minutes * 60,
        is_active: isActive,
        email: email.trim() || null,
        crm_base_url: baseUrl.trim() || null,
      });
      dispatch({ type: 'succeed', data: saved });
      props.onSaved();
    } catch (error) {
      dispatch({ type: 'fail', error: describeError(error, ERRORS.UPDATE_INTEGRATION_FAILED) });
    }
  }

  return (
    <Card className="ld-crm-settings" aria-label="Integration settings">
      <h2 className="ld-crm-heading">Settings</h2>
      <div className="ld-crm-form">
        <FormGroup label="Sync" labelFor="crm-sync-type">
          <HTMLSelect
            id="crm-sync-type"
            value={syncType}
            disabled={readOnly}
            onChange={(e) => setSyncType(e.currentTarget.value)}
            options={[
              { value: 'interval', label: 'On an interval' },
              { value: 'manual', label: 'On demand only' },
            ]}
          />
        </FormGroup>
        <FormGroup label="Interval (minutes)" labelFor="crm-interval">
          <NumericInput
            id="crm-interval"
            value={minutes}
            min={SYNC_INTERVAL_MIN / 60}
            max={SYNC_INTERVAL_MAX / 60}
            disabled={readOnly || syncType !== 'interval'}
            onValueChange={(value) => setMinutes(Number.isFinite(value) ? value : minutes)}
          />
        </FormGroup>
        <FormGroup label="CRM account email" labelFor="crm-email">
          <InputGroup
            id="crm-email"
            value={email}
            disabled={readOnly}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup
          label="CRM address"
          labelFor="crm-base-url"
          helperText="Changing it signs the CRM out."
        >
          <InputGroup
            id="crm-base-url"
            value={baseUrl}
            disabled={readOnly}
            onChange={(e) => setBaseUrl(e.currentTarget.value)}
          />
        </FormGroup>
      </div>
      <Switch
        checked={isActive}
        disabled={readOnly}
        label="Take cases from this CRM"
        onChange={(e) => setIsActive(e.currentTarget.checked)}
      />
      <Checkbox checked={i.active_once} disabled label="Has been active before" />
      {save.status === 'failed' ? (
        <Callout intent={Intent.DANGER} className="ld-crm-error">
          {save.error}
        </Callout>
      ) : null}
      {save.status === 'succeeded' ? (
        <Callout intent={Intent.SUCCESS} className="ld-crm-error">
          Settings saved.
        </Callout>
      ) : null}
      {props.canManage ? (
        <Button
          intent={Intent.PRIMARY}
          loading={save.status === 'loading'}
          onClick={() => void submit()}
        >
          Save settings
        </Button>
      ) : null}
    </Card>
  );
}
