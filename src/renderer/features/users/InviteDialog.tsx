/**
 * Invite by email: the admin picks an email and a role; the one-time link comes back once and is
 * shown to copy (until invitation mail is sent by the server, the admin passes it on).
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import {
  emailSchema,
  LEGAL_USER_TYPES,
  legalUserTypeSchema,
  type LegalUserTypeName,
} from '../../../shared/schemas/user';
import { describeError } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { invitationLink } from './invitationLink';
import { LEGAL_USER_TYPE_LABELS } from './labels';
import { INVITE_USER_MUTATION, type CreatedInvitation } from './operations';

export function InviteDialog(props: {
  companyId: string;
  dateFormat: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const [invite, { loading }] = useMutation(INVITE_USER_MUTATION);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<LegalUserTypeName>('paralegal');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [copied, setCopied] = useState(false);

  function close() {
    setEmail('');
    setRole('paralegal');
    setEmailError(null);
    setFailure(null);
    setCreated(null);
    setCopied(false);
    props.onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? PRODUCT_ERRORS.INVALID_INPUT);
      return;
    }
    setEmailError(null);
    try {
      const result = await invite({
        variables: { company_id: props.companyId, email: parsed.data, legal_user_type: role },
      });
      setCreated(result.data?.inviteUser ?? null);
    } catch (error) {
      setFailure(describeError(error, PRODUCT_ERRORS.INVITE_USER_FAILED));
    }
  }

  const link = created ? invitationLink(window.location.href, created.token) : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <Dialog isOpen={props.isOpen} onClose={close} title="Invite a person" icon="new-person">
      {created ? (
        <>
          <DialogBody>
            <Callout intent={Intent.SUCCESS} icon="tick-circle" className="ld-callout">
              {`Invitation for ${created.email} as ${LEGAL_USER_TYPE_LABELS[created.legal_user_type]} created.`}
            </Callout>
            <FormGroup
              label="Invitation link"
              labelFor="invitation-link"
              helperText={`Send this link to ${created.email}. It works once, until ${formatDateTime(created.expires_at, props.dateFormat)}, and is not shown again.`}
            >
              <InputGroup
                id="invitation-link"
                readOnly
                value={link}
                onFocus={(event) => event.currentTarget.select()}
                rightElement={
                  <Button
                    icon={copied ? 'tick' : 'duplicate'}
                    variant="minimal"
                    onClick={() => void copy()}
                  >
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                }
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter actions={<Button onClick={close}>Done</Button>} />
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <FormGroup
              label="Email"
              labelFor="invite-email"
              helperText={emailError}
              intent={emailError ? Intent.DANGER : Intent.NONE}
            >
              <InputGroup
                id="invite-email"
                type="email"
                autoFocus
                value={email}
                intent={emailError ? Intent.DANGER : Intent.NONE}
                onValueChange={setEmail}
              />
            </FormGroup>
            <FormGroup label="Role" labelFor="invite-role">
              <HTMLSelect
                id="invite-role"
                value={role}
                onChange={(event) => {
                  const picked = legalUserTypeSchema.safeParse(event.currentTarget.value);
                  if (picked.success) setRole(picked.data);
                }}
                options={LEGAL_USER_TYPES.map((value) => ({
                  value,
                  label: LEGAL_USER_TYPE_LABELS[value],
                }))}
              />
            </FormGroup>
            {failure ? (
              <Callout intent={Intent.DANGER} icon="error" role="alert" className="ld-callout">
                {failure}
              </Callout>
            ) : null}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button onClick={close}>Cancel</Button>
                <Button type="submit" intent={Intent.PRIMARY} loading={loading}>
                  Create invitation link
                </Button>
              </>
            }
          />
        </form>
      )}
    </Dialog>
  );
}
