import { defineConfig } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium against the real, built stack started by global-setup. Then, once every browser
 * test ran, `npm run verify` proves the read models that run left behind (project 'read models').
 */
export default defineConfig({
  // 'read models' is the teardown of 'browser': it runs once the browser tests ended, whether they passed or not.
  projects: [
    { name: 'browser', testDir: './tests', teardown: 'read models' },
    { name: 'read models', testDir: './verify' },
  ],
  globalSetup: require.resolve('./support/global-setup'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two files at a time, each file's tests in order in one worker. The tests share the app, its PostgreSQL and the
  // SMTP sink but nothing else: each signs up its own users and team, starts its own Dovecot and reads only the mail
  // sent to its own addresses; a missing remote is faked for the test's own page, and a test that crashes or restarts
  // an app starts one of its own.
  workers: 2,
  fullyParallel: false,
  // The suite's own run (tools/test.sh sets CI) runs 2 workers beside Dovecot, the app and its PostgreSQL on a shared
  // 2-core machine: a test that fails once is run once more, and the closing summary names it as flaky. Run by hand,
  // a failure is final.
  retries: process.env.CI ? 1 : 0,
  outputDir: '../test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
