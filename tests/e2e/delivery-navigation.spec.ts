/**
 * The right product for each user (issue 19): on the demo data set, a project manager of the
 * provider signs in to the delivery navigation and its projects (team, tech stacks, environments),
 * a tech lead adds an environment, a law-firm user gets the legal navigation, and the internal
 * admin's company switcher moves between a delivery company and the law firm.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoHostForSpec, signInToDemo } from './support/demo';

const SHOTS = '/tmp/delivery-shots';

const demo = demoHostForSpec();
const signIn = (page: Page, email: string) => signInToDemo(page, demo.host, email);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a project manager gets the delivery navigation and their projects', async ({ page }) => {
  await signIn(page, 'pm@northwind.example');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Talent' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Document center' })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Raw files' })).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Projects' });
  await expect(table.getByRole('link', { name: 'Fleet tracking portal' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Delivery tooling' })).toBeVisible();
  // Not on the scanner app's team: not listed.
  await expect(table.getByRole('link', { name: 'Warehouse scanner app' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/pm-projects.png`, fullPage: true });

  await table.getByRole('link', { name: 'Fleet tracking portal' }).click();
  const team = page.getByRole('table', { name: 'Team members' });
  await expect(team.getByText('Quinn Avery')).toBeVisible();
  await expect(team.getByText('QA Engineer')).toBeVisible();
  await expect(page.getByText('Token …4821')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Environments' }).getByText('develop'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/pm-project-detail.png`, fullPage: true });

  await nav(page).getByRole('link', { name: 'Talent' }).click();
  const talent = page.getByRole('table', { name: 'Talent' });
  for (const role of [
    'Tech Lead',
    'Engineering Manager',
    'Developer',
    'Solution Architect',
    'QA Engineer',
    'Project Manager',
    'Designer',
  ])
    await expect(talent.getByText(role, { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/pm-talent.png`, fullPage: true });

  // A legal screen opened by address sends a delivery user back to their start.
  await page.goto(`${demo.host.url}/#/projects`);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await page.goto(`${demo.host.url}/#/documents`);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
});

test('a tech lead adds an environment to a project they lead', async ({ page }) => {
  await signIn(page, 'techlead@northwind.example');
  await page
    .getByRole('table', { name: 'Projects' })
    .getByRole('link', { name: 'Warehouse scanner app' })
    .click();
  await page.getByRole('button', { name: 'Add environment' }).click();
  await page.getByLabel('Environment', { exact: true }).fill('production');
  await page.getByLabel('Branch', { exact: true }).fill('main');
  await page.getByRole('button', { name: 'Save' }).click();
  const envs = page.getByRole('table', { name: 'Environments' });
  await expect(envs.getByText('production')).toBeVisible();
  await expect(envs.getByText('release/2.3')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/techlead-environments.png`, fullPage: true });
});

test('a law-firm user gets the legal navigation', async ({ page }) => {
  await signIn(page, 'paralegal@harborvine.example');
  await expect(nav(page).getByRole('link', { name: 'Document center' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Projects' })).toHaveCount(0);
  await page.goto(`${demo.host.url}/#/projects`);
  await expect(page.getByRole('heading', { name: 'Needs review' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/paralegal-legal-nav.png`, fullPage: true });
});

test("the internal admin's company switcher moves between the delivery and the legal product", async ({
  page,
}) => {
  await signIn(page, 'admin@northwind.example');
  await expect(nav(page).getByRole('link', { name: 'Projects' })).toBeVisible();
  const switcher = page.getByTestId('company-switcher');
  await switcher.selectOption({ label: "Harbor & Vine Workers' Comp LLP (legal)" });
  await expect(nav(page).getByRole('link', { name: 'Document center' })).toBeVisible();
  await expect(page.getByTestId('company-name')).toHaveText("Harbor & Vine Workers' Comp LLP");
  await switcher.selectOption({ label: 'Lakeside Logistics (delivery)' });
  await expect(nav(page).getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Projects' })
      .getByRole('link', { name: 'Warehouse scanner app' }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-switcher.png`, fullPage: true });
});
