/** First run: creates the company and its first administrator, then opens the app signed in. */
import { Button, Callout, Checkbox, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { describeError, readErrorCode } from '../../app/errors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { AuthLayout } from './AuthLayout';
import { fieldErrors, type FieldErrors } from './form-errors';
import { SET_UP_MUTATION } from './operations';
import { EMPTY_SET_UP_FORM, setUpFormSchema, toSetUpInput, type SetUpForm } from './setup-form';
import { sessionMissing } from './slice';
import { PRODUCT_ERRORS } from '../../../shared/errors';

type TextField = Exclude<keyof SetUpForm, 'is_legal'>;

const FIELDS: Array<{ name: TextField; label: string; type: string; autoComplete: string }> = [
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  {
    name: 'confirm_password',
    label: 'Confirm password',
    type: 'password',
    autoComplete: 'new-password',
  },
];

export function SetupPage() {
  const auth = useAppSelector((state) => state.auth);
  const dispatch = useAppDispatch();
  const services = useServices();
  const [setUp, { loading }] = useMutation(SET_UP_MUTATION);
  const [form, setForm] = useState<SetUpForm>(EMPTY_SET_UP_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (auth.status === 'authenticated') return <Navigate to="/" replace />;
  if (!auth.needsSetup) return <Navigate to="/sign-in" replace />;

  const set = <K extends keyof SetUpForm>(name: K, value: SetUpForm[K]) =>
    setForm((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = setUpFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    let payload;
    try {
      payload = (await setUp({ variables: { input: toSetUpInput(parsed.data) } })).data?.setUp;
    } catch (error) {
      const coded = readErrorCode(error);
      // Someone finished the set-up meanwhile: there is nothing left to create, so sign in instead.
      if (coded?.code === 'ALREADY_SET_UP')
        dispatch(sessionMissing({ needsSetup: false, notice: coded.message }));
      else setFailure(describeError(error, PRODUCT_ERRORS.SET_UP_FAILED));
      return;
    }
    if (!payload) return setFailure(PRODUCT_ERRORS.SET_UP_FAILED);
    setSaving(true);
    try {
      await services.signIn(payload.token, payload.viewer);
    } catch (error) {
      setSaving(false);
      setFailure(describeError(error, PRODUCT_ERRORS.SAVE_SESSION_FAILED));
    }
  }

  const field = (name: TextField, label: string, type: string, autoComplete: string) => (
    <FormGroup
      key={name}
      label={label}
      labelFor={`setup-${name}`}
      helperText={errors[name]}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      className={`ld-setup-${name}`}
    >
      <InputGroup
        id={`setup-${name}`}
        type={type}
        autoComplete={autoComplete}
        value={form[name]}
        intent={errors[name] ? Intent.DANGER : Intent.NONE}
        onValueChange={(value) => set(name, value)}
      />
    </FormGroup>
  );

  return (
    <AuthLayout
      wide
      title="Set up LexDesk"
      subtitle="Create your company and its first administrator. You can invite colleagues afterwards."
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 className="ld-form-section">Company</h2>
        {field('company_name', 'Company name', 'text', 'organization')}
        <Checkbox
          checked={form.is_legal}
          onChange={(event) => set('is_legal', event.currentTarget.checked)}
          label="This is a law firm (legal company)"
        />
        <p className="ld-hint ld-hint-indented">
          Legal companies get the document, case and CRM features.
        </p>
        <h2 className="ld-form-section">Administrator</h2>
        <div className="ld-form-row">
          {FIELDS.slice(0, 2).map((f) => field(f.name, f.label, f.type, f.autoComplete))}
        </div>
        {FIELDS.slice(2, 3).map((f) => field(f.name, f.label, f.type, f.autoComplete))}
        <div className="ld-form-row">
          {FIELDS.slice(3).map((f) => field(f.name, f.label, f.type, f.autoComplete))}
        </div>
        {failure ? (
          <Callout className="ld-callout" intent={Intent.DANGER} icon="error" role="alert">
            {failure}
          </Callout>
        ) : null}
        <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={loading || saving}>
          Create company
        </Button>
      </form>
    </AuthLayout>
  );
}
