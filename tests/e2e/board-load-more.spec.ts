/**
 * "Load more" of one board column (issue 19, boards a column at a time): with more than a page of
 * tasks in the tech lead's To do column, the column shows its first page and its whole count;
 * "Load more" brings the next page's cards (scrolled to: columns are virtualized) and the count
 * stays what it was.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoHostForSpec, signInToDemo } from './support/demo';
import { graphql } from './support/host';

const SHOTS = '/tmp/delivery-shots';
const LEAD = 'techlead@northwind.example';
const SEEDED = 60;
const name = (i: number) => `Paged card ${String(i).padStart(2, '0')}`;

const demo = demoHostForSpec();

const todo = (page: Page) => page.locator('section[aria-label="To do"]').first();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const url = demo.host.serverUrl;
  const { signIn } = await graphql<{ signIn: { token: string } }>(
    url,
    'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { token } }',
    { e: LEAD, p: DEMO_PASSWORD },
  );
  const { viewer } = await graphql<{ viewer: { user: { id: string } } }>(
    url,
    '{ viewer { user { id } } }',
    {},
    signIn.token,
  );
  const { techLeadDashboard } = await graphql<{ techLeadDashboard: Array<{ id: string }> }>(
    url,
    '{ techLeadDashboard { id } }',
    {},
    signIn.token,
  );
  const requestId = techLeadDashboard[0]!.id;
  // Oldest first, so "Paged card 59" is the newest card of the column.
  for (let i = 0; i < SEEDED; i++)
    await graphql(
      url,
      'mutation($input: CreateTaskInput!) { createTask(input: $input) { id } }',
      {
        input: {
          name: name(i),
          description: 'A card of the load-more spec.',
          status_id: 1,
          task_type: 'feature',
          request_id: requestId,
          created_by: viewer.user.id,
          estimates: [{ talent_type_id: 3, hours: 1 }],
        },
      },
      signIn.token,
    );
});

test('given more than a page in To do, when the tech lead loads more, then the next cards come and the count stays', async ({
  page,
}) => {
  await signInToDemo(page, demo.host, LEAD);
  await page.goto(`${demo.host.url}#/tasks`);
  await page.getByRole('tab', { name: 'Tech lead' }).click();
  const column = todo(page);
  const more = column.getByRole('button', { name: /^Load more \(50 of \d+\)$/ });
  await expect(more).toBeVisible();
  const total = Number(/of (\d+)\)/.exec((await more.textContent()) ?? '')![1]);
  expect(total).toBeGreaterThanOrEqual(SEEDED);
  await expect(column.getByLabel(`${total} cards`)).toBeVisible();
  await expect(column.getByRole('listitem', { name: name(59) })).toBeVisible();
  // The first page is the 50 newest: cards 59 down to 10; 9 down to 0 are on the next.
  await expect(column.getByRole('listitem', { name: name(9) })).toHaveCount(0);

  await more.click();
  const shown = Math.min(100, total);
  await expect(
    shown < total
      ? column.getByRole('button', { name: `Load more (${shown} of ${total})` })
      : column.getByRole('button', { name: /^Load more/ }),
  ).toHaveCount(shown < total ? 1 : 0);
  await column.locator('.ld-board-cards').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  const scroller = column.locator('.ld-board-cards');
  // Scroll up from the bottom until the next page's newest card is drawn.
  await expect(async () => {
    await scroller.evaluate((el) => {
      el.scrollTop = Math.max(0, el.scrollTop - el.clientHeight / 2);
    });
    await expect(column.getByRole('listitem', { name: name(9) })).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(column.getByLabel(`${total} cards`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/board-load-more.png` });
});
