import { expect, test } from '@playwright/test';
import { graphql, signInThroughForm, hostForSpec } from './support/host';

const spec = hostForSpec();

test('given a signed-in user with none, then the list says so; when notifications are created for them, then the badge and the open list follow live and mark-all-read clears the count', async ({
  page,
}) => {
  await signInThroughForm(page, spec.host);
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await expect(bell).not.toContainText(/\d/);
  await bell.click();
  const empty = page.getByText('No notifications available.');
  await expect(empty).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/notifications-empty.png', fullPage: true });

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
  // The list already open follows too, without a reload.
  await expect(page.getByText('A case needs review')).toBeVisible();
  await expect(empty).toBeHidden();
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
