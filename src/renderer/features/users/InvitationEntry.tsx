/**
 * On the sign-in screen: "Have an invitation link?" An invitee whose link names an address their
 * computer cannot open (the inviting admin's own desktop) pastes it here and gets the accept
 * screen of their own LexDesk.
 */
import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { INVITATION_ROUTE, invitationTokenFrom } from './invitationLink';

export function InvitationEntry() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!open)
    return (
      <Button variant="minimal" size="small" fill onClick={() => setOpen(true)}>
        Have an invitation link?
      </Button>
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = invitationTokenFrom(text);
    if ('error' in read) return setError(read.error);
    void navigate(`/${INVITATION_ROUTE}/${encodeURIComponent(read.token)}`);
  }

  return (
    <form onSubmit={submit} noValidate className="ld-invitation-entry">
      <FormGroup
        label="Invitation link"
        labelFor="invitation-link"
        helperText={error ?? 'Paste the link your administrator sent you.'}
        intent={error ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          id="invitation-link"
          autoFocus
          value={text}
          intent={error ? Intent.DANGER : Intent.NONE}
          onValueChange={(value) => {
            setText(value);
            setError(null);
          }}
          rightElement={
            <Button type="submit" variant="minimal" icon="arrow-right">
              Open invitation
            </Button>
          }
        />
      </FormGroup>
    </form>
  );
}
