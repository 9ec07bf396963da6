/**
 * A task request's comments: add one with files (each sent first through POST /files/upload, which
 * checks its type, then attached by key), and edit or delete your own. Deleted comments leave the
 * list and take their files out of the attachments list.
 */
import { Button, Callout, Card, FileInput, H4, Intent, Tag, TextArea } from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { formatSize } from '../../app/format';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { uploadFile } from '../../app/upload';
import { fieldIssues } from '../legal-people/issues';
import { ADD_COMMENT, DELETE_COMMENT, EDIT_COMMENT, type TaskRequestDetails } from './operations';

export function CommentsCard(props: { request: TaskRequestDetails; onChanged: () => void }) {
  const { info } = useServices();
  const token = useAppSelector((state) => state.auth.token);
  const [add, adding] = useMutation(ADD_COMMENT);
  const [edit] = useMutation(EDIT_COMMENT);
  const [remove] = useMutation(DELETE_COMMENT);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);

  async function submit() {
    setProblem(null);
    try {
      setUploading(true);
      const keys: string[] = [];
      for (const file of files) {
        if (!token) throw new Error(ERRORS.UPLOAD_FILE_FAILED);
        const accepted = await uploadFile({
          url: `${info.serverUrl.replace(/\/+$/, '')}/files/upload?company_id=${encodeURIComponent(props.request.company_id)}`,
          token,
          file,
          fallback: ERRORS.UPLOAD_FILE_FAILED,
          onProgress: () => undefined,
        });
        if (accepted.key) keys.push(accepted.key);
      }
      setUploading(false);
      await add({
        variables: {
          request_id: props.request.id,
          comment: text.trim() === '' ? null : text,
          attachment_keys: keys,
        },
      });
      setText('');
      setFiles([]);
      props.onChanged();
    } catch (error) {
      setUploading(false);
      const issues = fieldIssues(error);
      setProblem(
        issues.comment ??
          (error instanceof Error && error.name === 'UploadError'
            ? error.message
            : describeError(error, PRODUCT_ERRORS.CREATE_COMMENT_FAILED)),
      );
    }
  }

  async function saveEdit() {
    if (!editing) return;
    setProblem(null);
    try {
      await edit({ variables: { id: editing.id, comment: editing.text } });
      setEditing(null);
      props.onChanged();
    } catch (error) {
      setProblem(
        fieldIssues(error).comment ?? describeError(error, PRODUCT_ERRORS.UPDATE_COMMENT_FAILED),
      );
    }
  }

  async function del(id: string) {
    setProblem(null);
    try {
      await remove({ variables: { id } });
      props.onChanged();
    } catch (error) {
      setProblem(describeError(error, PRODUCT_ERRORS.DELETE_COMMENT_FAILED));
    }
  }

  return (
    <Card className="ld-card" aria-label="Comments">
      <H4>Comments</H4>
      {problem ? (
        <Callout intent={Intent.DANGER} role="alert" className="ld-form-problem">
          {problem}
        </Callout>
      ) : null}
      {props.request.comments.map((c) => (
        <div key={c.id} className="ld-task-request-comment" data-testid="task-request-comment">
          <div className="ld-task-request-comment-meta">
            <strong>{c.created_by_name ?? 'Someone'}</strong>
            <span>{new Date(c.created_at).toLocaleString()}</span>
            {c.updated_at !== c.created_at ? <Tag minimal>edited</Tag> : null}
            {c.can_edit && editing?.id !== c.id ? (
              <>
                <Button
                  small
                  minimal
                  icon="edit"
                  onClick={() => setEditing({ id: c.id, text: c.comment })}
                >
                  Edit
                </Button>
                <Button
                  small
                  minimal
                  icon="trash"
                  intent={Intent.DANGER}
                  onClick={() => void del(c.id)}
                >
                  Delete
                </Button>
              </>
            ) : null}
          </div>
          {editing?.id === c.id ? (
            <div>
              <TextArea
                fill
                aria-label="Edit comment"
                value={editing.text}
                onChange={(e) => setEditing({ id: c.id, text: e.currentTarget.value })}
              />
              <Button small intent={Intent.PRIMARY} onClick={() => void saveEdit()}>
                Save
              </Button>{' '}
              <Button small onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </div>
          ) : (
            <p className="ld-task-request-details">{c.comment}</p>
          )}
          {c.attachments.map((a) => (
            <Tag key={a.id} minimal icon="paperclip" className="ld-task-request-file">
              <a href={a.file_url} target="_blank" rel="noreferrer">
                {a.name}
              </a>{' '}
              · {formatSize(a.size)}
            </Tag>
          ))}
        </div>
      ))}
      <TextArea
        fill
        rows={3}
        aria-label="New comment"
        placeholder="Write a comment"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <div className="ld-task-request-actions">
        <FileInput
          text={files.length > 0 ? files.map((f) => f.name).join(', ') : 'Attach files…'}
          inputProps={{ multiple: true, 'aria-label': 'Attach files' }}
          onInputChange={(e) => setFiles(Array.from((e.target as HTMLInputElement).files ?? []))}
        />
        <Button
          intent={Intent.PRIMARY}
          loading={uploading || adding.loading}
          onClick={() => void submit()}
        >
          Comment
        </Button>
      </div>
    </Card>
  );
}
