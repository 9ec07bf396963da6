/**
 * Filter validation and the company's date format (issue 15 items 10 and 11) and the document
 * center's compact filter bar (item 16), end to end against the real host, server and PostgreSQL.
 * The company writes dates DD.MM.YYYY. A backwards range, a year far past 2099 and a 20-digit page
 * count are each said next to their field, nothing is sent for them, and no rows from before are
 * shown as the answer. Screenshots: /tmp/center-shots/filter-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { filterDayMessage, PAGES_MESSAGE, RANGE_MESSAGE } from '../../src/shared/filters/rules';
import { defaultFileTypes, hostWithDatabaseForSpec } from './support/host-database';
import { signInThroughForm } from './support/host';

test.use({ viewport: { width: 1440, height: 900 } });

const FORMAT = 'DD.MM.YYYY';
const spec = hostWithDatabaseForSpec(seed);

async function seed(): Promise<void> {
  await spec.db.query('UPDATE company SET date_format = $1 WHERE id = $2', [
    FORMAT,
    spec.companyId,
  ]);
  const type = await defaultFileTypes(spec);
  const pr2 = await type('PR-2 Progress Report');
  const raw = async (name: string, pages: number, at: string) =>
    (
      await spec.db.query<{ id: string }>(
        `INSERT INTO raw_file (name, size, no_of_pages, status, company_id, created_at)
         VALUES ($1, 1000, $2, 'Processed', $3, $4) RETURNING id`,
        [name, pages, spec.companyId, at],
      )
    ).rows[0]!.id;
  const rawId = await raw('march-bundle.pdf', 12, '2026-03-10T12:00:00Z');
  await raw('april-scan.pdf', 2, '2026-04-02T12:00:00Z');
  for (const [name, at] of [
    ['Report of March 10', '2026-03-10T12:00:00Z'],
    ['Report of March 20', '2026-03-20T12:00:00Z'],
  ] as const)
    await spec.db.query(
      `INSERT INTO legal_processed_file
         (name, legal_file_type_id, legal_raw_file_id, company_id, created_at, updated_at,
          separated_at, adj_number, start_page_no, end_page_no, action_status, content)
       VALUES ($1, $2, $3, $4, $5, $5, $5, ARRAY['ADJ1'], 1, 2, 'complete', 'text')`,
      [name, pr2.id, rawId, spec.companyId, at],
    );
}

const names = (page: Page) => page.getByTestId('document-table').locator('.ld-doc-name');

/** The GraphQL list requests the page sent, as their JSON text. */
function listRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (body.includes('DocumentCenterFiles') || request.url().includes('getRawFiles'))
      sent.push(body);
  });
  return sent;
}

test('given the document center, when a range is backwards or a year is 275760, then the field says why, nothing is sent and no stale rows show', async ({
  page,
}) => {
  const sent = listRequests(page);
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Document center' }).click();
  await expect(names(page)).toHaveCount(2);

  // The compact bar: few filters inline, the rest in "More filters" with a count of those set.
  await expect(page.getByLabel('ADJ number')).toHaveCount(0);
  await expect(page.getByLabel('Processed from')).toHaveAttribute('placeholder', FORMAT);
  await page.getByRole('button', { name: 'More filters' }).click();
  await page.getByLabel('ADJ number').fill('ADJ1');
  await expect(page.getByRole('button', { name: 'More filters (1 set)' })).toBeVisible();
  await page.screenshot({ path: '/tmp/center-shots/filter-more-open.png' });
  await page.getByLabel('ADJ number').fill('');
  await page.getByRole('heading', { name: 'Document center' }).click();
  await expect(page.getByRole('group', { name: 'More filters' })).toHaveCount(0);

  // A day in the company's format filters the list.
  await page.getByLabel('Processed from').fill('15.03.2026');
  await expect(names(page)).toHaveText(['Report of March 20']);

  // Backwards: the end says so, the list is not shown as if it answered.
  await page.getByLabel('Processed to').fill('01.03.2026');
  await expect(page.getByText(RANGE_MESSAGE)).toBeVisible();
  await expect(page.getByLabel('Processed to')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Fix the marked filters')).toBeVisible();
  await expect(names(page)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/center-shots/filter-backwards.png' });

  // A year far past 2099 is refused in the company's format.
  await page.getByLabel('Processed to').fill('');
  await page.getByLabel('Processed from').fill('01.01.275760');
  await expect(page.getByText(filterDayMessage(FORMAT))).toBeVisible();
  await expect(names(page)).toHaveCount(0);

  // Inside "More filters": the button turns red, the field says why.
  await page.getByLabel('Processed from').fill('');
  await expect(names(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'More filters' }).click();
  await page.getByLabel('Separated on').fill('31.02.2026');
  await expect(page.getByText(filterDayMessage(FORMAT))).toBeVisible();
  await expect(names(page)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/center-shots/filter-separated.png' });

  expect(sent.some((body) => body.includes('275760'))).toBe(false);
  expect(sent.some((body) => body.includes('2026-02-31'))).toBe(false);
});

test('given the raw-file list, when min pages has 20 digits or a range is backwards, then the field says why and no rows from before are shown', async ({
  page,
}) => {
  const sent = listRequests(page);
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Raw files' }).click();
  const rows = page.getByRole('row').filter({ hasText: '.pdf' });
  await expect(rows).toHaveCount(2);
  await expect(page.getByLabel('Uploaded from')).toHaveAttribute('placeholder', FORMAT);

  await page.getByLabel('Minimum pages').fill('12345678901234567890');
  await expect(page.getByText(PAGES_MESSAGE)).toBeVisible();
  await expect(page.getByLabel('Minimum pages')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Fix the marked filters')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('Some of the information entered is not valid.')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/center-shots/filter-raw-pages.png' });

  await page.getByLabel('Minimum pages').fill('10');
  await expect(rows).toHaveCount(1);

  await page.getByLabel('Minimum pages').fill('');
  await page.getByLabel('Uploaded from').fill('01.04.2026');
  await expect(rows).toHaveText([/april-scan\.pdf/]);
  await page.getByLabel('Uploaded to').fill('01.03.2026');
  await expect(page.getByText(RANGE_MESSAGE)).toBeVisible();
  await expect(rows).toHaveCount(0);
  await page.screenshot({ path: '/tmp/center-shots/filter-raw-backwards.png' });

  expect(sent.some((body) => body.includes('12345678901234567890'))).toBe(false);
});
