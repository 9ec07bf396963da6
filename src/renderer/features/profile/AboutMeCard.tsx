/** "About me": a short text colleagues see; saving failures say 'Failed to update about me'. */
import { Button, Callout, Card, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { ERRORS } from '../../../shared/errors';
import { ABOUT_ME_MAX_LENGTH, aboutMeSchema } from '../../../shared/schemas';
import { describeError } from '../../app/errors';
import { toastSuccess } from '../../components/toaster';
import { UnsavedChangesGuard } from '../../components/unsaved/UnsavedChangesGuard';
import { UPDATE_ABOUT_ME_MUTATION, type ProfileData } from './operations';

export function AboutMeCard({ profile }: { profile: ProfileData }) {
  const saved = profile.about_me ?? '';
  const [text, setText] = useState(saved);
  const [failure, setFailure] = useState<string | null>(null);
  const [update, { loading }] = useMutation(UPDATE_ABOUT_ME_MUTATION);
  const tooLong = !aboutMeSchema.safeParse(text).success;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = aboutMeSchema.safeParse(text);
    if (!parsed.success) return;
    try {
      await update({ variables: { id: profile.id, about_me: parsed.data } });
      toastSuccess('About me saved.');
    } catch (error) {
      setFailure(describeError(error, ERRORS.UPDATE_ABOUT_ME_FAILED));
    }
  }

  return (
    <Card className="ld-card">
      <UnsavedChangesGuard dirty={text !== saved} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 className="ld-card-title">
          <label htmlFor="about-me">About me</label>
        </h2>
        <FormGroup
          helperText={`${text.length} / ${ABOUT_ME_MAX_LENGTH}`}
          intent={tooLong ? Intent.DANGER : Intent.NONE}
        >
          <TextArea
            id="about-me"
            fill
            rows={5}
            value={text}
            intent={tooLong ? Intent.DANGER : Intent.NONE}
            placeholder="Your practice areas, languages, how colleagues can best reach you…"
            onChange={(event) => setText(event.currentTarget.value)}
          />
        </FormGroup>
        {failure ? (
          <Callout className="ld-callout" intent={Intent.DANGER} icon="error" role="alert">
            {failure}
          </Callout>
        ) : null}
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          loading={loading}
          disabled={tooLong || text === saved}
        >
          Save about me
        </Button>
      </form>
    </Card>
  );
}
