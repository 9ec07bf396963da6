/** Creates a project of the company in view: a name and, optionally, its tech lead. */
import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import { projectInputSchema } from '../../../shared/schemas/delivery';
import { describeError } from '../../app/errors';
import { FormDialog } from '../../components/FormDialog';
import { fullName } from '../../app/format';
import { CREATE_PROJECT_MUTATION, PICKERS_QUERY, PROJECTS_QUERY } from './operations';

export function CreateProjectDialog({
  companyId,
  onClose,
}: {
  companyId: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const pickers = useQuery(PICKERS_QUERY);
  const [create, { loading }] = useMutation(CREATE_PROJECT_MUTATION, {
    refetchQueries: [PROJECTS_QUERY],
  });
  const [name, setName] = useState('');
  const [techLead, setTechLead] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const leads = (pickers.data?.deliveryPeople ?? []).filter((p) => p.user_type === 'tech_lead');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = projectInputSchema.safeParse({
      name,
      company_id: companyId,
      tech_lead_id: techLead || null,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ERRORS.NO_DATA);
      return;
    }
    try {
      const result = await create({ variables: { input: parsed.data } });
      const id = result.data?.createProject.id;
      onClose();
      if (id) void navigate(`/projects/${id}`);
    } catch (error) {
      setProblem(describeError(error, ERRORS.FETCH_PROJECTS_FAILED));
    }
  }

  return (
    <FormDialog
      title="New project"
      icon="projects"
      problem={problem}
      submitText="Create project"
      busy={loading}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <FormGroup label="Name" labelFor="project-name">
        <InputGroup
          id="project-name"
          value={name}
          autoFocus
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup label="Tech lead" labelFor="project-tech-lead">
        <HTMLSelect
          id="project-tech-lead"
          fill
          value={techLead}
          onChange={(event) => setTechLead(event.currentTarget.value)}
          options={[
            { value: '', label: 'No tech lead yet' },
            ...leads.map((p) => ({ value: p.id, label: `${fullName(p)} (${p.email})` })),
          ]}
        />
      </FormGroup>
    </FormDialog>
  );
}
