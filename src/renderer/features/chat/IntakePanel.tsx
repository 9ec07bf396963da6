/**
 * A room's intake (issue 21): staff choose the intake script the room follows (or none); every
 * member, guests included, sees the script's subject and lines and fills its required data. The
 * answers are kept with the room (saveChatIntakeAnswers), and shown answered or not.
 */
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { INTAKE_PAGE_SIZE_MAX } from '../../../shared/chat';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import {
  INTAKE_SCRIPTS_QUERY,
  SAVE_CHAT_INTAKE_ANSWERS,
  SET_CHAT_ROOM_SCRIPT,
  type ChatRoomDetails,
} from './operations';

export function IntakePanel(props: { room: ChatRoomDetails; onChanged: () => void }) {
  const { room } = props;
  const script = room.intake_script;
  const [setScript, setting] = useMutation(SET_CHAT_ROOM_SCRIPT);
  const [save, saving] = useMutation(SAVE_CHAT_INTAKE_ANSWERS);
  const scripts = useQuery(INTAKE_SCRIPTS_QUERY, {
    variables: { page: 1, page_size: INTAKE_PAGE_SIZE_MAX },
    skip: !room.can_manage,
  });
  const answerOf = (name: string) => room.intake_answers.find((a) => a.name === name)?.value;
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const valueOf = (name: string) => edits[name] ?? answerOf(name) ?? '';

  async function onSave(event: FormEvent) {
    event.preventDefault();
    if (!script) return;
    const answers = script.required_data
      .filter((name) => valueOf(name).trim() !== '')
      .map((name) => ({ name, value: valueOf(name) }));
    const result = await save({ variables: { room_id: room.id, answers } }).catch(() => undefined);
    if (!result?.data) return;
    setEdits({});
    setSaved(true);
    props.onChanged();
  }

  const follow = (id: string) =>
    void setScript({ variables: { room_id: room.id, intake_script_id: id || null } })
      .then(props.onChanged)
      .catch(() => undefined);

  const failure = setting.error ?? saving.error;
  return (
    <section className="ld-chat-side ld-chat-intake" aria-label="Intake">
      {room.can_manage ? (
        <FormGroup label="Intake script" labelFor="chat-intake-script" inline>
          <HTMLSelect
            id="chat-intake-script"
            value={script?.id ?? ''}
            disabled={setting.loading}
            onChange={(e) => follow(e.currentTarget.value)}
          >
            <option value="">No intake script</option>
            {script &&
            !(scripts.data?.intakeScripts.items ?? []).some((s) => s.id === script.id) ? (
              <option value={script.id}>{script.title}</option>
            ) : null}
            {(scripts.data?.intakeScripts.items ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ) : null}
      {script ? (
        <form onSubmit={(e) => void onSave(e)}>
          <strong>Intake: {script.title}</strong> <span>{script.subject}</span>
          {script.dialog.length > 0 ? (
            <ol className="ld-chat-intake-dialog">
              {script.dialog.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ol>
          ) : null}
          <div className="ld-chat-intake-fields">
            {script.required_data.map((name) => (
              <FormGroup
                key={name}
                label={
                  <>
                    {name}{' '}
                    <Tag minimal intent={answerOf(name) ? Intent.SUCCESS : Intent.NONE}>
                      {answerOf(name) ? 'answered' : 'open'}
                    </Tag>
                  </>
                }
              >
                <InputGroup
                  aria-label={name}
                  value={valueOf(name)}
                  onValueChange={(v) => {
                    setSaved(false);
                    setEdits((shown) => ({ ...shown, [name]: v }));
                  }}
                />
              </FormGroup>
            ))}
          </div>
          <Button
            type="submit"
            icon="floppy-disk"
            loading={saving.loading}
            disabled={Object.keys(edits).length === 0}
          >
            Save answers
          </Button>
          {saved ? <span className="ld-chat-intake-saved"> Answers saved.</span> : null}
        </form>
      ) : null}
      {failure ? (
        <Callout intent={Intent.DANGER} role="alert">
          {describeError(failure, ERRORS.UPDATE_ROOM_FAILED)}
        </Callout>
      ) : null}
    </section>
  );
}
