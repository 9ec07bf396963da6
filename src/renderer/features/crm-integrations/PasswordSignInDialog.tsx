/**
 * Connecting a CRM that signs in with a user name and password (passwordCrms.ts: SmartAdvocate,
 * ContactsLaw): user name (or email), password and the CRM's address, as the provider names them.
 * The password goes to the LexDesk server once (which keeps it sealed to sign in again) and is never
 * shown or kept here: it is cleared after every try. A refusal shows the server's message (spec
 * section 8 "Integrations"), else the provider's refusal.
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
import { describeError } from '../../app/errors';
import type { Connection } from '../workflows/rest';
import type { PasswordCrm } from './passwordCrms';
import { requestReducer, type RequestState } from './requestState';

export function PasswordSignInDialog(props: {
  provider: PasswordCrm;
  connection: Connection;
  companyId: string;
  /** The address of an earlier sign-in, filled in where the provider remembers it. */
  knownAddress: string | null;
  onClose: () => void;
  onConnected: (integration: IntegrationView) => void;
}) {
  const { provider } = props;
  const id = (field: string) => `${provider.idPrefix}-${field}`;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [address, setAddress] = useState(
    provider.address.remembered ? (props.knownAddress ?? '') : '',
  );
  const [state, dispatch] = useReducer(requestReducer<IntegrationView>, {
    status: 'idle',
  } as RequestState<IntegrationView>);

  async function send() {
    dispatch({ type: 'start' });
    try {
      const integration = await provider.signIn(props.connection, props.companyId, {
        email: email.trim(),
        password,
        ...(address.trim() ? { crm_base_url: address.trim() } : {}),
      });
      setPassword('');
      dispatch({ type: 'succeed', data: integration });
      props.onConnected(integration);
    } catch (error) {
      setPassword('');
      dispatch({ type: 'fail', error: describeError(error, provider.refusal) });
    }
  }

  return (
    <Dialog isOpen title={`Connect ${provider.name}`} onClose={props.onClose}>
      <DialogBody>
        <p>{provider.intro}</p>
        <FormGroup label="Email or user name" labelFor={id('email')}>
          <InputGroup
            id={id('email')}
            value={email}
            autoFocus
            autoComplete="username"
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label="Password" labelFor={id('password')}>
          <InputGroup
            id={id('password')}
            type="password"
            value={password}
            autoComplete="current-password"
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup
          label={provider.address.label}
          labelFor={id('address')}
          helperText={provider.address.helperText}
        >
          <InputGroup
            id={id('address')}
            value={address}
            placeholder={provider.address.placeholder}
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
              disabled={
                !email.trim() || !password || (provider.address.required && !address.trim())
              }
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
