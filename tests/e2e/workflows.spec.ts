import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { BUNDLE_PAGES } from '../integration/fixtures/bundle';
import { registerOne, tusClient } from '../integration/fixtures/raw-files';
import { BUNDLE_NAME } from './support/bundle';
import { hostForSpec, signInThroughForm } from './support/host';

const spec = hostForSpec();
const SHOTS = 'test-results/screens';

/** Drags from one handle to another with the mouse, as a person connects two steps. */
async function connect(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('a handle is not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

test('given an administrator, when a workflow is built on the canvas and saved, then it is there after a reload and in the history', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1500, height: 950 });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Workflows', exact: true }).click();
  await expect(page.getByText('No workflows yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New workflow' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('New QME reports');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  const row = page.getByRole('row', { name: 'New QME reports' });
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: 'New workflow' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Intake alerts');
  await page.getByRole('dialog').getByLabel('Active').check({ force: true });
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('row', { name: 'Intake alerts' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/workflows-list.png` });

  await row.getByRole('link', { name: 'New QME reports' }).click();
  const canvas = page.getByTestId('wf-canvas');
  await expect(canvas).toBeVisible();

  // The trigger is dragged from the palette; the notify step is added by pressing it.
  await page
    .getByRole('button', { name: 'Add Document completed or reviewed' })
    .dragTo(canvas, { targetPosition: { x: 200, y: 200 } });
  const trigger = page.getByRole('group', { name: 'Step Document completed or reviewed' });
  await expect(trigger).toBeVisible();
  await page.getByRole('button', { name: 'Add Notify' }).click();
  const notify = page.getByRole('group', { name: 'Step Notify' });
  await expect(notify).toBeVisible();

  // Unconnected and unconfigured: the notify step is outlined with its problems before a save.
  await expect(notify.getByRole('alert')).toContainText('not connected to the trigger');
  await expect(notify.getByRole('alert')).toContainText('Enter the message.');
  await page.getByRole('button', { name: 'Auto-layout' }).click();
  await page.screenshot({ path: `${SHOTS}/workflow-editor-problems.png` });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'problems to fix before saving' }),
  ).toBeVisible();

  // A step added by mistake goes with the Delete key; Ctrl+Z brings it back, and Delete again.
  await page.getByRole('button', { name: 'Add Wait for review' }).click();
  const wait = page.getByRole('group', { name: 'Step Wait for review' });
  await expect(wait).toBeVisible();
  await page.keyboard.press('Delete');
  await expect(wait).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(wait).toBeVisible();
  await page.keyboard.press('Delete');
  await expect(wait).toHaveCount(0);

  await connect(
    page,
    trigger.locator('.react-flow__handle.source'),
    notify.locator('.react-flow__handle.target'),
  );
  await expect(notify.getByRole('alert')).not.toContainText('not connected to the trigger');

  // Undo takes the connection away, redo brings it back.
  await canvas.click({ position: { x: 20, y: 20 } });
  await page.keyboard.press('Control+z');
  await expect(notify.getByRole('alert')).toContainText('not connected to the trigger');
  await page.keyboard.press('Control+Shift+z');
  await expect(notify.getByRole('alert')).not.toContainText('not connected to the trigger');

  await notify.click();
  const panel = page.getByRole('complementary', { name: 'Step settings' });
  await panel.getByRole('checkbox', { name: 'admin' }).check({ force: true });
  await panel.getByLabel('Message').fill('A new QME report arrived.');
  await expect(page.getByText('Ready to save')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Workflow saved.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/workflow-editor-saved.png` });

  await page.reload();
  await expect(page.getByRole('group', { name: /^Step / })).toHaveCount(2);
  await expect(page.locator('.react-flow__edge')).toHaveCount(1);

  await page.goto(`${spec.host.url}#/workflow-history`);
  const saved = page.getByRole('article', { name: 'Change to New QME reports' }).first();
  await expect(saved).toContainText('saved steps and connections');
  await expect(saved).toContainText('Notify');
  await page.screenshot({ path: `${SHOTS}/workflow-history.png` });

  await page.getByRole('link', { name: 'Workflow logs' }).click();
  await expect(page.getByRole('heading', { name: 'Workflow logs' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/workflow-logs.png` });
});

test('given a workflow, when it is renamed, duplicated, deactivated and deleted, then the list follows each', async ({
  page,
}) => {
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Workflows', exact: true }).click();
  const row = page.getByRole('row', { name: 'Intake alerts' });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Intake alerts (CA)');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  const renamed = page.getByRole('row', { name: 'Intake alerts (CA)', exact: true });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Duplicate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('row', { name: 'Copy of Intake alerts (CA)' })).toBeVisible();

  const active = renamed.getByRole('checkbox', { name: 'Active: Intake alerts (CA)' });
  await expect(active).toBeChecked();
  await active.click({ force: true });
  await expect(active).not.toBeChecked();

  await renamed.getByRole('button', { name: 'Delete Intake alerts (CA)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toBeHidden();
  await page.reload();
  await expect(page.getByRole('row', { name: 'Copy of Intake alerts (CA)' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Intake alerts (CA)', exact: true })).toBeHidden();
});

/** A REST call of the workflow screens, with the spec's session. */
async function rest<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${spec.host.serverUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${spec.token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(JSON.stringify(answer));
  return answer.data;
}

test('given an active workflow and the logs screen open, when a bundle is processed elsewhere, then its grouped logs appear and turn Completed without a reload, and the detail shows each step', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const created = await rest<{ id: string }>('/workflow/create', {
    name: 'Tell admins about new documents',
    company_id: spec.companyId,
    is_active: true,
  });
  const viewer = await fetch(`${spec.host.serverUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${spec.token}` },
    body: JSON.stringify({ query: '{ viewer { user { id } } }' }),
  }).then((r) => r.json() as Promise<{ data: { viewer: { user: { id: string } } } }>);
  await rest('/workflow/update-nodes-and-edges', {
    workflowId: created.id,
    userId: viewer.data.viewer.user.id,
    newNodes: [
      {
        id: 'trigger',
        type: 'trigger.document',
        position: { x: 0, y: 0 },
        data: { config: { event: 'completed', file_type_ids: [], folder_ids: [] } },
      },
      {
        id: 'notify',
        type: 'action.notify',
        position: { x: 300, y: 0 },
        data: { config: { roles: ['admin'], staff_ids: [], emails: [], message: 'New document' } },
      },
    ],
    newEdges: [{ id: 'e1', source: 'trigger', target: 'notify' }],
  });

  await page.setViewportSize({ width: 1500, height: 950 });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Workflow logs' }).click();
  await expect(page.getByText('No workflow has run yet.')).toBeVisible();
  // A mark on this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The bundle is uploaded over the server's own API (tus), as another desktop would; this
  // screen is not touched again.
  const server = { url: spec.host.serverUrl };
  const bytes = await makeTextPdf(BUNDLE_PAGES);
  const file = await registerOne(server, spec.token, spec.companyId, { name: BUNDLE_NAME, bytes });
  const tus = tusClient(server, spec.token);
  const upload = await tus.create(file.id, bytes.length, BUNDLE_NAME);
  expect(upload.status).toBe(201);
  expect((await tus.patch(upload.location, 0, bytes)).status).toBe(204);

  // The runs of the bundle's three documents arrive live and turn Completed, with no reload.
  const table = page.getByRole('table', { name: 'Workflow logs' });
  await expect(table.getByTestId('wf-status').filter({ hasText: 'Completed' })).toHaveCount(3, {
    timeout: 120_000,
  });
  await expect(table.getByTestId('wf-status')).toHaveCount(3);
  await expect(page.getByText('3 groups')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
  await page.screenshot({ path: `${SHOTS}/workflow-logs-completed.png` });

  await table
    .getByRole('link', { name: /^Details of Tell admins about new documents/ })
    .first()
    .click();
  const step = page.getByRole('article', { name: /^Step Notify/ }).first();
  await expect(step).toBeVisible();
  await expect(step.getByTestId('wf-status')).toHaveText('Completed');
  await expect(step.getByTestId('wf-attempts')).toHaveText('1 attempt');
  await expect(step.getByLabel('Input of the step')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/workflow-log-detail.png`, fullPage: true });

  // A test run of the same workflow on a document says what each step would do, and does nothing.
  await page.getByRole('button', { name: 'Open the workflow' }).click();
  await page.getByRole('button', { name: 'Test run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test run' });
  await dialog.getByLabel('Find a document').fill('QME Report');
  await expect(dialog.getByLabel('Document', { exact: true })).toContainText('QME Report');
  await dialog.getByRole('button', { name: 'Run test' }).click();
  const steps = dialog.getByRole('table', { name: 'Test run steps' });
  await expect(steps.getByRole('row', { name: 'Notify' })).toContainText('would run');
  await page.screenshot({ path: `${SHOTS}/workflow-test-run.png` });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('button', { name: 'Logs', exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Workflow logs' }).getByTestId('wf-status'),
  ).toHaveCount(3);
});
