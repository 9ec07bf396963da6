/** The frame of the signed-out screens: the product mark and one centred card. */
import { Card, Elevation, Icon } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function AuthLayout(props: {
  title: string;
  subtitle: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <main className="ld-auth">
      <div className={props.wide ? 'ld-auth-column ld-auth-column-wide' : 'ld-auth-column'}>
        <div className="ld-brand ld-brand-large">
          <span className="ld-brand-mark" aria-hidden="true">
            <Icon icon="manual" size={20} />
          </span>
          <span className="ld-brand-name">LexDesk</span>
        </div>
        <Card elevation={Elevation.TWO} className="ld-auth-card">
          <h1 className="ld-auth-title">{props.title}</h1>
          <p className="ld-auth-subtitle">{props.subtitle}</p>
          {props.children}
        </Card>
      </div>
    </main>
  );
}
