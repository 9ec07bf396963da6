/**
 * Bulk actions in the document center (issue 15 item 16) end to end: rows chosen with their
 * checkboxes are marked reviewed, given another type, or deleted with an "Undo" toast that brings
 * them back, or given a case found in the "Assign case" dialog; each action is one
 * bulkProcessedFiles call. Screenshots: /tmp/center-shots/bulk-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { defaultFileTypes, hostWithDatabaseForSpec } from './support/host-database';
import { graphql, signInThroughForm } from './support/host';

test.use({ viewport: { width: 1440, height: 900 } });

const spec = hostWithDatabaseForSpec(seed);
const NAMES = ['Alpha report', 'Bravo report', 'Charlie report'];
const CASE = { case_number: 'ADJ7700770', name: 'Ortiz v. Bayside Freight' };

async function seed(): Promise<void> {
  const type = await defaultFileTypes(spec);
  const pr2 = await type('PR-2 Progress Report');
  const rawId = (
    await spec.db.query<{ id: string }>(
      `INSERT INTO raw_file (name, size, no_of_pages, status, company_id, created_at)
       VALUES ('bundle.pdf', 1000, 3, 'Processed', $1, now()) RETURNING id`,
      [spec.companyId],
    )
  ).rows[0]!.id;
  for (const [index, name] of NAMES.entries())
    await spec.db.query(
      `INSERT INTO legal_processed_file
         (name, legal_file_type_id, legal_raw_file_id, company_id, created_at, updated_at,
          separated_at, start_page_no, end_page_no, action_status, content)
       VALUES ($1, $2, $3, $4, now() - $5 * interval '1 hour', now(), now(), $6, $6, 'complete', 'x')`,
      [name, pr2.id, rawId, spec.companyId, index, index + 1],
    );
  await graphql(
    spec.host.serverUrl,
    'mutation($company_id: ID!, $input: LegalCaseInput!) { createLegalCase(company_id: $company_id, input: $input) { id } }',
    { company_id: spec.companyId, input: { ...CASE, date_of_injury: '2024-09-23' } },
    spec.token,
  );
}

const names = (page: Page) => page.getByTestId('document-table').locator('.ld-doc-name');
const choose = (page: Page, name: string) => page.getByRole('checkbox', { name: `Choose ${name}` });

/** Counts the bulkProcessedFiles calls the page makes. */
function bulkCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (body.includes('BulkProcessedFiles')) calls.push(body);
  });
  return calls;
}

test('given two documents chosen, when deleted, then they leave the list and Undo brings them back', async ({
  page,
}) => {
  const calls = bulkCalls(page);
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Document center' }).click();
  await expect(names(page)).toHaveText(NAMES);

  await choose(page, 'Alpha report').check();
  await choose(page, 'Charlie report').check();
  await expect(page.getByTestId('bulk-count')).toHaveText('2 documents chosen');
  await page.screenshot({ path: '/tmp/center-shots/bulk-chosen.png' });

  await page
    .getByRole('toolbar', { name: 'Chosen documents' })
    .getByRole('button', {
      name: 'Delete',
    })
    .click();
  await expect(names(page)).toHaveText(['Bravo report']);
  await expect(page.getByTestId('bulk-count')).toHaveCount(0);
  const toast = page.locator('.bp6-toast').filter({ hasText: '2 documents deleted.' });
  await expect(toast).toBeVisible();
  await page.screenshot({ path: '/tmp/center-shots/bulk-deleted.png' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(names(page)).toHaveText(NAMES);
  const { rows } = await spec.db.query<{ deleted: number }>(
    'SELECT count(*)::int AS deleted FROM legal_processed_file WHERE is_deleted AND company_id = $1',
    [spec.companyId],
  );
  expect(rows[0]!.deleted).toBe(0);
  expect(calls).toHaveLength(2);
});

test('given the whole page chosen, when marked reviewed and given another type, then every document has both, one call each', async ({
  page,
}) => {
  const calls = bulkCalls(page);
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Document center' }).click();
  await expect(names(page)).toHaveText(NAMES);

  await page.getByRole('checkbox', { name: 'Choose every document on this page' }).check();
  await expect(page.getByTestId('bulk-count')).toHaveText('3 documents chosen');
  const bar = page.getByRole('toolbar', { name: 'Chosen documents' });
  await bar.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(page.getByText('3 documents marked reviewed.')).toBeVisible();
  await expect(bar).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Choose every document on this page' }).check();
  await bar.getByLabel('Change type').selectOption({ label: 'QME Report' });
  await expect(page.getByText('The type of 3 documents was changed.')).toBeVisible();
  // Every row shows the new type (its name follows the type too, so the text appears twice a row).
  await expect(
    page.getByTestId('document-table').getByRole('row').filter({ hasText: 'QME Report' }),
  ).toHaveCount(3);
  await page.screenshot({ path: '/tmp/center-shots/bulk-retyped.png' });

  const { rows } = await spec.db.query<{ reviewed: number; qme: number }>(
    `SELECT count(*) FILTER (WHERE reviewed_at IS NOT NULL)::int AS reviewed,
            count(*) FILTER (WHERE t.name = 'QME Report')::int AS qme
       FROM legal_processed_file f JOIN legal_file_type t ON t.id = f.legal_file_type_id
      WHERE f.company_id = $1 AND NOT f.is_deleted`,
    [spec.companyId],
  );
  expect(rows[0]).toEqual({ reviewed: 3, qme: 3 });
  expect(calls).toHaveLength(2);
});

test('given two documents chosen, when a case found by search is assigned, then the dialog shows it and both documents have it, in one call', async ({
  page,
}) => {
  const calls = bulkCalls(page);
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Document center' }).click();
  await expect(names(page)).toHaveCount(3);
  // Names follow the type the test before changed, so the rows are chosen by place.
  const rows = page.getByRole('checkbox', { name: /^Choose (?!every)/ });
  await rows.nth(0).check();
  await rows.nth(1).check();
  await expect(page.getByTestId('bulk-count')).toHaveText('2 documents chosen');

  await page
    .getByRole('toolbar', { name: 'Chosen documents' })
    .getByRole('button', { name: 'Assign case' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Assign a case to 2 documents' });
  await expect(dialog.getByText('No case chosen.')).toBeVisible();
  // One document's recommendations mean nothing for several: the dialog only searches.
  await expect(dialog.getByText('Recommended', { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Assign', exact: true })).toBeDisabled();
  await dialog.getByLabel('Search all cases').fill('Ortiz');
  const found = dialog.getByRole('list', { name: 'Case search results' });
  await expect(found).toContainText('DOI 09/23/2024');
  await found.getByRole('button', { name: 'Use this case' }).click();
  // The picked case is shown as the choice before it is sent.
  await expect(dialog.getByTestId('chosen-case')).toContainText(
    `${CASE.case_number} · ${CASE.name}`,
  );
  await page.screenshot({ path: '/tmp/center-shots/bulk-assign-case.png' });
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText('The case was assigned to 2 documents.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('bulk-count')).toHaveCount(0);

  const { rows: assigned } = await spec.db.query<{ with_case: number }>(
    `SELECT count(*)::int AS with_case
       FROM legal_processed_file f JOIN legal_case c ON c.id = f.legal_case_id
      WHERE f.company_id = $1 AND c.case_number = $2 AND NOT f.is_deleted`,
    [spec.companyId, CASE.case_number],
  );
  expect(assigned[0]!.with_case).toBe(2);
  expect(calls).toHaveLength(1);
});
