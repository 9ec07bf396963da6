/**
 * Connecting provider three, ContactsLaw: the member's user name (or email) and password, and the
 * address of the firm's ContactsLaw server (its REST API runs on the firm's own server, so there is
 * no address to default to; the one used before is filled in). The LexDesk company goes in the
 * body. The password goes to the LexDesk server once (which keeps it sealed to sign in again) and
 * is never shown or kept here. A refusal shows the server's message: 'Failed to authenticate',
 * 'Network response was not ok'.
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
import { signInContactsLaw } from './api';
import { requestReducer, type RequestState } from './requestState';

export function ContactsLawSignInDialog(props: {
  connection: Connection;
  companyId: string;
  /** The server address of an earlier sign-in, if any. */
  knownAddress: string | null;
  onClose: () => void;
  onConnected: (integration: IntegrationView) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [address, setAddress] = useState(props.knownAddress ?? '');
  const [state, dispatch] = useReducer(requestReducer<IntegrationView>, {
    status: 'idle',
  } as RequestState<IntegrationView>);

  async function send() {
    dispatch({ type: 'start' });
    try {
      const integration = await signInContactsLaw(props.connection, {
        email: email.trim(),
        password,
        company_id: props.companyId,
        crm_base_url: address.trim(),
      });
      setPassword('');
      dispatch({ type: 'succeed', data: integration });
      props.onConnected(integration);
    } catch (error) {
      setPassword('');
      dispatch({ type: 'fail', error: describeError(error, ERRORS.FAILED_TO_AUTHENTICATE) });
    }
  }

  return (
    <Dialog isOpen title="Connect ContactsLaw" onClose={props.onClose}>
      <DialogBody>
        <p>
          Sign in as the ContactsLaw member LexDesk should work as. LexDesk reads their matters.
        </p>
        <FormGroup label="Email or user name" labelFor="cl-email">
          <InputGroup
            id="cl-email"
            value={email}
            autoFocus
            autoComplete="username"
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label="Password" labelFor="cl-password">
          <InputGroup
            id="cl-password"
            type="password"
            value={password}
            autoComplete="current-password"
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup
          label="ContactsLaw server address"
          labelFor="cl-address"
          helperText="The address of the firm's ContactsLaw REST API, e.g. https://contactslaw.yourfirm.com.au:8886."
        >
          <InputGroup
            id="cl-address"
            value={address}
            placeholder="https://"
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
              disabled={!email.trim() || !password || !address.trim()}
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
