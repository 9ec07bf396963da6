/**
 * Connecting provider two, SmartAdvocate: the firm's SmartAdvocate user name (or email) and password,
 * and its SmartAdvocate address when it is not app.smartadvocate.com. The password goes to the
 * LexDesk server once (which keeps it sealed to sign in again) and is never shown or kept here.
 * A refusal shows the server's message: 'Authentication failed', 'Network response was not ok'.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useReducer, useState } from 'react';
import type { IntegrationView } from '../../../shared/crm';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import type { Connection } from '../workflows/rest';
import { signInSmartAdvocate } from './api';
import { requestReducer, type RequestState } from './requestState';

export function SmartAdvocateSignInDialog(props: {
  connection: Connection;
  companyId: string;
  onClose: () => void;
  onConnected: (integration: IntegrationView) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [address, setAddress] = useState('');
  const [state, dispatch] = useReducer(requestReducer<IntegrationView>, {
    status: 'idle',
  } as RequestState<IntegrationView>);

  async function send() {
    dispatch({ type: 'start' });
    try {
      const integration = await signInSmartAdvocate(props.connection, props.companyId, {
        email: email.trim(),
        password,
        ...(address.trim() ? { crm_base_url: address.trim() } : {}),
      });
      setPassword('');
      dispatch({ type: 'succeed', data: integration });
      props.onConnected(integration);
    } catch (error) {
      setPassword('');
      dispatch({ type: 'fail', error: describeError(error, ERRORS.AUTHENTICATION_FAILED) });
    }
  }

  return (
    <Dialog isOpen title="Connect SmartAdvocate" onClose={props.onClose}>
      <DialogBody>
        <p>Sign in as the SmartAdvocate user LexDesk should work as.</p>
        <FormGroup label="Email or user name" labelFor="sa-email">
          <InputGroup
            id="sa-email"
            value={email}
            autoFocus
            autoComplete="username"
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label="Password" labelFor="sa-password">
          <InputGroup
            id="sa-password"
            type="password"
            value={password}
            autoComplete="current-password"
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup
          label="SmartAdvocate address"
          labelFor="sa-address"
          helperText="Leave empty for https://app.smartadvocate.com."
        >
          <InputGroup
            id="sa-address"
            value={address}
            placeholder="https://app.smartadvocate.com"
            onChange={(e) => setAddress(e.currentTarget.value)}
          />
        </FormGroup>
        {state.status === 'failed' ? (
          <Callout intent={Intent.DANGER} role="alert">
            {state.error}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={props.onClose}>Cancel</Button>
            <Button
              intent={Intent.PRIMARY}
              disabled={!email.trim() || !password}
              loading={state.status === 'loading'}
              onClick={() => void send()}
            >
              Sign in
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
