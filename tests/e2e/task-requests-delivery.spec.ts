/**
 * The delivery side of task requests (issue 21), on the demo data set: the provider's internal
 * admin switches to the law firm, files a request for one of its people, assigns it to one of the
 * provider's people and sets its automation review; a paralegal of the firm sees the same request
 * with the assignee and review, and no delivery controls.
 */
import { expect, test, type Page } from '@playwright/test';
import { startHost, type RunningHost } from './support/host';

const PASSWORD = 'demo1234!';
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
}

test('given the internal admin in the law firm, when they assign and review a request, then the firm sees it and cannot work it', async ({
  browser,
}) => {
  const provider = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(provider, 'admin@northwind.example');
  const switcher = provider.getByTestId('company-switcher');
  await switcher.selectOption({ label: "Harbor & Vine Workers' Comp LLP (legal)" });
  await expect(provider.getByTestId('company-name')).toHaveText("Harbor & Vine Workers' Comp LLP");
  await provider.getByRole('link', { name: 'Task requests' }).click();
  await provider.getByRole('button', { name: 'New request' }).click();
  const dialog = provider.getByRole('dialog');
  await dialog.getByLabel('Headline').fill('Sync medical reports to the CRM');
  await dialog.getByLabel('Category').fill('CRM');
  await dialog.getByLabel('Due date').fill('2026-12-20');
  await dialog.getByLabel('Details').fill('Every medical report should reach the case in the CRM.');
  await dialog.getByLabel('Requested by').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    provider.getByRole('heading', { name: 'Sync medical reports to the CRM' }),
  ).toBeVisible();

  const delivery = provider.locator('[aria-label="Delivery"]');
  await delivery.getByLabel('Automation review').selectOption('In Review');
  const activity = provider.locator('[aria-label="Activity"]');
  await expect(activity.getByText('Automation review: In Review')).toBeVisible();
  await delivery.getByLabel('Assignee').selectOption({ index: 1 });
  await expect(activity.locator('li').first()).toContainText('Assignee:');
  const assignee =
    (await delivery.getByLabel('Assignee').locator('option:checked').textContent()) ?? '';
  await provider.screenshot({
    path: 'test-results/screens/task-request-delivery.png',
    fullPage: true,
  });
  const url = provider.url();

  const firm = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(firm, 'paralegal@harborvine.example');
  await expect(firm.getByRole('link', { name: 'Task requests' })).toBeVisible();
  await firm.goto(url);
  await expect(
    firm.getByRole('heading', { name: 'Sync medical reports to the CRM' }),
  ).toBeVisible();
  await expect(firm.getByText(assignee.trim(), { exact: true })).toBeVisible();
  await expect(firm.getByText('In Review', { exact: true })).toBeVisible();
  await expect(firm.locator('[aria-label="Delivery"]')).toHaveCount(0);
  await firm.screenshot({
    path: 'test-results/screens/task-request-firm-view.png',
    fullPage: true,
  });
});
