/** The frame of a screen inside the shell: a heading, an optional subtitle and actions, then content. */
import { Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function Page(props: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="ld-page">
      <header className="ld-page-header">
        <div>
          <h1 className="ld-page-title">{props.title}</h1>
          {props.subtitle ? <p className="ld-page-subtitle">{props.subtitle}</p> : null}
        </div>
        {props.actions ? <div className="ld-page-actions">{props.actions}</div> : null}
      </header>
      {props.children}
    </section>
  );
}

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="ld-full-page-center" role="status" aria-label={label}>
      <Spinner size={40} />
    </div>
  );
}
