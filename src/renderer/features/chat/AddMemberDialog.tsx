/**
 * Adding a member to a chat room (staff only): a colleague (a user of the room's company) joins at
 * once; a legal staff member, a legal contact or a named guest gets an invitation link, shown once
 * here to copy (it expires in GUEST_INVITATION_DAYS days and works once). People already in the
 * room are left out of the lists.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  SegmentedControl,
} from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { GUEST_INVITATION_DAYS, type ChatMemberKind } from '../../../shared/chat';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { ADD_CHAT_MEMBER, CHAT_PEOPLE_QUERY } from './operations';

const KINDS: Array<{ value: ChatMemberKind; label: string }> = [
  { value: 'user', label: 'Colleague' },
  { value: 'staff', label: 'Legal staff' },
  { value: 'contact', label: 'Legal contact' },
  { value: 'guest', label: 'Guest' },
];

type Member = { user_id?: string | null; staff_id?: string | null; contact_id?: string | null };

/** The invitation link of a token: the app's chat-invitation screen. */
export function invitationLink(token: string): string {
  return `${window.location.origin}${window.location.pathname}#/chat-invitation/${token}`;
}

export function AddMemberDialog(props: {
  roomId: string;
  companyId: string;
  members: readonly Member[];
  onAdded: () => void;
  onClose: () => void;
}) {
  const people = useQuery(CHAT_PEOPLE_QUERY, { variables: { company_id: props.companyId } });
  const [add, adding] = useMutation(ADD_CHAT_MEMBER);
  const [kind, setKind] = useState<ChatMemberKind>('user');
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const has = (field: keyof Member, id: string) => props.members.some((m) => m[field] === id);
  const options =
    kind === 'user'
      ? (people.data?.usersByCompany ?? [])
          .filter((u) => !u.is_deactivated && !has('user_id', u.id))
          .map((u) => ({
            value: u.id,
            label: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email,
          }))
      : kind === 'staff'
        ? (people.data?.legalStaff ?? [])
            .filter((s) => !has('staff_id', s.id))
            .map((s) => ({
              value: s.id,
              label: s.email ? `${s.display_name} (${s.email})` : s.display_name,
            }))
        : (people.data?.legalContacts ?? [])
            .filter((c) => !has('contact_id', c.id))
            .map((c) => ({
              value: c.id,
              label: c.primary_email ? `${c.name} (${c.primary_email})` : c.name,
            }));

  function pick(next: ChatMemberKind) {
    setKind(next);
    setChosen('');
    adding.reset();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input =
      kind === 'guest'
        ? { room_id: props.roomId, kind, name, email: email.trim() || null }
        : {
            room_id: props.roomId,
            kind,
            [kind === 'user' ? 'user_id' : kind === 'staff' ? 'staff_id' : 'contact_id']: chosen,
          };
    const result = await add({ variables: { input } }).catch(() => undefined);
    const added = result?.data?.addChatRoomMember;
    if (!added) return;
    props.onAdded();
    if (!added.invitation_token) return props.onClose();
    setLink(invitationLink(added.invitation_token));
    setChosen('');
    setName('');
    setEmail('');
  }

  async function copy() {
    if (!link) return;
    await navigator.clipboard.writeText(link).catch(() => undefined);
    setCopied(true);
  }

  const ready = kind === 'guest' ? name.trim() !== '' : chosen !== '';
  return (
    <Dialog isOpen title="Add a member" onClose={props.onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          {link ? (
            <Callout
              intent={Intent.SUCCESS}
              title={`Invitation link (shown once, expires in ${GUEST_INVITATION_DAYS} days)`}
            >
              <p>Send this link to the person you invited; it opens this room only.</p>
              <InputGroup
                readOnly
                aria-label="Invitation link"
                value={link}
                onFocus={(e) => e.currentTarget.select()}
                rightElement={
                  <Button icon={copied ? 'tick' : 'duplicate'} onClick={() => void copy()}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                }
              />
            </Callout>
          ) : (
            <>
              <FormGroup label="Who">
                <SegmentedControl
                  aria-label="Kind of member"
                  options={KINDS}
                  value={kind}
                  onValueChange={(v) => pick(v as ChatMemberKind)}
                />
              </FormGroup>
              {kind === 'guest' ? (
                <>
                  <FormGroup label="Guest name" labelFor="chat-guest-name">
                    <InputGroup id="chat-guest-name" value={name} onValueChange={setName} />
                  </FormGroup>
                  <FormGroup label="Email" labelInfo="(optional)" labelFor="chat-guest-email">
                    <InputGroup
                      id="chat-guest-email"
                      type="email"
                      value={email}
                      onValueChange={setEmail}
                    />
                  </FormGroup>
                </>
              ) : (
                <FormGroup
                  label={KINDS.find((k) => k.value === kind)!.label}
                  labelFor="chat-member-person"
                  helperText={
                    kind === 'user'
                      ? 'Joins the room at once.'
                      : 'Gets an invitation link to this room only.'
                  }
                >
                  <HTMLSelect
                    id="chat-member-person"
                    fill
                    value={chosen}
                    onChange={(e) => setChosen(e.currentTarget.value)}
                  >
                    <option value="">
                      {people.loading
                        ? 'Loading…'
                        : options.length === 0
                          ? 'No one left to add'
                          : 'Choose a person'}
                    </option>
                    {options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </HTMLSelect>
                </FormGroup>
              )}
              {people.error ? (
                <Callout intent={Intent.DANGER}>
                  {describeError(people.error, ERRORS.FETCH_LEGAL_PEOPLE_FAILED)}
                </Callout>
              ) : null}
              {adding.error ? (
                <Callout intent={Intent.DANGER} role="alert">
                  {describeError(adding.error, ERRORS.ADD_ROOM_MEMBER_FAILED)}
                </Callout>
              ) : null}
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            link ? (
              <Button intent={Intent.PRIMARY} onClick={props.onClose}>
                Done
              </Button>
            ) : (
              <>
                <Button onClick={props.onClose}>Cancel</Button>
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  loading={adding.loading}
                  disabled={!ready}
                >
                  {kind === 'user' ? 'Add' : 'Invite'}
                </Button>
              </>
            )
          }
        />
      </form>
    </Dialog>
  );
}
