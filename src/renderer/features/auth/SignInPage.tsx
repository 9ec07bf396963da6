/** Sign-in: email and password; the API's message (e.g. 'Incorrect email or password.') inline. */
import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { signInInputSchema } from '../../../shared/schemas';
import { describeError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { returnPathOf } from '../shell/landing';
import { InvitationEntry } from '../users/InvitationEntry';
import { useStartPath } from '../shell/useStartPath';
import { AuthLayout } from './AuthLayout';
import { fieldErrors, type FieldErrors } from './form-errors';
import { SIGN_IN_MUTATION } from './operations';
import { PRODUCT_ERRORS } from '../../../shared/errors';

export function SignInPage() {
  const auth = useAppSelector((state) => state.auth);
  const services = useServices();
  const [signIn, { loading }] = useMutation(SIGN_IN_MUTATION);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const returnTo = returnPathOf(useLocation().state);
  const startPath = useStartPath();

  // Back to the deep link that led here, else the person's start screen.
  if (auth.status === 'authenticated') return <Navigate to={returnTo ?? startPath} replace />;
  if (auth.needsSetup) return <Navigate to="/setup" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = signInInputSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    let payload;
    try {
      const result = await signIn({ variables: parsed.data });
      payload = result.data?.signIn;
    } catch (error) {
      setFailure(describeError(error, PRODUCT_ERRORS.SIGN_IN_FAILED));
      return;
    }
    if (!payload) return setFailure(PRODUCT_ERRORS.SIGN_IN_FAILED);
    setSaving(true);
    try {
      await services.signIn(payload.token, payload.viewer);
    } catch (error) {
      setSaving(false);
      setFailure(describeError(error, PRODUCT_ERRORS.SAVE_SESSION_FAILED));
    }
  }

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to your firm's workspace.">
      {auth.notice ? (
        <Callout className="ld-callout" intent={Intent.WARNING} icon="time">
          {auth.notice}
        </Callout>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormGroup
          label="Email"
          labelFor="sign-in-email"
          helperText={errors['email']}
          intent={errors['email'] ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="sign-in-email"
            type="email"
            autoComplete="username"
            size="large"
            autoFocus
            value={email}
            intent={errors['email'] ? Intent.DANGER : Intent.NONE}
            onValueChange={setEmail}
          />
        </FormGroup>
        <FormGroup
          label="Password"
          labelFor="sign-in-password"
          helperText={errors['password']}
          intent={errors['password'] ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="sign-in-password"
            type="password"
            autoComplete="current-password"
            size="large"
            value={password}
            intent={errors['password'] ? Intent.DANGER : Intent.NONE}
            onValueChange={setPassword}
          />
        </FormGroup>
        {failure ? (
          <Callout className="ld-callout" intent={Intent.DANGER} icon="error" role="alert">
            {failure}
          </Callout>
        ) : null}
        <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={loading || saving}>
          Sign in
        </Button>
      </form>
      <InvitationEntry />
    </AuthLayout>
  );
}
