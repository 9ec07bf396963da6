/** Referrals made for a project: anyone who sees the project may refer someone. */
import { Button, Callout, Card, H3, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { referralSchema } from '../../../shared/schemas/delivery';
import { describeError } from '../../app/errors';
import { ADD_REFERRAL_MUTATION, type ProjectData } from './operations';

export function ReferralsCard({ project }: { project: ProjectData }) {
  const [addReferral, { loading }] = useMutation(ADD_REFERRAL_MUTATION);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    setProblem(null);
    const parsed = referralSchema.safeParse({ project_id: project.id, name, email: email || null });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ERRORS.NO_DATA);
      return;
    }
    try {
      await addReferral({ variables: { ...parsed.data, profile_link: null } });
      setName('');
      setEmail('');
    } catch (error) {
      setProblem(describeError(error, ERRORS.NO_DATA));
    }
  }

  return (
    <Card className="ld-card" aria-label="Referrals">
      <H3>Referrals</H3>
      {problem ? (
        <Callout intent={Intent.DANGER} role="alert">
          {problem}
        </Callout>
      ) : null}
      {project.referrals.length === 0 ? (
        <p className="ld-muted">No referrals yet.</p>
      ) : (
        <ul className="ld-plain-list">
          {project.referrals.map((r) => (
            <li key={r.id}>
              <strong>{r.name}</strong>
              {r.email ? ` · ${r.email}` : ''}
              <span className="ld-muted"> — referred by {r.refered_by_name}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="ld-inline-form">
        <InputGroup
          aria-label="Referral name"
          placeholder="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <InputGroup
          aria-label="Referral email"
          placeholder="Email (optional)"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Button icon="add" loading={loading} disabled={!name.trim()} onClick={() => void submit()}>
          Refer
        </Button>
      </div>
    </Card>
  );
}
