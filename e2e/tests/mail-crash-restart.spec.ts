import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Email, EmailServerConfig, Page as EmailPage } from '@teaminbox/contracts';
import { startApp, type RunningApp } from '../support/app-server';
import { startDovecot, type TestDovecot } from '../support/dovecot';
import { api, connectDovecotViaApi, expect, signInViaApi, test, waitForSyncOverViaApi } from '../support/fixtures';
import { adminWithTeam } from '../support/teams';
import { fillInbox } from '../support/customer-mail';

const MESSAGES = 5000;

/**
 * Every number of the same width: the inbox search matches words by prefix, and "Order question 25" would also find
 * 250-259 and 2500-2599 (more than a page, all of the same date).
 */
const subjectOf = (i: number) => `Order question ${String(i).padStart(4, '0')}`;

function message(i: number): string {
  return [
    'From: Customer <customer@example.com>',
    'To: support@example.com',
    `Subject: ${subjectOf(i)}`,
    `Message-ID: <crash-${i}@example.com>`,
    'Date: Mon, 2 Nov 2026 10:00:00 +0000',
    '',
    `Where is my order ${i}? ${'Some text to give the message a body. '.repeat(20)}`,
    '',
  ].join('\r\n');
}

type SyncStatus = EmailServerConfig & {
  syncProgress: { total: number; done: number } | null;
  lastSyncAt: string | null;
};

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs without a browser: the product as a process, killed with SIGKILL in the middle of a first sync. */
test.describe('a crash during the first sync', () => {
  let dovecot: TestDovecot;
  const apps: RunningApp[] = [];

  test.beforeAll(async () => {
    // Thousands of APPENDs: longer than a test's default time when the machine is busy with another test.
    test.setTimeout(180_000);
    dovecot = await startDovecot();
    await fillInbox(dovecot, MESSAGES, message);
  });
  test.afterAll(async () => {
    for (const app of apps.reverse()) await app.stop();
    await dovecot?.stop();
  });

  test('an app killed mid-sync resumes after a restart: nothing lost, nothing doubled', async () => {
    test.setTimeout(240_000);
    const env = { ALLOW_PRIVATE_MAIL_HOSTS: 'true' };
    const first = await startApp(env);
    const { account, token } = await adminWithTeam(first.url, 'crash', 'Crash crew');
    await connectDovecotViaApi(first.url, token, dovecot);
    // Kill as soon as the first batches are stored, well before the sync can finish.
    let progress: SyncStatus['syncProgress'] = null;
    await expect
      .poll(
        async () => {
          progress = (await api<SyncStatus>(first.url, token, 'GET', '/email-server-config')).syncProgress;
          return progress?.done ?? 0;
        },
        { timeout: 60_000, intervals: [20] },
      )
      .toBeGreaterThan(0);
    await first.kill();
    const killedAt = progress as unknown as { total: number; done: number };
    expect(killedAt.total).toBe(MESSAGES);
    expect(killedAt.done).toBeLessThan(MESSAGES);
    const orphan = Number.parseInt(
      readFileSync(join(first.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
      10,
    );
    expect(isAlive(orphan)).toBe(true);

    // The same data directory: the server the killed app left running is stopped, the sync resumes.
    let second: RunningApp;
    try {
      second = await startApp(env, { workDir: first.workDir });
    } catch (error) {
      if (isAlive(orphan)) process.kill(orphan, 'SIGINT');
      throw error;
    }
    apps.push(second);
    expect(second.output()).toContain(
      `The embedded PostgreSQL (pid ${orphan}) of an app that ended without stopping it`,
    );
    const again = await signInViaApi(second.url, account);
    await waitForSyncOverViaApi(second.url, again, 120_000);
    // The read model follows the stored events a moment later.
    const total = async () => (await api<EmailPage<Email>>(second.url, again, 'GET', '/emails?size=1')).totalElements;
    await expect.poll(total, { timeout: 60_000 }).toBeGreaterThanOrEqual(MESSAGES);
    expect(await total()).toBe(MESSAGES);
    // Nothing doubled: every subject appears once (a search per sample; the total above counts every row).
    for (const i of [0, Math.floor(killedAt.done / 2), killedAt.done, MESSAGES - 1]) {
      const found = await api<EmailPage<Email>>(
        second.url,
        again,
        'GET',
        `/emails?search=${encodeURIComponent(subjectOf(i))}&size=50`,
      );
      expect(found.content.filter((e) => e.subject === subjectOf(i))).toHaveLength(1);
    }
  });
});
