/**
 * The tech lead's board on the demo data set (issue 19): a card in review is failed with a reason
 * through the dialog and moves to "Failed review"; its developer then finds the notification that
 * says so, and the card on their own board offers only the moves the status machine allows.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoHostForSpec, signInToDemo } from './support/demo';

const SHOTS = '/tmp/delivery-shots';
const REASON = 'No loading state while the file is built.';

const demo = demoHostForSpec();
const signIn = (page: Page, email: string) => signInToDemo(page, demo.host, email);

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
  await lead.goto(`${demo.host.url}#/tasks`);
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
  await dev.goto(`${demo.host.url}#/notifications`);
  await expect(dev.getByText('"Download button" failed review.')).toBeVisible();
  await dev.goto(`${demo.host.url}#/tasks`);
  const mine = column(dev, 'Failed review').getByRole('listitem', { name: 'Download button' });
  await expect(mine).toBeVisible();
  // The assignee may take it back to work, and may not pass their own review.
  await expect(mine.getByRole('button', { name: 'Pass review' })).toHaveCount(0);
  await expect(mine.getByRole('button')).not.toHaveCount(0);
  await dev.screenshot({ path: `${SHOTS}/board-developer.png` });
});

test('given cards dragged between columns, then only the moves the machine allows happen, with the reason dialog where one is needed', async ({
  browser,
}) => {
  const dev = await browser.newPage();
  await signIn(dev, 'dev@northwind.example');
  await dev.goto(`${demo.host.url}#/tasks`);
  const name = 'Vehicle list paging';
  const inTodo = column(dev, 'To do').getByRole('listitem', { name });
  await expect(inTodo).toBeVisible();

  // Not allowed: a drop on Complete changes nothing.
  await inTodo.dragTo(column(dev, 'Complete'));
  await expect(inTodo).toBeVisible();
  await expect(column(dev, 'Complete').getByRole('listitem', { name })).toHaveCount(0);

  // Allowed without a reason: start work, then submit for review.
  await inTodo.dragTo(column(dev, 'In progress'));
  const inProgress = column(dev, 'In progress').getByRole('listitem', { name });
  await expect(inProgress).toBeVisible();
  await expect(inTodo).toHaveCount(0);
  await inProgress.dragTo(column(dev, 'Ready for review'));
  await expect(column(dev, 'Ready for review').getByRole('listitem', { name })).toBeVisible();
  await dev.screenshot({ path: `${SHOTS}/board-drag-developer.png` });

  // The tech lead fails the review by a drag: the dialog asks why first.
  const lead = await browser.newPage();
  await signIn(lead, 'techlead@northwind.example');
  await lead.goto(`${demo.host.url}#/tasks`);
  await lead.getByRole('tab', { name: 'Tech lead' }).click();
  const inReview = column(lead, 'Ready for review').getByRole('listitem', { name });
  await expect(inReview).toBeVisible();
  await inReview.dragTo(column(lead, 'Failed review'));
  const dialog = lead.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Fail review' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('Paging skips the last page.');
  await lead.screenshot({ path: `${SHOTS}/board-drag-reason.png` });
  await dialog.getByRole('button', { name: 'Fail review' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(column(lead, 'Failed review').getByRole('listitem', { name })).toBeVisible();
  await expect(inReview).toHaveCount(0);
  await lead.screenshot({ path: `${SHOTS}/board-drag-after.png` });
});
