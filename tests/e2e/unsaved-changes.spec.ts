/**
 * Unsaved edits are never lost without a word (issue 15, item 2), in Chromium against the real host
 * and server: with the company settings changed, a sidebar link and Back ask "Discard unsaved
 * changes?" (Keep editing stays with the typed value, Discard changes goes on), a reload asks the
 * browser's question, and a saved form lets the person go; the case form (a dialog) asks too.
 * Screenshots: /tmp/polish-shots/unsaved-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { graphql, hostForSpec, signInThroughForm } from './support/host';

test.use({ viewport: { width: 1280, height: 800 } });

const spec = hostForSpec();
const QUESTION = 'Discard unsaved changes?';

async function openCompanySettings(page: Page): Promise<void> {
  await signInThroughForm(page, spec.host);
  await expect(page.getByRole('link', { name: 'Users' })).toBeVisible();
  await page.getByRole('link', { name: 'Company settings' }).click();
  await expect(page.getByLabel('Company name')).toBeVisible();
}

/** Types as a person does (a real key press, so the page counts as used by someone). */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label).click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

test('given company settings changed, when a sidebar link or Back is used, then LexDesk asks and keeps or discards the edit as chosen', async ({
  page,
}) => {
  await openCompanySettings(page);
  await typeInto(page, 'Company name', ' (draft)');
  const question = page.getByRole('dialog', { name: QUESTION });

  await page.getByRole('link', { name: 'Users' }).click();
  await expect(question).toBeVisible();
  await page.screenshot({ path: '/tmp/polish-shots/unsaved-company.png' });
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/#\/company$/);
  await expect(page.getByLabel('Company name')).toHaveValue('Harbor & Vine LLP (draft)');

  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/#\/company$/);
  await expect(page.getByLabel('Company name')).toHaveValue('Harbor & Vine LLP (draft)');

  await page.getByRole('link', { name: 'Users' }).click();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/#\/users$/);
  await page.getByRole('link', { name: 'Company settings' }).click();
  await expect(page.getByLabel('Company name')).toHaveValue('Harbor & Vine LLP');
});

test('given company settings changed, when the page is reloaded, then the browser asks first', async ({
  page,
}) => {
  await openCompanySettings(page);
  await typeInto(page, 'Company name', ' (draft)');
  const asked = page.waitForEvent('dialog');
  await page.evaluate(() => {
    setTimeout(() => window.location.reload(), 0);
  });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(page.getByLabel('Company name')).toHaveValue('Harbor & Vine LLP (draft)');
});

test('given company settings saved, when a sidebar link is used, then nothing is asked', async ({
  page,
}) => {
  await openCompanySettings(page);
  await typeInto(page, 'Company name', ' Group');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('company-name')).toHaveText('Harbor & Vine LLP Group');
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/#\/users$/);
  await expect(page.getByRole('dialog', { name: QUESTION })).toHaveCount(0);
});

test('given a case being edited in its dialog, when Back is used, then LexDesk asks first', async ({
  page,
}) => {
  const created = await graphql<{ createLegalCase: { id: string } }>(
    spec.host.serverUrl,
    'mutation($company_id: ID!, $input: LegalCaseInput!) { createLegalCase(company_id: $company_id, input: $input) { id } }',
    { company_id: spec.companyId, input: { case_number: 'WC-2025-0001', name: 'Lee v. Acme' } },
    spec.token,
  );
  await signInThroughForm(page, spec.host);
  await expect(page.getByRole('link', { name: 'Cases' })).toBeVisible();
  await page.getByRole('link', { name: 'Cases' }).click();
  await page
    .getByRole('table', { name: 'Cases' })
    .getByRole('link', { name: 'WC-2025-0001' })
    .click();
  await expect(page).toHaveURL(new RegExp(`#/cases/${created.createLegalCase.id}$`));
  await page.getByRole('button', { name: 'Edit' }).click();
  await typeInto(page, 'Case name', ' (amended)');
  await page.goBack();
  const question = page.getByRole('dialog', { name: QUESTION });
  await expect(question).toBeVisible();
  await page.screenshot({ path: '/tmp/polish-shots/unsaved-case.png' });
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`#/cases/${created.createLegalCase.id}$`));
  await expect(page.getByLabel('Case name')).toHaveValue('Lee v. Acme (amended)');
});
