/**
 * Specs on the demo data set (the delivery ones: requests, boards, tasks, navigation): one demo
 * host for the spec's tests, and signing a demo user in through the form.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm, startHost, type RunningHost } from './host';

/** Every demo user's password (scripts/start.mjs --demo). */
export const DEMO_PASSWORD = 'demo1234!';

export interface DemoHost {
  host: RunningHost;
}

/** Starts a host on the demo data set before the spec's tests; stops it after them. */
export function demoHostForSpec(): DemoHost {
  const spec = {} as DemoHost;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    spec.host = await startHost({ demo: true });
  });
  test.afterAll(async () => {
    await spec.host?.stop();
  });
  return spec;
}

/** Opens the app signed out, signs the demo user in and waits for the app's shell. */
export async function signInToDemo(page: Page, host: RunningHost, email: string): Promise<void> {
  await signInThroughForm(page, host, email, DEMO_PASSWORD);
  await expect(page.getByTestId('company-name')).toBeVisible();
}
