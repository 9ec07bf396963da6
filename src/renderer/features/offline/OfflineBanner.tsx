/**
 * The app-wide offline banner under the top bar. It says plainly when the server cannot be
 * reached and how many changes wait on this computer, when changes need the user's decision
 * (someone changed the same fields meanwhile) or were refused, and opens the outbox dialog.
 * It shows nothing while the server answers and nothing waits.
 */
import { Button, Icon, type IconName } from '@blueprintjs/core';
import { useState } from 'react';
import { bannerView, type BannerView } from './labels';
import { OutboxDialog } from './OutboxDialog';
import { useReviewStatus } from './useReviewStatus';
import './offline.css';

const ICONS: Record<BannerView['tone'], IconName> = {
  offline: 'offline',
  decision: 'git-merge',
  failed: 'error',
  sending: 'cloud-upload',
};

export function OfflineBanner() {
  const status = useReviewStatus();
  const [open, setOpen] = useState(false);
  const view = status ? bannerView(status) : null;
  return (
    <>
      {view ? (
        <div
          className={`ld-offline-banner ld-offline-banner-${view.tone}`}
          role="status"
          aria-label="Connection and changes"
          data-testid="offline-banner"
        >
          <Icon icon={ICONS[view.tone]} />
          <span className="ld-offline-text">{view.message}</span>
          {view.canOpen ? (
            <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
              {view.tone === 'decision' ? 'Decide' : 'Show changes'}
            </Button>
          ) : null}
        </div>
      ) : null}
      <OutboxDialog isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}
