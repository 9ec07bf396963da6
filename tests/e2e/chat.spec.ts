/**
 * Chat rooms (issue 21) between two browser sessions: the firm's administrator creates a room and
 * invites a guest by link; the guest opens the link in a browser of their own and joins. Messages,
 * typing and the read mark then travel live both ways (graphql-ws), and the room's unread count in
 * the administrator's list resets once they read it. Members are added through a dialog (a guest's
 * link shown to copy). Intake scripts are created and listed, and a room following one keeps the
 * answers filled in on its screen.
 */
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { FIXTURES } from '../integration/fixtures/files';
import { hostForSpec, signInThroughForm } from './support/host';

// Two browsers and a host starting on a shared, busy machine: room for the start-up hook.
test.describe.configure({ timeout: 240_000 });
const spec = hostForSpec();
const SHOTS = 'test-results/screens';

/** How many chat composer uploads named `name` the server keeps (stored_file + chat_upload). */
async function storedNamed(name: string): Promise<number> {
  const db = new pg.Client({ connectionString: spec.host.databaseUrl });
  await db.connect();
  try {
    const r = await db.query<{ n: number }>(
      `select count(*)::int as n from chat_upload u join stored_file f on f.key = u.file_key
       where f.original_name = $1`,
      [name],
    );
    return r.rows[0]?.n ?? 0;
  } finally {
    await db.end();
  }
}

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

  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a member' });
  await dialog.getByRole('radio', { name: 'Guest' }).click();
  await dialog.getByLabel('Guest name').fill('Dana Client');
  await dialog.getByLabel('Email').fill('dana@client.example');
  await page.screenshot({ path: `${SHOTS}/chat-add-member-guest.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Invite' }).click();
  const linkField = dialog.getByLabel('Invitation link');
  await expect(linkField).toBeVisible();
  const link = await linkField.inputValue();
  expect(link).toContain('#/chat-invitation/');
  await page.screenshot({ path: `${SHOTS}/chat-add-member-link.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('2 members')).toBeVisible();

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

  // Staff attach a file through the composer's button: it uploads at once and waits as a chip.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'retainer.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(FIXTURES.pdf),
  });
  const chips = page.getByRole('list', { name: 'Files to send' });
  await expect(chips.getByText('retainer.pdf')).toBeVisible();
  await expect(chips.getByLabel('Uploading retainer.pdf')).toHaveCount(0);
  await expect(chips.getByText(`${FIXTURES.pdf.length} B`)).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('Please sign the retainer.');
  await page.screenshot({ path: `${SHOTS}/chat-composer-pending-file.png`, fullPage: true });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(chips).toHaveCount(0);
  // The guest sees it live, with its size and a signed link that opens the file.
  const received = guest.getByRole('log').getByRole('list', { name: 'Attached files' });
  const fileLink = received.getByRole('link', { name: 'retainer.pdf' });
  await expect(fileLink).toBeVisible();
  await expect(received.getByText(`${FIXTURES.pdf.length} B`)).toBeVisible();
  const opened = await guest.request.get((await fileLink.getAttribute('href')) ?? '');
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await opened.body()).equals(Buffer.from(FIXTURES.pdf))).toBe(true);

  // A guest's refused file is named with the spec's message, and what they typed stays.
  await guest.getByLabel('Message', { exact: true }).fill('Signed copy attached.');
  const refused = guest.waitForEvent('filechooser');
  await guest.getByRole('button', { name: 'Attach files' }).click();
  await (
    await refused
  ).setFiles({
    name: 'notes.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expect(guest.getByRole('alert')).toHaveText('notes.exe: Invalid file type or format');
  await expect(guest.getByLabel('Message', { exact: true })).toHaveValue('Signed copy attached.');
  await guest.screenshot({ path: `${SHOTS}/chat-guest-upload-refused.png`, fullPage: true });
  // Then a file of theirs that passes the check, a chip removed before sending, and staff see it live.
  const guestChooser = guest.waitForEvent('filechooser');
  await guest.getByRole('button', { name: 'Attach files' }).click();
  await (
    await guestChooser
  ).setFiles([
    { name: 'signed.png', mimeType: 'image/png', buffer: Buffer.from(FIXTURES.png) },
    { name: 'wrong.pdf', mimeType: 'application/pdf', buffer: Buffer.from(FIXTURES.pdf) },
  ]);
  const guestChips = guest.getByRole('list', { name: 'Files to send' });
  await expect(guestChips.getByRole('listitem')).toHaveCount(2);
  // The removed chip's file leaves the server at once (removeChatUpload): its rows are gone.
  await expect(guestChips.getByLabel('Uploading wrong.pdf')).toHaveCount(0);
  expect(await storedNamed('wrong.pdf')).toBe(1);
  await guestChips.getByRole('button', { name: 'Remove wrong.pdf' }).click();
  await expect(guestChips.getByText('wrong.pdf')).toHaveCount(0);
  await expect.poll(() => storedNamed('wrong.pdf')).toBe(0);
  await expect(guestChips.getByLabel('Uploading signed.png')).toHaveCount(0);
  await guest.screenshot({ path: `${SHOTS}/chat-guest-pending-file.png`, fullPage: true });
  await guest.getByRole('button', { name: 'Send' }).click();
  const fromGuest = page.getByRole('log').getByRole('list', { name: 'Attached files' }).last();
  await expect(fromGuest.getByRole('link', { name: 'signed.png' })).toBeVisible();
  await expect(page.getByRole('log').getByText('Signed copy attached.')).toBeVisible();
  await expect(page.getByRole('log').getByRole('link', { name: 'wrong.pdf' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/chat-message-with-files.png`, fullPage: true });

  // A message of files only, no text.
  const onlyFile = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (
    await onlyFile
  ).setFiles({
    name: 'schedule.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(FIXTURES.pdf),
  });
  await expect(chips.getByLabel('Uploading schedule.pdf')).toHaveCount(0);
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(guest.getByRole('log').getByRole('link', { name: 'schedule.pdf' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Room Smith intake' })).toContainText('Sent files');

  // A file picked and left behind (the room closed before sending) leaves the server too.
  const leftBehind = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (
    await leftBehind
  ).setFiles({ name: 'draft.pdf', mimeType: 'application/pdf', buffer: Buffer.from(FIXTURES.pdf) });
  await expect(chips.getByText('draft.pdf')).toBeVisible();
  await expect(chips.getByLabel('Uploading draft.pdf')).toHaveCount(0);
  expect(await storedNamed('draft.pdf')).toBe(1);

  // Away from the room, the guest's next message counts as unread in the list, until opened.
  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect.poll(() => storedNamed('draft.pdf')).toBe(0);
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

  // A room follows the script: its lines show, its required data is filled and kept with the room.
  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await page.getByLabel('New room name').fill('Jones intake');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Jones intake' })).toBeVisible();
  const intake = page.getByRole('region', { name: 'Intake' });
  await intake.getByLabel('Intake script').selectOption({ label: 'New injury intake' });
  await expect(intake.getByText('Intake: New injury intake')).toBeVisible();
  await expect(intake.getByText('We need a few details.')).toBeVisible();
  await intake.getByLabel('Date of injury').fill('2026-03-01');
  await intake.getByRole('button', { name: 'Save answers' }).click();
  await expect(intake.getByText('Answers saved.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Intake' }).getByLabel('Date of injury'),
  ).toHaveValue('2026-03-01');
  await expect(page.getByRole('region', { name: 'Intake' }).getByLabel('Employer')).toHaveValue('');
  await page.screenshot({ path: `${SHOTS}/chat-intake-answers.png`, fullPage: true });

  // Adding a colleague: the administrator is the firm's only user and already in the room.
  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a member' });
  await expect(dialog.getByLabel('Colleague')).toContainText('No one left to add');
  await dialog.getByRole('radio', { name: 'Legal contact' }).click();
  await expect(dialog.getByText('Gets an invitation link to this room only.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
