/** Adds a talent record for a person of the company: talent type, pay rate and the rest. */
import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { ERRORS } from '../../../shared/errors';
import { talentInputSchema } from '../../../shared/schemas/delivery';
import { describeError } from '../../app/errors';
import { FormDialog } from '../../components/FormDialog';
import { fullName } from '../../app/format';
import { PICKERS_QUERY } from '../projects/operations';
import { formatCents, parseDollars } from './money';
import { CREATE_TALENT_MUTATION, TALENTS_QUERY } from './operations';

export function CreateTalentDialog({
  companyId,
  onClose,
}: {
  companyId: string;
  onClose: () => void;
}) {
  const pickers = useQuery(PICKERS_QUERY);
  const [create, { loading }] = useMutation(CREATE_TALENT_MUTATION, {
    refetchQueries: [TALENTS_QUERY],
  });
  const [form, setForm] = useState({
    person: '',
    type: '',
    pay: '0',
    lead: '',
    linkedin: '',
    hubstaff: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const people = (pickers.data?.deliveryPeople ?? []).filter((p) => p.company_id === companyId);
  const set = (key: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const pay = parseDollars(form.pay);
    if (pay === null) {
      setProblem('Enter the pay rate in dollars, e.g. 45 or 45.50.');
      return;
    }
    const parsed = talentInputSchema.safeParse({
      user_profile_id: form.person,
      talent_type_id: form.type,
      pay_rate: pay,
      reporting_to: form.lead || null,
      linkedin_url: form.linkedin || null,
      hubstaff_id: form.hubstaff || null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(
        issue ? `${issue.path.join('.')}: ${issue.message}` : ERRORS.INSUFFICIENT_PARAMETERS,
      );
      return;
    }
    try {
      await create({
        variables: {
          input: { ...parsed.data, talent_type_id: String(parsed.data.talent_type_id) },
        },
      });
      onClose();
    } catch (error) {
      setProblem(describeError(error, ERRORS.FETCH_TALENT_PROFILES_FAILED));
    }
  }

  const personOptions = people.map((p) => ({ value: p.id, label: `${fullName(p)} (${p.email})` }));
  return (
    <FormDialog
      title="Add talent"
      icon="person"
      problem={problem}
      submitText="Add talent"
      busy={loading}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <FormGroup label="Person" labelFor="talent-person">
        <HTMLSelect
          id="talent-person"
          fill
          value={form.person}
          onChange={(e) => set('person')(e.currentTarget.value)}
          options={[{ value: '', label: 'Choose a person…' }, ...personOptions]}
        />
      </FormGroup>
      <FormGroup label="Talent type" labelFor="talent-type">
        <HTMLSelect
          id="talent-type"
          fill
          value={form.type}
          onChange={(e) => set('type')(e.currentTarget.value)}
          options={[
            { value: '', label: 'Choose a talent type…' },
            ...(pickers.data?.talentTypes ?? []).map((t) => ({
              value: t.id,
              label: `${t.role} (${formatCents(t.hourly_rate)}/h)`,
            })),
          ]}
        />
      </FormGroup>
      <FormGroup label="Pay rate (dollars per hour)" labelFor="talent-pay">
        <InputGroup
          id="talent-pay"
          value={form.pay}
          onChange={(e) => set('pay')(e.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup label="Reports to" labelFor="talent-lead">
        <HTMLSelect
          id="talent-lead"
          fill
          value={form.lead}
          onChange={(e) => set('lead')(e.currentTarget.value)}
          options={[{ value: '', label: 'Nobody' }, ...personOptions]}
        />
      </FormGroup>
      <FormGroup label="LinkedIn profile" labelFor="talent-linkedin">
        <InputGroup
          id="talent-linkedin"
          placeholder="https://www.linkedin.com/in/…"
          value={form.linkedin}
          onChange={(e) => set('linkedin')(e.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup label="Hubstaff id" labelFor="talent-hubstaff">
        <InputGroup
          id="talent-hubstaff"
          value={form.hubstaff}
          onChange={(e) => set('hubstaff')(e.currentTarget.value)}
        />
      </FormGroup>
    </FormDialog>
  );
}
