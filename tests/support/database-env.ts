/**
 * How tests/support/global-setup.ts hands the run's PostgreSQL to the test files: forked workers
 * inherit these variables (and get the same values through vitest's `inject`).
 */
/** The admin URL (database `postgres`) of the run's server. */
export const ADMIN_URL_ENV = 'LEXDESK_TEST_ADMIN_URL';
/** The migrated template database every test database is cloned from. */
export const TEMPLATE_ENV = 'LEXDESK_TEST_TEMPLATE';
