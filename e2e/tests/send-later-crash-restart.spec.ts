import type { Email, Page as ApiPage, SendReplyResponse } from '@teaminbox/contracts';
import { startApp, type RunningApp } from '../support/app-server';
import { api, createTeamViaApi, expect, newAccount, signInViaApi, signUpViaApi, test } from '../support/fixtures';
import { sendThroughSink } from '../support/teams';
import { waitForMail } from '../support/mail-sink';
import { mailsTo } from '../support/mail-count';

/** Runs without a browser: the product as a process, killed with SIGKILL while a reply waits for its time. */
test.describe('a crash while a reply waits to be sent', () => {
  const apps: RunningApp[] = [];
  test.afterAll(async () => {
    for (const app of apps.reverse()) await app.stop();
  });

  test('after SIGKILL and a restart the reply sent for later is delivered once, at its time', async () => {
    test.setTimeout(180_000);
    // The run's mail sink receives the sign-up's login link and the reply (a private address: allowed here).
    const env = {
      SMTP_URL: process.env.E2E_SMTP_URL ?? '',
      MAIL_FROM: 'Team Inbox <no-reply@teaminbox.test>',
      ALLOW_PRIVATE_MAIL_HOSTS: 'true',
    };
    const first = await startApp(env);
    apps.push(first);
    const admin = newAccount('later-crash');
    const token = await signUpViaApi(first.url, admin);
    await createTeamViaApi(first.url, token, 'Send later crash');
    await sendThroughSink(first.url, token);
    await api(first.url, token, 'POST', '/emails/sample');
    const [email] = (await api<ApiPage<Email>>(first.url, token, 'GET', '/emails?size=1')).content;

    const customer = `crash-${Date.now().toString(36)}@example.org`;
    const sendAt = new Date(Date.now() + 30_000).toISOString();
    const sent = await api<SendReplyResponse>(first.url, token, 'POST', '/emails/send-reply', {
      emailId: email.id,
      teamId: email.teamId,
      to: [customer],
      subject: 'Across a crash',
      body: 'Still on time.',
      sendAt,
    });
    expect(sent.sendAt).toBe(sendAt);
    await first.kill();
    apps.splice(apps.indexOf(first), 1);

    const second = await startApp(env, { workDir: first.workDir });
    apps.push(second);
    const again = await signInViaApi(second.url, admin);
    const listed = await api<{ replyId: string }[]>(second.url, again, 'GET', '/replies/scheduled');
    expect(listed.map((send) => send.replyId)).toEqual([sent.replyId]);
    expect(mailsTo(customer)).toBe(0);

    const mail = await waitForMail(customer, () => true, 60_000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(sendAt));
    expect(mail.text).toContain('Still on time.');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(mailsTo(customer)).toBe(1);
  });
});
