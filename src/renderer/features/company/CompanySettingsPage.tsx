/**
 * Company settings: name, date format and icon. Editable only when the viewer may manage the
 * company; everyone else sees the same settings read-only.
 */
import {
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import { companyNameSchema, DATE_FORMATS } from '../../../shared/schemas';
import { describeError } from '../../app/errors';
import { formatDate } from '../../app/format';
import { UnsavedChangesGuard } from '../../components/unsaved/UnsavedChangesGuard';
import { Page } from '../../components/Page';
import { toastSuccess } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import { CompanyIconCard } from './CompanyIconCard';
import { COMPANY_QUERY, UPDATE_COMPANY_MUTATION, type CompanyData } from './operations';

export function CompanySettingsPage() {
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const { data, error, loading } = useQuery(COMPANY_QUERY, {
    variables: { id: companyId },
    skip: !companyId,
  });
  const canManage = viewer?.can_manage_company ?? false;

  let body;
  if (error && !data) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(error, ERRORS.FETCH_COMPANY_FAILED)}
      </Callout>
    );
  } else if (loading && !data) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading company" />;
  } else if (!data?.company) {
    body = <NonIdealState icon="office" title={ERRORS.NO_COMPANY} className="ld-empty" />;
  } else {
    body = (
      <div className="ld-stack">
        {canManage ? null : (
          <Callout intent={Intent.PRIMARY} icon="lock">
            Only company administrators can change these settings.
          </Callout>
        )}
        <CompanyDetailsForm
          key={`${data.company.id}:${data.company.name}:${data.company.date_format}`}
          company={data.company}
          canManage={canManage}
        />
        <CompanyIconCard company={data.company} canManage={canManage} />
      </div>
    );
  }

  return (
    <Page title="Company settings" subtitle={data?.company?.name ?? viewer?.company.name}>
      {body}
    </Page>
  );
}

function CompanyDetailsForm({ company, canManage }: { company: CompanyData; canManage: boolean }) {
  const [name, setName] = useState(company.name);
  const [dateFormat, setDateFormat] = useState(company.date_format);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [update, { loading }] = useMutation(UPDATE_COMPANY_MUTATION);
  const formats: string[] = DATE_FORMATS.includes(
    company.date_format as (typeof DATE_FORMATS)[number],
  )
    ? [...DATE_FORMATS]
    : [company.date_format, ...DATE_FORMATS];
  const changed = name.trim() !== company.name || dateFormat !== company.date_format;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = companyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? ERRORS.INVALID_TYPE);
      return;
    }
    setNameError(null);
    try {
      await update({
        variables: { id: company.id, input: { name: parsed.data, date_format: dateFormat } },
      });
      toastSuccess('Company settings saved.');
    } catch (error) {
      setFailure(describeError(error, PRODUCT_ERRORS.UPDATE_COMPANY_FAILED));
    }
  }

  return (
    <Card className="ld-card">
      <UnsavedChangesGuard dirty={changed} />
      <h2 className="ld-card-title">Details</h2>
      <form onSubmit={(event) => void submit(event)} noValidate className="ld-narrow-form">
        <FormGroup
          label="Company name"
          labelFor="company-name"
          helperText={nameError}
          intent={nameError ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="company-name"
            value={name}
            disabled={!canManage}
            intent={nameError ? Intent.DANGER : Intent.NONE}
            onValueChange={setName}
          />
        </FormGroup>
        <FormGroup
          label="Date format"
          labelFor="company-date-format"
          helperText={`Dates read like ${formatDate(new Date(), dateFormat)}`}
        >
          <HTMLSelect
            id="company-date-format"
            value={dateFormat}
            disabled={!canManage}
            options={formats}
            onChange={(event) => setDateFormat(event.currentTarget.value)}
          />
        </FormGroup>
        {failure ? (
          <Callout className="ld-callout" intent={Intent.DANGER} icon="error" role="alert">
            {failure}
          </Callout>
        ) : null}
        {canManage ? (
          <Button type="submit" intent={Intent.PRIMARY} loading={loading} disabled={!changed}>
            Save
          </Button>
        ) : null}
      </form>
    </Card>
  );
}
