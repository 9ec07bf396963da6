/** The user menu in the top bar: who is signed in, Profile, the theme and Sign out. */
import { Button, Menu, MenuDivider, MenuItem, Popover, Position } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fullName, initials } from '../../app/format';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import type { ViewerData } from '../auth/operations';
import { themeChosen } from '../preferences/slice';

export function Avatar(props: {
  person: { first_name: string; last_name: string };
  imageUrl: string | null;
  size?: number;
}) {
  const size = props.size ?? 28;
  return (
    <span
      className="ld-avatar"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
    >
      {props.imageUrl ? <img src={props.imageUrl} alt="" /> : initials(props.person)}
    </span>
  );
}

export function UserMenu({ viewer, avatarUrl }: { viewer: ViewerData; avatarUrl: string | null }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.settings.theme);
  const services = useServices();
  const [signingOut, setSigningOut] = useState(false);
  const name = fullName(viewer.user);

  const menu = (
    <Menu aria-label="User menu">
      <li className="ld-menu-identity">
        <strong>{name}</strong>
        <span>{viewer.user.email}</span>
      </li>
      <MenuDivider />
      <MenuItem icon="person" text="Profile" onClick={() => void navigate('/profile')} />
      <MenuItem
        icon={theme === 'dark' ? 'flash' : 'moon'}
        text={theme === 'dark' ? 'Light theme' : 'Dark theme'}
        onClick={() => dispatch(themeChosen(theme === 'dark' ? 'light' : 'dark'))}
      />
      <MenuDivider />
      <MenuItem
        icon="log-out"
        text="Sign out"
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          void services.signOut().finally(() => setSigningOut(false));
        }}
      />
    </Menu>
  );

  return (
    <Popover content={menu} position={Position.BOTTOM_RIGHT} minimal>
      <Button
        variant="minimal"
        className="ld-user-button"
        endIcon="caret-down"
        aria-label={`Account: ${name}`}
      >
        <Avatar person={viewer.user} imageUrl={avatarUrl} />
        <span className="ld-user-name">{name}</span>
      </Button>
    </Popover>
  );
}
