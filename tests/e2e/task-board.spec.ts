/**
 * The tech lead's board on the demo data set (issue 19): a card in review is failed with a reason
 * through the dialog and moves to "Failed review"; its developer then finds the notification that
 * says so, and the card on their own board offers only the moves the status machine allows.
 */
import { expect, test, type Page } from '@playwright/test';
import { startHost, type RunningHost } from './support/host';

const SHOTS = '/tmp/delivery-shots';
const PASSWORD = 'demo1234!';
const REASON = 'No loading state while the file is built.';

let host: RunningHost;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  host = await startHost({ demo: true });
});
test.afterAll(async () => {
  await host?.stop();
});

async function signIn(page: Page, email: string) {
  await page.goto(host.url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('company-name')).toBeVisible();
}

const column = (page: Page, name: string) =>
  page
    .getByRole('region', { name })
    .or(page.locator(`section[aria-label="${name}"]`))
    .first();

test('given a task in review, when the tech lead fails it with a reason, then it moves and its developer is told why', async ({
  browser,
}) => {
  const lead = await browser.newPage();
  await signIn(lead, 'techlead@northwind.example');
  await lead.goto(`${host.url}#/tasks`);
  await lead.getByRole('tab', { name: 'Tech lead' }).click();
  const card = column(lead, 'Ready for review').getByRole('listitem', { name: 'Download button' });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Fail review' }).click();
  const dialog = lead.getByRole('dialog');
  // No reason, no move.
  await expect(dialog.getByRole('button', { name: 'Fail review' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill(REASON);
  await lead.screenshot({ path: `${SHOTS}/board-fail-review.png` });
  await dialog.getByRole('button', { name: 'Fail review' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    column(lead, 'Failed review').getByRole('listitem', { name: 'Download button' }),
  ).toBeVisible();
  await expect(
    column(lead, 'Ready for review').getByRole('listitem', { name: 'Download button' }),
  ).toHaveCount(0);
  await lead.screenshot({ path: `${SHOTS}/board-after-fail.png` });

  const dev = await browser.newPage();
  await signIn(dev, 'dev@northwind.example');
  await dev.goto(`${host.url}#/notifications`);
  await expect(dev.getByText('"Download button" failed review.')).toBeVisible();
  await dev.goto(`${host.url}#/tasks`);
  const mine = column(dev, 'Failed review').getByRole('listitem', { name: 'Download button' });
  await expect(mine).toBeVisible();
  // The assignee may take it back to work, and may not pass their own review.
  await expect(mine.getByRole('button', { name: 'Pass review' })).toHaveCount(0);
  await expect(mine.getByRole('button')).not.toHaveCount(0);
  await dev.screenshot({ path: `${SHOTS}/board-developer.png` });
});
