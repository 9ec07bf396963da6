import { expect, test } from '@playwright/test';
import {
  graphql,
  setUpCompany,
  signInThroughForm,
  startHost,
  type RunningHost,
} from './support/host';

let host: RunningHost;
let token: string;
test.beforeAll(async () => {
  host = await startHost();
  token = await setUpCompany(host.serverUrl);
});
test.afterAll(async () => {
  await host?.stop();
});

test('given a signed-in user, when a notification is created for them, then the badge counts it live and mark-all-read clears it', async ({
  page,
}) => {
  await signInThroughForm(page, host);
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await expect(bell).not.toContainText(/\d/);

  const viewer = await graphql<{ viewer: { user: { id: string } } }>(
    host.serverUrl,
    '{ viewer { user { id } } }',
    {},
    token,
  );
  for (const content of ['Raw file bundle-17.pdf was processed', 'A case needs review']) {
    await graphql(
      host.serverUrl,
      'mutation($input: CreateNotificationInput!) { createNotification(input: $input) { id } }',
      {
        input: { content, receiver_id: viewer.viewer.user.id, module: 'raw-files', redirect: '/' },
      },
      token,
    );
  }
  await expect(bell).toContainText('2');
  await bell.click();
  await expect(page.getByText('A case needs review')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/notifications.png', fullPage: true });
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).not.toContainText(/\d/);
  const count = await graphql<{ unreadNotificationCount: number }>(
    host.serverUrl,
    '{ unreadNotificationCount }',
    {},
    token,
  );
  expect(count.unreadNotificationCount).toBe(0);
});
