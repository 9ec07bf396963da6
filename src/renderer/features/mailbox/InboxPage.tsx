/**
 * The smart inbox: the user's own mailbox (IMAP/SMTP, connected here), its folders as filters
 * (inbox, starred, important, sent, drafts, spam, trash) with an unread-only switch and a search,
 * ten messages a page with their flags, selection and "Mark as read", a thread view, compose
 * (with attachments, or saved as a draft) and forward; its settings (MailboxSettings.tsx): the
 * provider toggle and the filtering rules.
 */
import {
  Button,
  ButtonGroup,
  Callout,
  Checkbox,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  NonIdealState,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { useViewer } from '../auth/useViewer';
import { useConnection } from '../workflows/useConnection';
import * as api from './api';
import { FOLDERS, inboxReducer, initialInbox, listFilters } from './inboxState';
import { ComposeDialog, ConnectDialog } from './MailDialogs';
import { MailboxSettingsDialog } from './MailboxSettings';
import './mailbox.css';

export function InboxPage() {
  const viewer = useViewer();
  const connection = useConnection();
  const [state, dispatch] = useReducer(inboxReducer, initialInbox);
  const [mailbox, setMailbox] = useState<api.MailIntegration | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [thread, setThread] = useState<api.ThreadMessage[] | null>(null);
  const [dialog, setDialog] = useState<
    'connect' | 'compose' | 'settings' | { forward: api.ThreadMessage } | null
  >(null);
  const [syncing, setSyncing] = useState(false);

  const load = useCallback(async () => {
    if (!connection) return;
    try {
      const own = await api.myIntegration(connection);
      setMailbox(own);
      if (!own) return;
      const [page, unread] = await Promise.all([
        api.listMessages(connection, {
          page: state.page,
          filters: listFilters(state),
        }),
        api.unreadCount(connection),
      ]);
      dispatch({ type: 'loaded', page });
      dispatch({ type: 'unread', count: unread });
      setFailure(null);
    } catch (error) {
      setFailure(describeError(error, ERRORS.FETCH_MESSAGES_FAILED));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection, state.page, state.folder, state.unreadOnly, state.search]);
  useEffect(() => void load(), [load]);

  const act = async (work: () => Promise<unknown>, fallback: string) => {
    try {
      await work();
      await load();
    } catch (error) {
      setFailure(describeError(error, fallback));
    }
  };
  const sync = async () => {
    if (!connection) return;
    setSyncing(true);
    await act(() => api.syncMailbox(connection), ERRORS.SYNC_MAILBOX_FAILED);
    setSyncing(false);
  };
  const markRead = async () => {
    if (!connection) return;
    const ids = state.selected;
    try {
      await api.bulkRead(connection, ids);
      dispatch({ type: 'markedRead', ids });
      dispatch({ type: 'unread', count: await api.unreadCount(connection) });
    } catch (error) {
      setFailure(describeError(error, ERRORS.MARK_MESSAGES_READ_FAILED));
    }
  };
  const open = async (message: api.MailMessage) => {
    if (!connection) return;
    try {
      setThread(await api.threadOf(connection, message.thread_id));
      if (!message.is_read)
        await act(() => api.bulkRead(connection, [message.id]), ERRORS.MARK_MESSAGES_READ_FAILED);
    } catch (error) {
      setFailure(describeError(error, ERRORS.FETCH_MESSAGES_FAILED));
    }
  };

  if (mailbox === null)
    return (
      <Page title="Inbox">
        <NonIdealState
          icon="envelope"
          title="No mailbox connected."
          description="Connect your mailbox over IMAP and SMTP to read and send mail here."
          action={
            <Button
              intent={Intent.PRIMARY}
              text="Connect a mailbox"
              onClick={() => setDialog('connect')}
            />
          }
        />
        {dialog === 'connect' && connection ? (
          <ConnectDialog
            onSubmit={(input) => api.connectMailbox(connection, input).then(load)}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </Page>
    );

  return (
    <Page
      title="Inbox"
      subtitle={
        mailbox
          ? `${mailbox.email} · ${state.unread} unread${mailbox.is_active ? '' : ' · automatic sync off'}`
          : undefined
      }
      actions={
        <>
          <Button
            icon="cog"
            text="Mailbox settings"
            disabled={!mailbox}
            onClick={() => setDialog('settings')}
          />
          <Button icon="refresh" text="Sync" loading={syncing} onClick={() => void sync()} />
          <Button
            icon="edit"
            intent={Intent.PRIMARY}
            text="Compose"
            onClick={() => setDialog('compose')}
          />
        </>
      }
    >
      {failure ? <Callout intent={Intent.DANGER}>{failure}</Callout> : null}
      <div className="ld-inbox-toolbar">
        <ButtonGroup>
          {FOLDERS.map((folder) => (
            <Button
              key={folder.key}
              text={folder.label}
              active={state.folder === folder.key}
              onClick={() => dispatch({ type: 'folder', folder: folder.key })}
            />
          ))}
        </ButtonGroup>
        <Switch
          label="Unread only"
          checked={state.unreadOnly}
          onChange={(e) => dispatch({ type: 'unreadOnly', value: e.currentTarget.checked })}
        />
        <InputGroup
          leftIcon="search"
          placeholder="Search mail"
          aria-label="Search mail"
          value={state.search}
          onChange={(e) => dispatch({ type: 'search', text: e.target.value })}
        />
        <Button
          text="Mark as read"
          disabled={state.selected.length === 0}
          onClick={() => void markRead()}
        />
      </div>
      <div className="ld-inbox">
        <div className="ld-inbox-list">
          {state.messages.length === 0 ? (
            <NonIdealState icon="inbox" title="No messages." />
          ) : (
            <HTMLTable interactive style={{ width: '100%' }} aria-label="Messages">
              <tbody>
                {state.messages.map((m) => (
                  <tr
                    key={m.id}
                    className={m.is_read ? '' : 'ld-inbox-unread'}
                    onClick={() => void open(m)}
                  >
                    <td onClick={(e) => e.stopPropagation()}>
                      <Checkbox
                        aria-label={`Select ${m.subject}`}
                        checked={state.selected.includes(m.id)}
                        onChange={() => dispatch({ type: 'toggle', id: m.id })}
                      />
                    </td>
                    <td onClick={(e) => e.stopPropagation()}>
                      <Button
                        minimal
                        aria-label={m.is_starred ? 'Unstar' : 'Star'}
                        icon={
                          <Icon
                            icon={m.is_starred ? 'star' : 'star-empty'}
                            intent={m.is_starred ? Intent.WARNING : Intent.NONE}
                          />
                        }
                        onClick={() =>
                          connection &&
                          void act(
                            () => api.flagOne(connection, m.id, m.is_starred ? 'unstar' : 'star'),
                            ERRORS.UPDATE_MESSAGES_FAILED,
                          )
                        }
                      />
                    </td>
                    <td className="ld-inbox-from">{m.from_name || m.from_address}</td>
                    <td>
                      <strong>{m.subject || '(no subject)'}</strong>{' '}
                      <span className="ld-inbox-snippet">{m.snippet}</span>
                      {m.is_draft ? <Tag minimal>Draft</Tag> : null}
                      {m.is_important ? (
                        <Tag minimal intent={Intent.WARNING}>
                          Important
                        </Tag>
                      ) : null}
                      {m.attachments.length > 0 ? <Icon icon="paperclip" /> : null}
                      {m.raw_file_ids.length > 0 ? (
                        <Tag minimal intent={Intent.SUCCESS}>
                          In raw files
                        </Tag>
                      ) : null}
                    </td>
                    <td className="ld-inbox-date">{new Date(m.sent_at).toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          <div className="ld-inbox-pager">
            <Button
              icon="chevron-left"
              disabled={state.page <= 1}
              onClick={() => dispatch({ type: 'page', page: state.page - 1 })}
            />
            <span>
              Page {state.page} of {state.totalPages} · {state.total} messages
            </span>
            <Button
              icon="chevron-right"
              disabled={!state.hasMore}
              onClick={() => dispatch({ type: 'page', page: state.page + 1 })}
            />
          </div>
        </div>
        {thread ? (
          <div className="ld-inbox-thread" aria-label="Thread">
            <h3>{thread[0]?.subject}</h3>
            {thread.map((m) => (
              <div key={m.id} className="ld-inbox-thread-message">
                <div className="ld-inbox-thread-head">
                  <strong>{m.from_name || m.from_address}</strong> ·{' '}
                  {new Date(m.sent_at).toLocaleString()}
                  <Button
                    minimal
                    small
                    icon="share"
                    text="Forward"
                    onClick={() => setDialog({ forward: m })}
                  />
                  <Button
                    minimal
                    small
                    icon="trash"
                    text="Delete"
                    onClick={() =>
                      connection &&
                      void act(async () => {
                        await api.deleteMessage(connection, m.id);
                        setThread(null);
                      }, ERRORS.DELETE_MESSAGE_FAILED)
                    }
                  />
                </div>
                <pre className="ld-inbox-body">{m.text_body}</pre>
                {m.attachments.map((a) => (
                  <Tag key={a.filename} minimal icon="paperclip">
                    {a.filename}
                  </Tag>
                ))}
              </div>
            ))}
          </div>
        ) : null}
      </div>
      {dialog === 'settings' && connection && mailbox ? (
        <MailboxSettingsDialog
          connection={connection}
          mailbox={mailbox}
          onChanged={setMailbox}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'compose' && connection && viewer ? (
        <ComposeDialog
          onSend={(fields, files, draft) =>
            api
              .sendEmail(
                connection,
                {
                  ...fields,
                  companyId: viewer.company.id,
                  userId: viewer.user.id,
                  sending_status: draft ? 'draft' : 'send',
                },
                files,
              )
              .then(load)
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog && typeof dialog === 'object' && connection ? (
        <ComposeDialog
          forwardOf={dialog.forward.subject}
          onSend={(fields) =>
            api
              .forwardEmail(connection, dialog.forward.id, fields.to, fields.cc, fields.bcc)
              .then(load)
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Page>
  );
}
