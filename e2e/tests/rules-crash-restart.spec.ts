import type { CurrentUser, Email, EmailAction, Label, Page as EmailPage, Rule } from '@teaminbox/contracts';
import { startApp, type RunningApp } from '../support/app-server';
import { startDovecot, type TestDovecot } from '../support/dovecot';
import { api, connectDovecotViaApi, expect, signInViaApi, test } from '../support/fixtures';
import { adminWithTeam } from '../support/teams';
import { fillInbox } from '../support/customer-mail';

const MESSAGES = 3000;

function message(i: number): string {
  return [
    `From: Customer <customer${i}@vip.example.com>`,
    'To: support@example.com',
    `Subject: Urgent order ${i}`,
    `Message-ID: <rules-crash-${i}@example.com>`,
    'Date: Mon, 2 Nov 2026 10:00:00 +0000',
    '',
    `Where is my order ${i}?`,
    '',
  ].join('\r\n');
}

/** Runs without a browser: the product as a process, killed with SIGKILL while its rules act on a burst of mail. */
test.describe('a crash while the rules act on a burst of mail', () => {
  let dovecot: TestDovecot;
  const apps: RunningApp[] = [];

  test.beforeAll(async () => {
    dovecot = await startDovecot();
    await fillInbox(dovecot, MESSAGES, message);
  });
  test.afterAll(async () => {
    for (const app of apps.reverse()) await app.stop();
    await dovecot?.stop();
  });

  test('after a restart every action of every rule is applied exactly once', async () => {
    test.setTimeout(300_000);
    const env = { ALLOW_PRIVATE_MAIL_HOSTS: 'true' };
    const first = await startApp(env);
    const { account, token } = await adminWithTeam(first.url, 'rules-crash', 'Rules crash crew');
    const me = await api<CurrentUser>(first.url, token, 'GET', '/loggedInUser');
    const label = await api<Label>(first.url, token, 'POST', '/email-labels', { name: 'Urgent' });
    await api<Rule>(first.url, token, 'POST', '/rules', {
      name: 'VIP customers',
      conditions: [{ field: 'FROM_EMAIL', operator: 'ENDS_WITH', value: '@vip.example.com' }],
      actions: [
        { type: 'ASSIGN_TO_USER', value: me.id, skipIfOnVacation: false },
        { type: 'ADD_LABEL', value: label.id, skipIfOnVacation: false },
        { type: 'SET_PRIORITY', value: 'HIGH', skipIfOnVacation: false },
      ],
    });
    await api<Rule>(first.url, token, 'POST', '/rules', {
      name: 'Urgent work',
      conditions: [{ field: 'SUBJECT', operator: 'REGEX', value: '^Urgent order \\d+$' }],
      actions: [{ type: 'SET_STATUS', value: 'IN_PROGRESS', skipIfOnVacation: false }],
    });
    const labelled = async (url: string, bearer: string) =>
      (await api<EmailPage<Email>>(url, bearer, 'GET', `/emails?size=1&label=${label.id}`)).totalElements;

    await connectDovecotViaApi(first.url, token, dovecot);
    // Kill as soon as the rules have acted on some emails: they trail the ingestion of the burst.
    await expect.poll(() => labelled(first.url, token), { timeout: 60_000, intervals: [20] }).toBeGreaterThan(0);
    const atKill = await labelled(first.url, token);
    await first.kill();
    expect(atKill).toBeLessThan(MESSAGES);
    const second = await startApp(env, { workDir: first.workDir });
    apps.push(second);
    const again = await signInViaApi(second.url, account);
    const emails = async () => (await api<EmailPage<Email>>(second.url, again, 'GET', '/emails?size=1')).totalElements;
    await expect.poll(emails, { timeout: 180_000 }).toBe(MESSAGES);
    await expect.poll(() => labelled(second.url, again), { timeout: 180_000 }).toBe(MESSAGES);

    // Every email's action log holds each rule action once, by its rule, and nothing else.
    const ids: string[] = [];
    for (let page = 0; ids.length < MESSAGES; page++) {
      const { content } = await api<EmailPage<Email>>(second.url, again, 'GET', `/emails?size=100&page=${page}`);
      if (content.length === 0) break;
      for (const email of content) {
        expect(email).toMatchObject({ assignedTo: me.id, labels: [label.id], priority: 'HIGH', status: 'IN_PROGRESS' });
        ids.push(email.id);
      }
    }
    expect(new Set(ids).size).toBe(MESSAGES);
    const logs = new Map<string, string>();
    for (let i = 0; i < ids.length; i += 10) {
      await Promise.all(
        ids.slice(i, i + 10).map(async (id) => {
          const log = await api<EmailAction[]>(second.url, again, 'GET', `/emails/${id}/actions`);
          logs.set(id, log.map((entry) => `${entry.actorName}: ${entry.type}`).join(', '));
        }),
      );
    }
    const expected =
      "Rule 'VIP customers': ASSIGN, Rule 'VIP customers': LABEL_ADDED, Rule 'VIP customers': PRIORITY_CHANGED, " +
      "Rule 'Urgent work': STATUS_CHANGED";
    const wrong = [...logs].filter(([, log]) => log !== expected);
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
