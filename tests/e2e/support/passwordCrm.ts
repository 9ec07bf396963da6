/**
 * What the specs connecting a CRM that signs in with a user name and password share
 * (crm-smartadvocate.spec.ts, crm-contactslaw.spec.ts): the provider's loopback fake and a demo
 * host allowed to call it, the demo administrator on the CRM integrations screen, and the sign-in
 * dialog filled in.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { FakePasswordCrm } from '../../support/fakePasswordCrm';
import { signInToDemo } from './demo';
import { startHost, type RunningHost } from './host';

export interface PasswordCrmHost<F extends FakePasswordCrm> {
  host: RunningHost;
  fake: F;
}

/** Starts the fake (then `prepare`s it) and the demo host before the spec's tests; stops both after. */
export function passwordCrmHostForSpec<F extends FakePasswordCrm>(
  startFake: () => Promise<F>,
  prepare: (fake: F) => void = () => {},
): PasswordCrmHost<F> {
  const spec = {} as PasswordCrmHost<F>;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    spec.fake = await startFake();
    prepare(spec.fake);
    spec.host = await startHost({ demo: true, env: { CRM_ALLOWED_BASE_URLS: spec.fake.url } });
  });
  test.afterAll(async () => {
    await spec.host?.stop();
    await spec.fake?.close();
  });
  return spec;
}

/** Signs the demo company's administrator in (1440×900) and opens CRM integrations. */
export async function openCrmIntegrations(page: Page, host: RunningHost): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToDemo(page, host, 'admin@harborvine.example');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'CRM integrations' })
    .click();
  await expect(page.getByRole('heading', { name: 'CRM integrations' })).toBeVisible();
}

/** Fills the sign-in dialog (the address under the provider's label) and presses Sign in. */
export async function submitSignIn(
  dialog: Locator,
  fields: { username: string; password: string; addressLabel: string; address: string },
): Promise<void> {
  await dialog.getByLabel('Email or user name').fill(fields.username);
  await dialog.getByLabel('Password').fill(fields.password);
  await dialog.getByLabel(fields.addressLabel).fill(fields.address);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}
