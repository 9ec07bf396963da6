import { expect, test, type Page } from '@playwright/test';
import { ADMIN, bridgeCall, startHost, type RunningHost } from './support/host';

let host: RunningHost;
// The one spec whose server initialises and runs its own embedded PostgreSQL, as a first
// `npm start` does; the others share the run's server (support/global-setup.ts).
test.beforeAll(async () => {
  host = await startHost({ ownCluster: true });
});
test.afterAll(async () => {
  await host?.stop();
});
// The host keeps one desktop session (as the desktop app does); each test starts signed out.
test.beforeEach(async () => {
  await bridgeCall(host.url, 'session:clear', {});
});

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe.serial('first run and sign-in', () => {
  test('given a fresh install, when the first administrator creates the company, then the app opens on it', async ({
    page,
  }) => {
    await page.goto(host.url);
    await page.getByLabel('Company name').fill(ADMIN.company_name);
    await page.getByLabel('First name').fill(ADMIN.first_name);
    await page.getByLabel('Last name').fill(ADMIN.last_name);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Confirm password').fill(ADMIN.password);
    await page.screenshot({ path: 'test-results/screens/first-run.png', fullPage: true });
    await page.getByRole('button', { name: 'Create company' }).click();
    await expect(page.getByText(ADMIN.company_name).first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/home-after-setup.png', fullPage: true });
  });

  test('given a signed-out user, when the password is wrong, then the sign-in says so and stays put', async ({
    page,
  }) => {
    await page.goto(host.url);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await signIn(page, ADMIN.email, 'not the password');
    await expect(page.getByText('Incorrect email or password.')).toBeVisible();
    await page.screenshot({
      path: 'test-results/screens/sign-in-wrong-password.png',
      fullPage: true,
    });
  });

  test('given the right password, when signing in, then the company is shown, and a reload keeps the session', async ({
    page,
  }) => {
    await page.goto(host.url);
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByText(ADMIN.company_name).first()).toBeVisible();
    await page.reload();
    await expect(page.getByText(ADMIN.company_name).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  });
});
