/** The inbox's dialogs: connect a mailbox (IMAP + SMTP), and compose (send or save as draft) or forward. */
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import type { ComposeInput, ConnectInput } from './api';

const addressList = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);

export function ConnectDialog(props: {
  onSubmit: (input: ConnectInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form, setForm] = useState({
    email: '',
    imap_host: '',
    imap_port: '993',
    imap_tls: true,
    password: '',
    smtp_host: '',
    smtp_port: '587',
    smtp_secure: false,
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const text = (key: keyof typeof form, label: string, type = 'text') => (
    <FormGroup label={label} labelFor={`mail-${key}`}>
      <InputGroup
        id={`mail-${key}`}
        type={type}
        value={String(form[key])}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
    </FormGroup>
  );
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await props.onSubmit({
        ...form,
        imap_port: Number(form.imap_port),
        smtp_port: Number(form.smtp_port),
      });
      props.onClose();
    } catch (error) {
      setFailure(describeError(error, ERRORS.SAVE_MAILBOX_FAILED));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog isOpen title="Connect a mailbox" onClose={props.onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <DialogBody>
          {failure ? <Callout intent={Intent.DANGER}>{failure}</Callout> : null}
          {text('email', 'Email address')}
          {text('password', 'Password', 'password')}
          {text('imap_host', 'IMAP server')}
          {text('imap_port', 'IMAP port')}
          <Checkbox
            label="IMAP over TLS"
            checked={form.imap_tls}
            onChange={(e) => setForm({ ...form, imap_tls: e.currentTarget.checked })}
          />
          {text('smtp_host', 'SMTP server')}
          {text('smtp_port', 'SMTP port')}
          <Checkbox
            label="SMTP over TLS"
            checked={form.smtp_secure}
            onChange={(e) => setForm({ ...form, smtp_secure: e.currentTarget.checked })}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={props.onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text="Connect" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

export type ComposeFields = Pick<ComposeInput, 'to' | 'cc' | 'bcc' | 'subject' | 'htmlBody'>;

export function ComposeDialog(props: {
  /** Forwarding: only recipients are asked. */
  forwardOf?: string;
  onSend: (fields: ComposeFields, files: File[], draft: boolean) => Promise<unknown>;
  onClose: () => void;
}) {
  const [to, setTo] = useState('');
  const [cc, setCc] = useState('');
  const [bcc, setBcc] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function go(draft: boolean) {
    setBusy(true);
    try {
      const html = body
        .split('\n')
        .map((line) =>
          line.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!),
        )
        .join('<br>');
      await props.onSend(
        {
          to: addressList(to),
          cc: addressList(cc),
          bcc: addressList(bcc),
          subject,
          htmlBody: `<p>${html}</p>`,
        },
        files,
        draft,
      );
      props.onClose();
    } catch (error) {
      setFailure(
        describeError(
          error,
          props.forwardOf ? ERRORS.FORWARD_EMAIL_FAILED : ERRORS.SEND_EMAIL_FAILED,
        ),
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      isOpen
      title={props.forwardOf ? `Forward: ${props.forwardOf}` : 'New message'}
      onClose={props.onClose}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void go(false);
        }}
      >
        <DialogBody>
          {failure ? <Callout intent={Intent.DANGER}>{failure}</Callout> : null}
          <FormGroup label="To" labelFor="compose-to">
            <InputGroup id="compose-to" value={to} onChange={(e) => setTo(e.target.value)} />
          </FormGroup>
          <FormGroup label="Cc" labelFor="compose-cc">
            <InputGroup id="compose-cc" value={cc} onChange={(e) => setCc(e.target.value)} />
          </FormGroup>
          <FormGroup label="Bcc" labelFor="compose-bcc">
            <InputGroup id="compose-bcc" value={bcc} onChange={(e) => setBcc(e.target.value)} />
          </FormGroup>
          {props.forwardOf ? null : (
            <>
              <FormGroup label="Subject" labelFor="compose-subject">
                <InputGroup
                  id="compose-subject"
                  value={subject}
                  onChange={(e) => setSubject(e.target.value)}
                />
              </FormGroup>
              <FormGroup label="Message" labelFor="compose-body">
                <TextArea
                  id="compose-body"
                  fill
                  rows={8}
                  value={body}
                  onChange={(e) => setBody(e.target.value)}
                />
              </FormGroup>
              <FormGroup label="Attachments" labelFor="compose-files">
                <FileInput
                  text={files.length ? files.map((f) => f.name).join(', ') : 'Choose files…'}
                  inputProps={{
                    id: 'compose-files',
                    multiple: true,
                    onChange: (e) => setFiles(Array.from(e.currentTarget.files ?? [])),
                  }}
                />
              </FormGroup>
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={props.onClose} />
              {props.forwardOf ? null : (
                <Button text="Save draft" disabled={busy} onClick={() => void go(true)} />
              )}
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon="send-message"
                text="Send"
                loading={busy}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
