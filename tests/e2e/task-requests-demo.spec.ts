/**
 * The demo law firm's task requests (issue 21, src/server/seed/demoTaskRequests.ts): a paralegal
 * of Harbor & Vine opens Task requests on a fresh demo and finds requests in every status, and one
 * with its subtask, comments and the activity the server wrote.
 */
import { expect, test } from '@playwright/test';
import { demoHostForSpec, signInToDemo } from './support/demo';

const demo = demoHostForSpec();

test('given a fresh demo, when the paralegal opens task requests, then each status tab has requests and a request shows its subtask, comments and activity', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToDemo(page, demo.host, 'paralegal@harborvine.example');
  await page.goto(`${demo.host.url}/#/task-requests`);
  await expect(page.getByRole('heading', { name: 'Task requests' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /In Progress/ })).toContainText('2');
  await expect(page.getByRole('tab', { name: /On Hold/ })).toContainText('1');
  await expect(page.getByRole('tab', { name: /Completed/ })).toContainText('1');
  await expect(page.getByRole('link', { name: 'Import 2019 claim files' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/demo-task-requests.png', fullPage: true });

  await page.getByRole('link', { name: 'Import 2019 claim files' }).click();
  await expect(page.getByRole('heading', { name: 'Import 2019 claim files' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Map the 2019 claim folders to case numbers' }),
  ).toBeVisible();
  await expect(page.getByTestId('task-request-comment')).toHaveCount(2);
  await expect(page.locator('[aria-label="Activity"] li').first()).toContainText('Comment');
  await page.screenshot({
    path: 'test-results/screens/demo-task-request-detail.png',
    fullPage: true,
  });
});
