/** "Request a new CRM": the name of the CRM the firm uses, sent as the caller for their company. */
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
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import type { Connection } from '../workflows/rest';
import { requestCrm } from './api';
import { requestReducer, type RequestState } from './requestState';

export function RequestCrmDialog(props: {
  connection: Connection;
  companyId: string;
  userId: string;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [state, dispatch] = useReducer(requestReducer<true>, {
    status: 'idle',
  } as RequestState<true>);

  async function send() {
    dispatch({ type: 'start' });
    try {
      await requestCrm(props.connection, {
        crm_name: name.trim(),
        company_id: props.companyId,
        requested_by: props.userId,
      });
      dispatch({ type: 'succeed', data: true });
    } catch (error) {
      dispatch({ type: 'fail', error: describeError(error, ERRORS.CREATE_CRM_REQUEST_FAILED) });
    }
  }

  return (
    <Dialog isOpen title="Request a new CRM" onClose={props.onClose}>
      <DialogBody>
        {state.status === 'succeeded' ? (
          <Callout intent={Intent.SUCCESS}>
            Thank you. We will let you know when {name.trim()} can be connected.
          </Callout>
        ) : (
          <FormGroup label="Which CRM does your firm use?" labelFor="crm-request-name">
            <InputGroup
              id="crm-request-name"
              value={name}
              autoFocus
              placeholder="e.g. Filevine"
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </FormGroup>
        )}
        {state.status === 'failed' ? <Callout intent={Intent.DANGER}>{state.error}</Callout> : null}
      </DialogBody>
      <DialogFooter
        actions={
          state.status === 'succeeded' ? (
            <Button onClick={props.onClose}>Close</Button>
          ) : (
            <>
              <Button onClick={props.onClose}>Cancel</Button>
              <Button
                intent={Intent.PRIMARY}
                disabled={!name.trim()}
                loading={state.status === 'loading'}
                onClick={() => void send()}
              >
                Send request
              </Button>
            </>
          )
        }
      />
    </Dialog>
  );
}
