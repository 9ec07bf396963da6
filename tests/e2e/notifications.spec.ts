import { expect, test } from '@playwright/test';
import { graphql, signInThroughForm, hostForSpec } from './support/host';

const spec = hostForSpec();

test('given a signed-in user, when a notification is created for them, then the badge counts it live and mark-all-read clears it', async ({
  page,
}) => {
  await signInThroughForm(page, spec.host);
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await expect(bell).not.toContainText(/\d/);

  const viewer = await graphql<{ viewer: { user: { id: string } } }>(
    spec.host.serverUrl,
    '{ viewer { user { id } } }',
    {},
    spec.token,
  );
  for (const content of ['Raw file bundle-17.pdf was processed', 'A case needs review']) {
    await graphql(
      spec.host.serverUrl,
      'mutation($input: CreateNotificationInput!) { createNotification(input: $input) { id } }',
      {
        input: { content, receiver_id: viewer.viewer.user.id, module: 'raw-files', redirect: '/' },
      },
      spec.token,
    );
  }
  await expect(bell).toContainText('2');
  await bell.click();
  await expect(page.getByText('A case needs review')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/notifications.png', fullPage: true });
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).not.toContainText(/\d/);
  const count = await graphql<{ unreadNotificationCount: number }>(
    spec.host.serverUrl,
    '{ unreadNotificationCount }',
    {},
    spec.token,
  );
  expect(count.unreadNotificationCount).toBe(0);
});
