import { expect, test } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { dovecotMissing, startTestDovecot, type TestDovecot } from '../support/dovecot';
import { mailSource, minimalPdf } from '../support/mailFixtures';
import { startTestSmtp, type TestSmtp } from '../support/smtp';
import { hostForSpec, signInThroughForm } from './support/host';

const missing = dovecotMissing();
test.skip(missing !== null, missing ?? '');

// A host, dovecot and an SMTP server start before the test: generous on a loaded machine.
// The settings test goes on with the mailbox the first one connected.
test.describe.configure({ timeout: 300_000, mode: 'serial' });
let dovecot: TestDovecot;
let smtp: TestSmtp;

test.beforeAll(async () => {
  dovecot = await startTestDovecot();
  smtp = await startTestSmtp();
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  await client.connect();
  await client.append(
    'INBOX',
    mailSource({
      id: 'claim@client.test',
      subject: 'Claim 4471: medical report',
      from: 'alice@client.test',
    }),
  );
  await client.append(
    'INBOX',
    mailSource({
      id: 'claim-re@client.test',
      subject: 'Re: Claim 4471: medical report',
      from: 'bob@insurer.test',
      references: ['claim@client.test'],
      attachment: { name: 'report.pdf', content: minimalPdf('Report for claim 4471') },
    }),
    ['\\Seen'],
  );
  await client.logout();
  // The host's server may reach these loopback servers: the setting an admin would give it.
  process.env.MAIL_ALLOWED_SERVERS = `${dovecot.host}:${dovecot.port},${smtp.config.host}:${smtp.config.port}`;
});
// Registered after the mail servers' set-up, so the host starts with their addresses allowed.
const spec = hostForSpec();
test.afterAll(async () => {
  await smtp?.close();
  await dovecot?.stop();
});

test('given a mailbox on an IMAP server, when a user connects and syncs it, then its mail is listed with flags, threads open, and a composed mail goes out over SMTP', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByText('No mailbox connected.')).toBeVisible();
  await page.getByRole('button', { name: 'Connect a mailbox' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email address').fill(dovecot.user);
  await dialog.getByLabel('Password').fill(dovecot.password);
  await dialog.getByLabel('IMAP server').fill(dovecot.host);
  await dialog.getByLabel('IMAP port').fill(String(dovecot.port));
  await dialog.getByText('IMAP over TLS').click();
  await dialog.getByLabel('SMTP server').fill(smtp.config.host);
  await dialog.getByLabel('SMTP port').fill(String(smtp.config.port));
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Sync' }).click();
  const first = page.getByRole('row', { name: /Claim 4471: medical report/ }).first();
  await expect(first).toBeVisible();
  await expect(page.getByText(`${dovecot.user} · 1 unread`)).toBeVisible();
  await expect(page.getByText('In raw files')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/inbox-list.png', fullPage: true });

  await page.getByRole('row', { name: /^(?!.*Re:).*Claim 4471/ }).click();
  const thread = page.getByLabel('Thread');
  await expect(thread.getByText('alice@client.test')).toBeVisible();
  await expect(thread.getByText('bob@insurer.test')).toBeVisible();
  await expect(page.getByText(`${dovecot.user} · 0 unread`)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/inbox-thread.png', fullPage: true });

  await page.getByRole('button', { name: 'Compose' }).click();
  const compose = page.getByRole('dialog');
  await compose.getByLabel('To').fill('carol@court.test');
  await compose.getByLabel('Subject').fill('Filing for claim 4471');
  await compose.getByLabel('Message').fill('Please find the filing.');
  await page.screenshot({ path: 'test-results/screens/inbox-compose.png' });
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose).toBeHidden();
  const [sent] = await smtp.waitFor(1);
  expect(sent!.parsed.subject).toBe('Filing for claim 4471');
  await page.getByRole('button', { name: 'Sent' }).click();
  await expect(page.getByRole('row', { name: /Filing for claim 4471/ })).toBeVisible();
});

test('given a connected mailbox, when a user turns automatic sync off and adds a filtering rule, then the toggle and the rule are saved and the rule stars matching new mail', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Inbox' }).click();
  await page.getByRole('button', { name: 'Mailbox settings' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('No filtering rules.')).toBeVisible();
  const toggle = dialog.getByRole('checkbox', { name: 'Sync automatically' });
  await expect(toggle).toBeChecked();
  await dialog.getByText('Sync automatically').click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText(`${dovecot.user} · 0 unread · automatic sync off`)).toBeVisible();

  // An empty rule is refused with the server's words, and nothing is saved.
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await dialog.getByRole('button', { name: 'Save rules' }).click();
  await expect(dialog.getByText('Some of the information entered is not valid.')).toBeVisible();
  await dialog.getByLabel('Rule 1 text').fill('urgent');
  await dialog.getByLabel('Rule 1 action').selectOption('star');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await dialog.getByLabel('Rule 2 field').selectOption('from');
  await dialog.getByLabel('Rule 2 text').fill('insurer.test');
  await dialog.getByLabel('Rule 2 action').selectOption('mark_read');
  await page.screenshot({ path: 'test-results/screens/inbox-settings.png' });
  await dialog.getByRole('button', { name: 'Remove rule 2' }).click();
  await dialog.getByRole('button', { name: 'Save rules' }).click();
  await expect(dialog).toBeHidden();

  // Saved: a new visit reads the rule and the toggle back from the server.
  await page.reload();
  await page.getByRole('button', { name: 'Mailbox settings' }).click();
  await expect(page.getByRole('dialog').getByLabel('Rule 1 text')).toHaveValue('urgent');
  await expect(page.getByRole('dialog').getByLabel('Rule 2 text')).toHaveCount(0);
  await expect(
    page.getByRole('dialog').getByRole('checkbox', { name: 'Sync automatically' }),
  ).not.toBeChecked();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  await client.connect();
  await client.append(
    'INBOX',
    mailSource({
      id: 'urgent@client.test',
      subject: 'URGENT: hearing moved',
      from: 'court@court.test',
    }),
  );
  await client.logout();
  await page.getByRole('button', { name: 'Sync' }).click();
  const urgent = page.getByRole('row', { name: /URGENT: hearing moved/ });
  await expect(urgent.getByRole('button', { name: 'Unstar' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/inbox-rule-applied.png', fullPage: true });
});
