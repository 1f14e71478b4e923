import type { Email, Notification, Page as ApiPage } from '@teaminbox/contracts';
import { startApp, type RunningApp } from '../support/app-server';
import {
  api,
  createTeamViaApi,
  expect,
  joinTeamViaApi,
  newAccount,
  signInViaApi,
  signUpViaApi,
  test,
} from '../support/fixtures';

/** Every notification of a user, all pages. */
async function allNotifications(url: string, token: string): Promise<Notification[]> {
  const found: Notification[] = [];
  for (let page = 0; ; page++) {
    const answer = await api<ApiPage<Notification>>(url, token, 'GET', `/notifications?page=${page}&size=100`);
    found.push(...answer.content);
    if (page + 1 >= answer.totalPages) return found;
  }
}

/** Runs without a browser: the product as a process, killed with SIGKILL while it is notifying a burst. */
test.describe('a crash while notifying', () => {
  const apps: RunningApp[] = [];
  test.afterAll(async () => {
    for (const app of apps.reverse()) await app.stop();
  });

  test('after SIGKILL and a restart every member has one notification per new email: none lost, none doubled', async () => {
    test.setTimeout(240_000);
    // The run's mail sink receives the invitation (and the notification emails).
    const env = { SMTP_URL: process.env.E2E_SMTP_URL ?? '', MAIL_FROM: 'Team Inbox <no-reply@teaminbox.test>' };
    const first = await startApp(env);
    apps.push(first);
    const admin = newAccount('crash-admin');
    const member = newAccount('crash-member');
    const adminToken = await signUpViaApi(first.url, admin);
    await createTeamViaApi(first.url, adminToken, 'Crash notifications');
    await joinTeamViaApi(first.url, adminToken, member);
    const memberToken = await signInViaApi(first.url, member);

    // A burst of new emails (6 per call); killed as soon as the first notifications are listed.
    const burst = Array.from({ length: 40 }, () =>
      api(first.url, adminToken, 'POST', '/emails/sample').catch(() => undefined),
    );
    await expect
      .poll(async () => (await api<number>(first.url, memberToken, 'GET', '/notifications/unread-count')) > 0, {
        timeout: 60_000,
        intervals: [20],
      })
      .toBe(true);
    await first.kill();
    await Promise.all(burst);

    apps.splice(apps.indexOf(first), 1);
    const second = await startApp(env, { workDir: first.workDir });
    apps.push(second);
    const adminAgain = await signInViaApi(second.url, admin);
    const memberAgain = await signInViaApi(second.url, member);
    const emails = (await api<ApiPage<Email>>(second.url, adminAgain, 'GET', '/emails?size=1')).totalElements;
    expect(emails).toBeGreaterThan(0);
    for (const token of [adminAgain, memberAgain]) {
      await expect
        .poll(async () => (await allNotifications(second.url, token)).length, { timeout: 120_000 })
        .toBe(emails);
      const listed = await allNotifications(second.url, token);
      expect(new Set(listed.map((n) => n.id)).size).toBe(emails);
      expect(new Set(listed.map((n) => n.emailId)).size).toBe(emails);
      expect(listed.every((n) => n.type === 'EMAIL_RECEIVED')).toBe(true);
    }
    // Still one each a moment later: nothing arrives twice after the catch-up.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await allNotifications(second.url, memberAgain)).length).toBe(emails);
  });
});
