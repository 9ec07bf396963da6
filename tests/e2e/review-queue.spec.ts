/**
 * "Needs review" end to end, in Chromium against the real host, server and PostgreSQL. The spec
 * seeds four exceptions straight into the host's database (support/host-database.ts), plus a finished document and a deleted exception that must
 * not be listed. Then: kind tabs with counts, oldest first, the keyboard flow (j/k move, r marks
 * reviewed and the selection moves on, Enter opens the document with ?queue=), and, when the
 * desktop offers offline review, the queue saved on this computer while the server is unreachable.
 * Screenshots: /tmp/h3-review-queue.png, /tmp/h3-review-offline.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { defaultFileTypes, hostWithDatabaseForSpec } from './support/host-database';
import { graphql, signInThroughForm } from './support/host';

test.use({ viewport: { width: 1440, height: 900 } });

const spec = hostWithDatabaseForSpec(seed);
const ids: Record<string, string> = {};

const NAMES = {
  grocery: 'Grocery list (p. 1)',
  lee: 'QME Report - Ann Lee (pp. 1-4)',
  chan: 'PR-2 Progress Report - Bo Chan (p. 1)',
  fax: 'Unknown fax (p. 2)',
};

async function seed(): Promise<void> {
  const fileType = await defaultFileTypes(spec);
  const qme = (await fileType('QME Report')).id;
  const pr2 = (await fileType('PR-2 Progress Report')).id;
  ids.raw = (
    await spec.db.query<{ id: string }>(
      `INSERT INTO raw_file (name, size, no_of_pages, status, company_id, created_at)
       VALUES ('morning-mail.pdf', 1000, 9, 'Processed', $1, '2026-01-01T08:00:00Z') RETURNING id`,
      [spec.companyId],
    )
  ).rows[0]!.id;
  const doc = async (
    name: string,
    type: string | null,
    at: string,
    reasons: string[],
    extra: { adj?: string[]; deleted?: boolean } = {},
  ) =>
    (
      await spec.db.query<{ id: string }>(
        `INSERT INTO legal_processed_file
           (name, legal_file_type_id, legal_raw_file_id, company_id, created_at, updated_at,
            separated_at, adj_number, start_page_no, end_page_no, action_status, content,
            is_exception, exception_reasons, is_deleted)
         VALUES ($1, $2, $3, $4, $5, $5, $5, $6, 1, 1, 'complete', '', $7, $8, $9) RETURNING id`,
        [
          name,
          type,
          ids.raw,
          spec.companyId,
          at,
          extra.adj ?? [],
          reasons.length > 0,
          reasons,
          extra.deleted ?? false,
        ],
      )
    ).rows[0]!.id;
  ids.grocery = await doc(NAMES.grocery, null, '2026-01-01T09:00:00Z', [
    'no_file_type',
    'needs_case_number',
  ]);
  ids.lee = await doc(NAMES.lee, qme, '2026-01-02T09:00:00Z', ['multi_case'], {
    adj: ['ADJ1111111', 'ADJ2222222'],
  });
  ids.chan = await doc(NAMES.chan, pr2, '2026-01-03T09:00:00Z', ['needs_case_number']);
  ids.fax = await doc(NAMES.fax, null, '2026-01-04T09:00:00Z', ['no_file_type']);
  // Not in the queue: a finished document and a deleted exception.
  await doc('Finished report (p. 3)', pr2, '2026-01-01T10:00:00Z', [], { adj: ['ADJ3333333'] });
  await doc('Deleted exception (p. 4)', null, '2026-01-01T11:00:00Z', ['no_file_type'], {
    deleted: true,
  });
}

const rows = (page: Page) => page.locator('tr.ld-review-row');
const selectedName = (page: Page) =>
  page.locator('tr.ld-review-row[aria-selected="true"] td.ld-review-name');

async function openReview(page: Page): Promise<void> {
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Needs review' }).click();
  await expect(page.getByRole('heading', { name: 'Needs review' })).toBeVisible();
}

test('given four exceptions, when "Needs review" opens, then each kind is counted and the queue lists oldest first with its reasons', async ({
  page,
}) => {
  await openReview(page);
  await expect(page.getByTestId('review-count-all')).toHaveText('4');
  await expect(page.getByTestId('review-count-no_file_type')).toHaveText('2');
  await expect(page.getByTestId('review-count-multi_case')).toHaveText('1');
  await expect(page.getByTestId('review-count-needs_case_number')).toHaveText('2');
  await expect(rows(page).locator('td.ld-review-name')).toHaveText([
    NAMES.grocery,
    NAMES.lee,
    NAMES.chan,
    NAMES.fax,
  ]);
  const lee = rows(page).filter({ hasText: NAMES.lee });
  await expect(lee.getByText('Multiple cases')).toBeVisible();
  await expect(lee.getByText('ADJ1111111, ADJ2222222')).toBeVisible();
  await expect(lee.getByText('QME Report', { exact: true })).toBeVisible();
  await expect(rows(page).first().getByText('Needs case number')).toBeVisible();
  await expect(page.getByLabel('Keyboard shortcuts')).toContainText('mark reviewed');
  await page.screenshot({ path: '/tmp/h3-review-queue.png', fullPage: true });

  await page.getByRole('tab', { name: /No file type/ }).click();
  await expect(page).toHaveURL(/#\/review\?tab=no_file_type$/);
  await expect(rows(page).locator('td.ld-review-name')).toHaveText([NAMES.grocery, NAMES.fax]);
  await page.getByRole('tab', { name: /Multiple cases/ }).click();
  await expect(rows(page).locator('td.ld-review-name')).toHaveText([NAMES.lee]);
  // The raw file's name opens the raw file.
  await rows(page).getByRole('link', { name: 'morning-mail.pdf' }).click();
  await expect(page).toHaveURL(new RegExp(`#/raw-files/${ids.raw}$`));
});

test('given the queue, when j/k move, r marks reviewed and Enter opens, then the document leaves the queue and the next one is selected', async ({
  page,
}) => {
  await openReview(page);
  await expect(selectedName(page)).toHaveText(NAMES.grocery);
  await page.keyboard.press('j');
  await expect(selectedName(page)).toHaveText(NAMES.lee);
  await page.keyboard.press('ArrowDown');
  await expect(selectedName(page)).toHaveText(NAMES.chan);
  await page.keyboard.press('k');
  await expect(selectedName(page)).toHaveText(NAMES.lee);

  await page.keyboard.press('r');
  await expect(rows(page).filter({ hasText: NAMES.lee })).toHaveCount(0);
  await expect(selectedName(page)).toHaveText(NAMES.chan);
  await expect(page.getByTestId('review-count-all')).toHaveText('3');
  await expect(page.getByTestId('review-count-multi_case')).toHaveText('0');
  const reviewed = await spec.db.query<{ reviewed_at: Date | null; is_exception: boolean }>(
    'SELECT reviewed_at, is_exception FROM legal_processed_file WHERE id = $1',
    [ids.lee],
  );
  expect(reviewed.rows[0]?.reviewed_at).not.toBeNull();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/documents/${ids.chan}\\?queue=all$`));
  await page.goBack();
  await expect(rows(page).locator('td.ld-review-name')).toHaveText([
    NAMES.grocery,
    NAMES.chan,
    NAMES.fax,
  ]);
});

test('given the queue loaded once, when the server cannot be reached, then the queue saved on this computer is shown', async ({
  page,
}) => {
  await openReview(page);
  // What the server lists now (this test does not depend on what the others reviewed).
  const listed = async (statusType: string) => {
    const data = await graphql<{ reviewQueue: { items: Array<{ name: string }> } }>(
      spec.host.serverUrl,
      'query($c: ID!, $s: String) { reviewQueue(company_id: $c, statusType: $s) { items { name } } }',
      { c: spec.companyId, s: statusType },
      spec.token,
    );
    return data.reviewQueue.items.map((item) => item.name);
  };
  const all = await listed('all');
  const untyped = await listed('no_file_type');
  expect(untyped).toEqual([NAMES.grocery, NAMES.fax]);
  const names = rows(page).locator('td.ld-review-name');
  await expect(names).toHaveText(all);
  await page.getByRole('tab', { name: /No file type/ }).click();
  await expect(names).toHaveText(untyped);
  await page.getByRole('tab', { name: /^All/ }).click();
  await expect(names).toHaveText(all);
  // The server stops answering GraphQL (the host and its bridge stay up).
  await page.route(`${spec.host.serverUrl}/graphql`, (route) =>
    route.abort('internetdisconnected'),
  );
  await page.getByRole('tab', { name: /No file type/ }).click();
  await expect(page.getByText('Offline — showing documents saved on this computer')).toBeVisible();
  await expect(names).toHaveText(untyped);
  await page.getByRole('tab', { name: /^All/ }).click();
  await expect(names).toHaveText(all);
  await page.screenshot({ path: '/tmp/h3-review-offline.png', fullPage: true });
  // Back online: "Try again" asks the server again.
  await page.unroute(`${spec.host.serverUrl}/graphql`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Offline — showing documents saved on this computer')).toHaveCount(0);
  await expect(names).toHaveText(all);
});
