/**
 * Files in chat: the composer's pending files (chips with name and size, a spinner while one
 * uploads, a button to remove each) and a received message's files (name, size, and a link that
 * opens the file through its signed link, which works for staff and guests alike and expires as
 * the server's file links do).
 */
import { Button, Icon, Spinner } from '@blueprintjs/core';
import { formatSize } from '../../app/format';
import type { PendingFile } from './pendingFiles';

export function PendingFileChips(props: {
  files: readonly PendingFile[];
  onRemove: (id: string) => void;
}) {
  if (props.files.length === 0) return null;
  return (
    <ul className="ld-chat-pending" aria-label="Files to send">
      {props.files.map((f) => (
        <li key={f.id} className="ld-chat-file" aria-busy={f.key === null}>
          {f.key === null ? (
            <Spinner size={14} aria-label={`Uploading ${f.name}`} />
          ) : (
            <Icon icon="paperclip" size={14} />
          )}
          <span className="ld-chat-file-name">{f.name}</span>
          <span className="ld-chat-file-size">{formatSize(f.size)}</span>
          <Button
            variant="minimal"
            size="small"
            icon="cross"
            aria-label={`Remove ${f.name}`}
            onClick={() => props.onRemove(f.id)}
          />
        </li>
      ))}
    </ul>
  );
}

export interface ReceivedFile {
  id: string;
  name: string;
  size: number;
  type: string;
  file_url: string;
}

export function MessageFiles(props: { files: readonly ReceivedFile[] }) {
  if (props.files.length === 0) return null;
  return (
    <ul className="ld-chat-files" aria-label="Attached files">
      {props.files.map((f) => (
        <li key={f.id} className="ld-chat-file">
          <Icon icon={f.type.startsWith('image/') ? 'media' : 'document'} size={14} />
          <a
            className="ld-chat-file-name"
            href={f.file_url}
            target="_blank"
            rel="noreferrer"
            title={`Open ${f.name}`}
          >
            {f.name}
          </a>
          <span className="ld-chat-file-size">{formatSize(f.size)}</span>
        </li>
      ))}
    </ul>
  );
}
