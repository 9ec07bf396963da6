/**
 * A chat room's composer (issue 21): the message, an attach button (or files dropped on the
 * composer) whose files upload at once and wait as chips until sent, and Send. A message may carry
 * files and no text, as the server allows. Typing is announced at most every two seconds. A failed
 * upload or send keeps what was typed and the files already uploaded.
 */
import { Button, Callout, InputGroup, Intent, Tooltip } from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { PendingFileChips } from './ChatFiles';
import { SEND_CHAT_MESSAGE, SEND_CHAT_TYPING } from './operations';
import { canSend, isUploading, readyKeys } from './pendingFiles';
import { useChatUploads, type ChatUploadTarget } from './useChatUploads';

const TYPING_SENT_EVERY_MS = 2_000;

export function ChatComposer(props: { roomId: string; upload: ChatUploadTarget }) {
  const { roomId } = props;
  const [draft, setDraft] = useState('');
  const lastTyping = useRef(0);
  const picker = useRef<HTMLInputElement>(null);
  const uploads = useChatUploads(props.upload);
  const [send, sending] = useMutation(SEND_CHAT_MESSAGE);
  const [sendTyping] = useMutation(SEND_CHAT_TYPING);
  const canAttach = props.upload.url !== null && props.upload.token !== null;

  async function onSend(event: FormEvent) {
    event.preventDefault();
    if (!canSend(draft, uploads.files) || sending.loading) return;
    const files = uploads.files;
    const sent = await send({
      variables: {
        room_id: roomId,
        message: draft.trim(),
        attachment_keys: readyKeys(files),
        client_id: crypto.randomUUID(),
      },
    }).catch(() => undefined);
    if (!sent?.data) return;
    setDraft('');
    uploads.sent(files.map((f) => f.id));
    uploads.dismiss();
  }

  function onDraft(value: string) {
    setDraft(value);
    const now = Date.now();
    if (now - lastTyping.current < TYPING_SENT_EVERY_MS) return;
    lastTyping.current = now;
    void sendTyping({ variables: { room_id: roomId } }).catch(() => undefined);
  }

  function onDrop(event: DragEvent) {
    if (!canAttach || event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    uploads.pick(Array.from(event.dataTransfer.files));
  }

  const uploading = isUploading(uploads.files);
  return (
    <div className="ld-chat-compose">
      {uploads.problems.length > 0 ? (
        <Callout intent={Intent.DANGER} role="alert" aria-label="Upload problem">
          {uploads.problems.map((p, i) => (
            <div key={i}>{p}</div>
          ))}
        </Callout>
      ) : null}
      {sending.error ? (
        <Callout intent={Intent.DANGER} role="alert">
          {describeError(sending.error, ERRORS.CREATE_MESSAGE_FAILED)}
        </Callout>
      ) : null}
      <PendingFileChips files={uploads.files} onRemove={uploads.remove} />
      <form
        className="ld-chat-composer"
        onSubmit={(e) => void onSend(e)}
        onDragOver={(e) => canAttach && e.preventDefault()}
        onDrop={onDrop}
      >
        <Tooltip content="Attach files" placement="top">
          <Button
            icon="paperclip"
            aria-label="Attach files"
            disabled={!canAttach}
            onClick={() => picker.current?.click()}
          />
        </Tooltip>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          onChange={(e) => {
            uploads.pick(Array.from(e.currentTarget.files ?? []));
            e.currentTarget.value = '';
          }}
        />
        <InputGroup
          aria-label="Message"
          placeholder="Write a message"
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
        />
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="send-message"
          loading={sending.loading}
          disabled={!canSend(draft, uploads.files)}
          title={uploading ? 'Waiting for the files to upload' : undefined}
        >
          Send
        </Button>
      </form>
    </div>
  );
}
