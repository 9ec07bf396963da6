/**
 * Adds a talent type or edits one (role and hourly rate): the rate is typed in dollars and sent in
 * integer cents, checked by the same schema as the server's before it is sent.
 */
import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import { talentTypeInputSchema } from '../../../shared/schemas/talentTypes';
import { describeError } from '../../app/errors';
import { FormDialog } from '../../components/FormDialog';
import { parseDollars } from './money';
import {
  CREATE_TALENT_TYPE_MUTATION,
  TALENT_TYPES_QUERY,
  UPDATE_TALENT_TYPE_MUTATION,
  type TalentTypeData,
} from './operations';

export function TalentTypeDialog({
  editing,
  onClose,
}: {
  /** The type to edit; a new one when null. */
  editing: TalentTypeData | null;
  onClose: () => void;
}) {
  const [create, created] = useMutation(CREATE_TALENT_TYPE_MUTATION, {
    refetchQueries: [TALENT_TYPES_QUERY],
  });
  const [update, updated] = useMutation(UPDATE_TALENT_TYPE_MUTATION);
  const [role, setRole] = useState(editing?.role ?? '');
  const [rate, setRate] = useState(editing ? (editing.hourly_rate / 100).toFixed(2) : '');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const cents = parseDollars(rate);
    if (cents === null) {
      setProblem('Enter the hourly rate in dollars, for example 45 or 45.50.');
      return;
    }
    const parsed = talentTypeInputSchema.safeParse({ role, hourly_rate: cents });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ERRORS.INSUFFICIENT_PARAMETERS);
      return;
    }
    try {
      if (editing) await update({ variables: { id: editing.id, input: parsed.data } });
      else await create({ variables: { input: parsed.data } });
      onClose();
    } catch (error) {
      setProblem(
        describeError(
          error,
          editing
            ? PRODUCT_ERRORS.UPDATE_TALENT_TYPE_FAILED
            : PRODUCT_ERRORS.CREATE_TALENT_TYPE_FAILED,
        ),
      );
    }
  }

  const title = editing ? `Edit ${editing.role}` : 'Add talent type';
  return (
    <FormDialog
      title={title}
      icon="tag"
      problem={problem}
      submitText={editing ? 'Save' : 'Add talent type'}
      busy={created.loading || updated.loading}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <FormGroup label="Role" labelFor="talent-type-role">
        <InputGroup
          id="talent-type-role"
          autoFocus
          placeholder="Senior developer"
          value={role}
          onChange={(e) => setRole(e.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup
        label="Hourly rate (dollars)"
        labelFor="talent-type-rate"
        helperText="Task estimates priced from now on use this rate; earlier estimates keep theirs."
      >
        <InputGroup
          id="talent-type-rate"
          leftIcon="dollar"
          placeholder="45.50"
          value={rate}
          onChange={(e) => setRate(e.currentTarget.value)}
        />
      </FormGroup>
    </FormDialog>
  );
}
