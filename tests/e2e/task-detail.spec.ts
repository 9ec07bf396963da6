/**
 * The task screen and keyboard moves on the demo data set (issue 19): the tech lead opens a task
 * from a board card, edits an estimate (the total is priced live and stored), fails another task's
 * review from its screen and reads the reason in its status log; a developer moves a card with
 * the keyboard alone, and focus follows the card.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoHostForSpec, signInToDemo } from './support/demo';

const SHOTS = '/tmp/delivery-shots';
const REASON = 'The export misses the time zone.';

const demo = demoHostForSpec();
const signIn = (page: Page, email: string) => signInToDemo(page, demo.host, email);

const column = (page: Page, name: string) => page.locator(`section[aria-label="${name}"]`);

test('given a board card, when the tech lead opens it and edits an estimate, then the new total is priced and kept', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'techlead@northwind.example');
  await page.goto(`${demo.host.url}#/tasks`);
  await page.getByRole('tab', { name: 'Tech lead' }).click();
  await column(page, 'To do').getByRole('link', { name: 'Vehicle list paging' }).click();
  await expect(page.getByRole('heading', { name: 'Vehicle list paging' })).toBeVisible();
  // Developer, 6 h at $60.00 an hour.
  await expect(page.getByTestId('task-totals')).toHaveText('6 h · $360.00');
  await page.getByLabel('Hours 1').fill('7.55');
  await expect(page.getByTestId('estimate-total')).toHaveText('Total: 7.55 h · $453.00');
  await page.getByLabel('Hours 1').fill('7.555');
  await expect(page.getByText('Hours take at most two decimals.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save task' })).toBeDisabled();
  await page.getByLabel('Hours 1').fill('7.5');
  await page.getByRole('button', { name: 'Save task' }).click();
  await expect(page.getByTestId('task-totals')).toHaveText('7.5 h · $450.00');
  await page.screenshot({ path: `${SHOTS}/task-detail-estimate.png`, fullPage: true });
  await page.reload();
  await expect(page.getByTestId('task-totals')).toHaveText('7.5 h · $450.00');
});

test('given a task in review, when the tech lead fails it from its screen, then the status log shows the move and the reason first', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'techlead@northwind.example');
  await page.goto(`${demo.host.url}#/tasks`);
  await page.getByRole('tab', { name: 'Tech lead' }).click();
  const card = column(page, 'Ready for review').getByRole('listitem', { name: 'Download button' });
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Download button' })).toBeVisible();
  await page.getByRole('button', { name: 'Fail review' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill(REASON);
  await page.getByRole('dialog').getByRole('button', { name: 'Fail review' }).click();
  await expect(page.getByTestId('task-status')).toHaveText('Failed review');
  const first = page.getByRole('table', { name: 'Status log' }).locator('tbody tr').first();
  await expect(first).toContainText('Ready for review → Failed review');
  await expect(first).toContainText(REASON);
  await page.screenshot({ path: `${SHOTS}/task-detail-log.png`, fullPage: true });
});

test('given a focused card, when the developer presses Shift+→, then it moves to the next allowed column and keeps focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'dev@northwind.example');
  await page.goto(`${demo.host.url}#/tasks`);
  const todo = column(page, 'To do').getByRole('listitem', { name: 'Vehicle list paging' });
  await todo.focus();
  await page.keyboard.press('Shift+ArrowRight');
  const moved = column(page, 'In progress').getByRole('listitem', { name: 'Vehicle list paging' });
  await expect(moved).toBeVisible();
  await expect(moved).toBeFocused();
  await expect(
    column(page, 'To do').getByRole('listitem', { name: 'Vehicle list paging' }),
  ).toHaveCount(0);
  // Arrows walk the column; a move the machine refuses (Shift+← from In progress) does nothing.
  await page.keyboard.press('ArrowDown');
  await expect(moved).not.toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(moved).toBeFocused();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(moved).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/board-keyboard-move.png` });
});
