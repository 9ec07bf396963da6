/**
 * Saved views in the document center (issue 15 item 16) end to end: a person saves the current
 * filters and sort under a name, clears them, picks the view from the "Views" menu to get them
 * back (also after a reload: the views live on the server), and deletes it.
 * Screenshots: /tmp/center-shots/views-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { defaultFileTypes, hostWithDatabaseForSpec } from './support/host-database';
import { signInThroughForm } from './support/host';

test.use({ viewport: { width: 1440, height: 900 } });

const spec = hostWithDatabaseForSpec(seed);

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
  for (const [index, [name, adj]] of [
    ['Alpha report', 'ADJ111'],
    ['Bravo report', 'ADJ222'],
    ['Charlie report', 'ADJ111'],
  ].entries())
    await spec.db.query(
      `INSERT INTO legal_processed_file
         (name, legal_file_type_id, legal_raw_file_id, company_id, created_at, updated_at,
          separated_at, adj_number, start_page_no, end_page_no, action_status, content)
       VALUES ($1, $2, $3, $4, now() - $5 * interval '1 hour', now(), now(), ARRAY[$6], $7, $7,
               'complete', 'x')`,
      [name, pr2.id, rawId, spec.companyId, index, adj, index + 1],
    );
}

const names = (page: Page) => page.getByTestId('document-table').locator('.ld-doc-name');

test('given filters and a sort saved as a view, when cleared and the view is picked, then they come back, also after a reload, until it is deleted', async ({
  page,
}) => {
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Document center' }).click();
  await expect(names(page)).toHaveText(['Alpha report', 'Bravo report', 'Charlie report']);

  // ADJ111, sorted by name descending.
  await page.getByRole('button', { name: 'More filters' }).click();
  await page.getByLabel('ADJ number').fill('ADJ111');
  await page.getByRole('heading', { name: 'Document center' }).click();
  const nameHeader = page.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await nameHeader.getByRole('button').click();
  await expect(names(page)).toHaveText(['Charlie report', 'Alpha report']);

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the current view' });
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog.getByText('Name the view.')).toBeVisible();
  await dialog.getByLabel('View name').fill('ADJ111 newest name first');
  await page.screenshot({ path: '/tmp/center-shots/views-save.png' });
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(names(page)).toHaveCount(3);

  await page.reload();
  await expect(names(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Views' }).click();
  await page.screenshot({ path: '/tmp/center-shots/views-menu.png' });
  await page.getByRole('button', { name: 'ADJ111 newest name first', exact: true }).click();
  await expect(names(page)).toHaveText(['Charlie report', 'Alpha report']);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('button', { name: 'More filters (1 set)' })).toBeVisible();

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('button', { name: 'Delete view ADJ111 newest name first' }).click();
  await expect(page.getByText('No saved views yet')).toBeVisible();
  const { rows } = await spec.db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_view');
  expect(rows[0]!.n).toBe(0);
});
