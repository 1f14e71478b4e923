import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startApp } from './app-server';
import { startMailSink } from './mail-sink';

/** Starts one SMTP sink and one instance of the product for the whole browser-test run; returns the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const mailDir = mkdtempSync(join(tmpdir(), 'teaminbox-e2e-mail-'));
  // The screen states axe has checked in this run, shared by the workers (support/accessibility.ts).
  const a11yDir = mkdtempSync(join(tmpdir(), 'teaminbox-e2e-a11y-'));
  process.env.E2E_A11Y_DIR = a11yDir;
  const sink = await startMailSink(mailDir, await freePort());
  const app = await startApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'Team Inbox <no-reply@teaminbox.test>',
    // The mail tests configure a Dovecot on 127.0.0.1.
    ALLOW_PRIVATE_MAIL_HOSTS: 'true',
  });
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_WEB_ROOT = app.webRoot;
  // The product's data (its embedded PostgreSQL): `npm run verify` checks its read models after the browser tests.
  process.env.E2E_DATA_DIR = app.dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP_URL = sink.url;
  return async () => {
    await app.stop();
    await sink.stop();
    rmSync(mailDir, { recursive: true, force: true });
    rmSync(a11yDir, { recursive: true, force: true });
  };
}
