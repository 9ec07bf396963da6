/**
 * What an admin does to one person on the Users screen: change the role, deactivate (after a
 * confirmation: their sessions end at once) and reactivate. The server decides (last-admin guard,
 * permissions); its message is passed up to the page.
 */
import { Alert, Button, HTMLSelect, Intent } from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { PRODUCT_ERRORS, type ProductErrorCode } from '../../../shared/errors';
import {
  hasChangeableRole,
  LEGAL_USER_TYPES,
  legalUserTypeSchema,
  type LegalUserTypeName,
} from '../../../shared/schemas/user';
import { describeError } from '../../app/errors';
import { fullName } from '../../app/format';
import { LEGAL_USER_TYPE_LABELS } from './labels';
import {
  CHANGE_USER_ROLE_MUTATION,
  DEACTIVATE_USER_MUTATION,
  REACTIVATE_USER_MUTATION,
  type CompanyUser,
} from './operations';

export function RoleSelect(props: { user: CompanyUser; onFailure: (message: string) => void }) {
  const { user } = props;
  const [changeRole, { loading }] = useMutation(CHANGE_USER_ROLE_MUTATION);
  if (!hasChangeableRole(user.user_type.name)) {
    return user.legal_user_type ? (
      <>{LEGAL_USER_TYPE_LABELS[user.legal_user_type]}</>
    ) : (
      <span className="ld-muted">—</span>
    );
  }
  async function pick(value: string) {
    const role = legalUserTypeSchema.safeParse(value);
    if (!role.success) return;
    try {
      await changeRole({ variables: { id: user.id, legal_user_type: role.data } });
    } catch (error) {
      props.onFailure(describeError(error, PRODUCT_ERRORS.CHANGE_USER_ROLE_FAILED));
    }
  }
  const current: LegalUserTypeName | '' = user.legal_user_type ?? '';
  return (
    <HTMLSelect
      aria-label={`Role of ${fullName(user)}`}
      value={current}
      disabled={loading}
      onChange={(event) => void pick(event.currentTarget.value)}
      options={[
        ...(current === '' ? [{ value: '', label: 'No role' }] : []),
        ...LEGAL_USER_TYPES.map((value) => ({ value, label: LEGAL_USER_TYPE_LABELS[value] })),
      ]}
    />
  );
}

export function ActivationButton(props: {
  user: CompanyUser;
  onFailure: (message: string) => void;
}) {
  const { user } = props;
  const [deactivate, deactivating] = useMutation(DEACTIVATE_USER_MUTATION);
  const [reactivate, reactivating] = useMutation(REACTIVATE_USER_MUTATION);
  const [confirming, setConfirming] = useState(false);
  const name = fullName(user);

  async function run(work: () => Promise<unknown>, fallback: ProductErrorCode) {
    try {
      await work();
    } catch (error) {
      props.onFailure(describeError(error, PRODUCT_ERRORS[fallback]));
    }
  }

  if (user.is_deactivated) {
    return (
      <Button
        icon="undo"
        variant="minimal"
        loading={reactivating.loading}
        aria-label={`Reactivate ${name}`}
        onClick={() =>
          void run(() => reactivate({ variables: { id: user.id } }), 'REACTIVATE_USER_FAILED')
        }
      >
        Reactivate
      </Button>
    );
  }
  return (
    <>
      <Button
        icon="disable"
        variant="minimal"
        intent={Intent.DANGER}
        loading={deactivating.loading}
        aria-label={`Deactivate ${name}`}
        onClick={() => setConfirming(true)}
      >
        Deactivate
      </Button>
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="disable"
        confirmButtonText="Deactivate"
        cancelButtonText="Cancel"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void run(() => deactivate({ variables: { id: user.id } }), 'DEACTIVATE_USER_FAILED');
        }}
      >
        <p>
          Deactivate <strong>{name}</strong>? They are signed out everywhere at once and cannot sign
          in until they are reactivated.
        </p>
      </Alert>
    </>
  );
}
