/**
 * Chat rooms (issue 21) between two browser sessions: the firm's administrator creates a room and
 * invites a guest by link; the guest opens the link in a browser of their own and joins. Messages,
 * typing and the read mark then travel live both ways (graphql-ws), and the room's unread count in
 * the administrator's list resets once they read it. Intake scripts are created and listed.
 */
import { expect, test } from '@playwright/test';
import { hostForSpec, signInThroughForm } from './support/host';

// Two browsers and a host starting on a shared, busy machine: room for the start-up hook.
test.describe.configure({ timeout: 240_000 });
const spec = hostForSpec();
const SHOTS = 'test-results/screens';

test('given a room with an invited guest, when each writes, then the other sees it live, typing shows, and the read mark and unread count follow', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Chat' })).toBeVisible();
  await page.getByLabel('New room name').fill('Smith intake');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Smith intake' })).toBeVisible();

  await page.getByLabel('Guest name').fill('Dana Client');
  await page.getByRole('button', { name: 'Invite guest' }).click();
  const link = (await page.getByLabel('Invitation link').textContent()) ?? '';
  expect(link).toContain('#/chat-invitation/');

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.setViewportSize({ width: 1000, height: 800 });
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: 'Smith intake' })).toBeVisible();

  // Staff to guest, live.
  await page.getByLabel('Message', { exact: true }).fill('Hello Dana, we need a few details.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    guest.getByRole('log').getByText('Hello Dana, we need a few details.'),
  ).toBeVisible();

  // Guest typing, then guest to staff, live; the staff member sees who is typing.
  await guest.getByLabel('Message', { exact: true }).pressSequentially('Sure');
  await expect(page.getByText('Dana Client is typing…')).toBeVisible();
  await guest.getByLabel('Message', { exact: true }).fill('Sure, my injury was on March 1.');
  await guest.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log').getByText('Sure, my injury was on March 1.')).toBeVisible();
  // The guest read the staff message: its read mark shows under it for the staff member.
  await expect(guest.getByText('Seen by Ada', { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/chat-room-staff.png`, fullPage: true });
  await guest.screenshot({ path: `${SHOTS}/chat-room-guest.png`, fullPage: true });

  // Away from the room, the guest's next message counts as unread in the list, until opened.
  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await guest.getByLabel('Message', { exact: true }).fill('Also, my employer is Acme.');
  await guest.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('1 unread')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/chat-rooms-unread.png`, fullPage: true });
  await page.getByRole('link', { name: 'Room Smith intake' }).click();
  await expect(page.getByRole('log').getByText('Also, my employer is Acme.')).toBeVisible();
  await expect(page.getByLabel('1 unread')).toHaveCount(0);
  await guestContext.close();
});

test('given the intake scripts screen, when a script is created, then it is listed on page 1 of size 5', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Intake scripts' }).click();
  await page.getByLabel('Title').fill('New injury intake');
  await page.getByLabel('Subject').fill('Workers compensation injury');
  await page.getByLabel('Dialog (one line each)').fill('Hello!\nWe need a few details.');
  await page.getByLabel('Required data (one per line)').fill('Date of injury\nEmployer');
  await page.getByRole('button', { name: 'Create script' }).click();
  const table = page.getByRole('table', { name: 'Intake scripts' });
  await expect(table.getByRole('cell', { name: 'New injury intake', exact: true })).toBeVisible();
  await expect(page.getByText('Page 1 of 1 (1 scripts)')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/intake-scripts.png`, fullPage: true });
});
