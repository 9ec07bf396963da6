/**
 * The screen an invitation link opens (#/invitation/<token>): the invitee sees which company and
 * role they are invited to, sets their name and password, and is signed in. A used, unknown or
 * expired link says so instead.
 */
import { Button, Callout, FormGroup, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import { acceptInvitationInputSchema } from '../../../shared/schemas/user';
import { describeError } from '../../app/errors';
import { useServices } from '../../app/services';
import { AuthLayout } from '../auth/AuthLayout';
import { fieldErrors, type FieldErrors } from '../auth/form-errors';
import { LEGAL_USER_TYPE_LABELS } from './labels';
import { ACCEPT_INVITATION_MUTATION, INVITATION_QUERY } from './operations';

export const acceptFormSchema = acceptInvitationInputSchema
  .extend({ confirm_password: z.string() })
  .refine((form) => form.password === form.confirm_password, {
    path: ['confirm_password'],
    message: PRODUCT_ERRORS.PASSWORDS_DIFFER,
  });

type TextField = 'first_name' | 'last_name' | 'password' | 'confirm_password';
const FIELDS: Array<{ name: TextField; label: string; type: string; autoComplete: string }> = [
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  {
    name: 'confirm_password',
    label: 'Confirm password',
    type: 'password',
    autoComplete: 'new-password',
  },
];
const EMPTY: Record<TextField, string> = {
  first_name: '',
  last_name: '',
  password: '',
  confirm_password: '',
};

export function AcceptInvitationPage() {
  const token = useParams()['token'] ?? '';
  const services = useServices();
  const details = useQuery(INVITATION_QUERY, { variables: { token }, fetchPolicy: 'network-only' });
  const [accept, { loading }] = useMutation(ACCEPT_INVITATION_MUTATION);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (done) return <Navigate to="/" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = acceptFormSchema.safeParse({ ...form, token });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const { confirm_password: _confirm, ...input } = parsed.data;
    try {
      const payload = (await accept({ variables: { input } })).data?.acceptInvitation;
      if (!payload) return setFailure(PRODUCT_ERRORS.ACCEPT_INVITATION_FAILED);
      await services.signIn(payload.token, payload.viewer);
      setDone(true);
    } catch (error) {
      setFailure(describeError(error, PRODUCT_ERRORS.ACCEPT_INVITATION_FAILED));
    }
  }

  const invitation = details.data?.invitation;
  if (!invitation) {
    return (
      <AuthLayout title="Join LexDesk" subtitle="Accept your invitation.">
        {details.error ? (
          <>
            <Callout intent={Intent.DANGER} icon="error" role="alert" className="ld-callout">
              {describeError(details.error, PRODUCT_ERRORS.ACCEPT_INVITATION_FAILED)}
            </Callout>
            <Link to="/sign-in">Go to sign in</Link>
          </>
        ) : (
          <Spinner size={32} aria-label="Checking the invitation" />
        )}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={`Join ${invitation.company_name}`}
      subtitle={`You are invited as ${LEGAL_USER_TYPE_LABELS[invitation.legal_user_type]} with ${invitation.email}. Choose your name and a password.`}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        {FIELDS.map((field) => (
          <FormGroup
            key={field.name}
            label={field.label}
            labelFor={`accept-${field.name}`}
            helperText={errors[field.name]}
            intent={errors[field.name] ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id={`accept-${field.name}`}
              type={field.type}
              autoComplete={field.autoComplete}
              size="large"
              value={form[field.name]}
              intent={errors[field.name] ? Intent.DANGER : Intent.NONE}
              onValueChange={(value) => setForm((current) => ({ ...current, [field.name]: value }))}
            />
          </FormGroup>
        ))}
        {failure ? (
          <Callout className="ld-callout" intent={Intent.DANGER} icon="error" role="alert">
            {failure}
          </Callout>
        ) : null}
        <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={loading}>
          Join and sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
