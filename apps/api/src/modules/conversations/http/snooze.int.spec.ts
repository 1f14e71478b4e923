import { rmSync } from 'node:fs';
import type {
  Email,
  EmailHistoryEntry,
  Notification,
  Page,
  SendReplyResponse,
  SuccessMessageResponse,
  Team,
  TeamActivityEntry,
} from '@teaminbox/contracts';
import { createApp } from '../../../create-app';
import { type Person, person, teamWith } from '../../../../test/app/identity-fixtures';
import { startLiveMailboxTeam, stopLiveMailboxTeam } from '../../../../test/app/live-mailbox-team';
import { apiRequester, startTestApp, type TestApp } from '../../../../test/app/test-app';
import type { TestDovecot } from '../../../../test/mail/dovecot';
import { type SmtpSink, startSmtpSink } from '../../../../test/support/smtp-sink';
import { readUntil } from '../../../../test/support/until';
import { DataSource } from 'typeorm';

/** A message from the customer, as their mail program writes it (dated 2 Nov 2026 unless a Date is given). */
const customerMail = (headers: Record<string, string>, body: string) =>
  [
    'From: Carol Customer <carol@customer.example>',
    'To: support@example.com',
    ...Object.entries({ Date: 'Mon, 2 Nov 2026 10:00:00 +0000', ...headers }).map(
      ([name, value]) => `${name}: ${value}`,
    ),
    '',
    body,
    '',
  ].join('\r\n');

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Request = TestApp['request'];

/** The emails of a folder (ids) and its total, as the list answers them. */
async function folder(request: Request, token: string, name: string) {
  const page = (await request<Page<Email>>(`/api/emails?folder=${name}&size=100`, { token })).body;
  return { ids: page.content.map((email) => email.id), total: page.totalElements };
}

describe('snooze and reminders on durable jobs (real PostgreSQL, pg-boss, Dovecot and SMTP)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let dovecot: TestDovecot;
  let ann: Person;
  let bob: Person;
  let teamId: string;
  let counter = 0;

  const deliver = async (raw: string) => {
    const imap = await dovecot.client();
    try {
      await imap.append('INBOX', raw);
    } finally {
      await imap.logout();
    }
  };
  const inbox = async () => (await t.request<Page<Email>>('/api/emails?size=100', { token: ann.token })).body.content;
  const email = (id: string) => t.request<Email>(`/api/emails/${id}`, { token: ann.token }).then((r) => r.body);
  const history = async (id: string) =>
    (await t.request<EmailHistoryEntry[]>(`/api/emails/${id}/history`, { token: ann.token })).body;
  const wokenOf = async (id: string) => (await history(id)).filter((entry) => entry.type === 'EmailWoken');
  /** The types and details of the team's activity log entries about an email, oldest first. */
  const activityOf = async (id: string) =>
    (await t.request<Page<TeamActivityEntry>>('/api/team/actions?size=100', { token: ann.token })).body.content
      .filter((entry) => entry.emailId === id)
      .reverse()
      .map((entry): [string, unknown] => [entry.type, entry.details]);
  const notificationsOf = async (who: Person, emailId: string) =>
    (await t.request<Page<Notification>>('/api/notifications?size=50', { token: who.token })).body.content.filter((n) =>
      n.actionUrl?.endsWith(emailId),
    );

  /** A new customer email in the inbox, assigned to Bob and read. */
  const question = async (date?: string): Promise<{ email: Email; messageId: string; subject: string }> => {
    const n = ++counter;
    const subject = `Question ${n} ${Date.now()}`;
    const messageId = `<question-${n}-${Date.now()}@customer.example>`;
    const body = `Body of ${subject}`;
    await deliver(customerMail({ Subject: subject, 'Message-ID': messageId, ...(date ? { Date: date } : {}) }, body));
    const list = await readUntil(inbox, (emails) => emails.some((e) => e.body.includes(body)));
    const found = list.find((e) => e.body.includes(body))!;
    const assigned = await t.request(`/api/emails/${found.id}/assign`, {
      method: 'PUT',
      token: ann.token,
      body: { assignedTo: bob.id },
    });
    expect(assigned.status).toBe(200);
    expect((await t.request(`/api/emails/${found.id}/read`, { method: 'PUT', token: bob.token })).status).toBe(200);
    return { email: found, messageId, subject };
  };
  /** Bob replies to the email (optionally with a reminder); answers our Message-ID. */
  const reply = async (emailId: string, subject: string, remindIfNoAnswerBy?: string) => {
    const replied = await t.request<SendReplyResponse>('/api/emails/send-reply', {
      method: 'POST',
      token: bob.token,
      body: {
        emailId,
        teamId,
        to: ['carol@customer.example'],
        subject: `Re: ${subject}`,
        body: 'We are on it.',
        ...(remindIfNoAnswerBy ? { remindIfNoAnswerBy } : {}),
      },
    });
    expect(replied.status).toBe(202);
    const sent = await sink.waitFor('carol@customer.example', (mail) => mail.raw.includes(replied.body.replyId));
    return /^Message-ID: (<[^>]+>)/im.exec(sent.raw)![1];
  };
  /** The customer answers our message; waits until the answer is in the inbox. */
  const answer = async (ourMessageId: string, subject: string) => {
    const body = `Answer to ${subject}`;
    await deliver(
      customerMail(
        {
          Subject: `Re: ${subject}`,
          'Message-ID': `<answer-${Date.now()}-${counter}@customer.example>`,
          'In-Reply-To': ourMessageId,
          References: ourMessageId,
        },
        body,
      ),
    );
    await readUntil(inbox, (emails) => emails.some((e) => e.body.includes(body)));
  };
  const snooze = (id: string, until: string, token = ann.token) =>
    t.request<Email>(`/api/emails/${id}/snooze`, { method: 'PUT', token, body: { until } });

  beforeAll(async () => {
    ({ t, sink, dovecot, admin: ann, member: bob, teamId } = await startLiveMailboxTeam());
  }, 60_000);

  afterAll(() => stopLiveMailboxTeam({ t, sink, dovecot }));

  it('snoozed for a few seconds: out of the inbox, in the snoozed folder, then back unread with the assignee told', async () => {
    const { email: asked } = await question();
    const inboxBefore = await folder(t.request, ann.token, 'inbox');
    const until = inSeconds(3);

    const snoozed = await snooze(asked.id, until);
    expect(snoozed.status).toBe(200);
    expect(snoozed.body.snoozedUntil).toBe(until);
    const inboxNow = await folder(t.request, ann.token, 'inbox');
    expect(inboxNow.ids).not.toContain(asked.id);
    expect(inboxNow.total).toBe(inboxBefore.total - 1);
    expect((await folder(t.request, bob.token, 'my-tasks')).ids).not.toContain(asked.id);
    const snoozedFolder = await folder(t.request, ann.token, 'snoozed');
    expect(snoozedFolder.ids).toContain(asked.id);
    expect(snoozedFolder.total).toBe(snoozedFolder.ids.length);

    // At its time it is back in the inbox, unread, and its assignee is notified.
    const back = await readUntil(
      () => email(asked.id),
      (e) => e.snoozedUntil === null,
      15_000,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(until));
    expect(back).toMatchObject({ read: false, isArchived: false, snoozedUntil: null, assignedTo: bob.id });
    const inboxAfter = await folder(t.request, ann.token, 'inbox');
    expect(inboxAfter.ids).toContain(asked.id);
    expect(inboxAfter.total).toBe(inboxBefore.total);
    expect((await folder(t.request, ann.token, 'snoozed')).ids).not.toContain(asked.id);
    const told = await readUntil(
      () => notificationsOf(bob, asked.id),
      (found) => found.some((n) => n.title === 'Back in your inbox'),
      10_000,
    );
    expect(told.find((n) => n.title === 'Back in your inbox')).toMatchObject({
      type: 'SNOOZE_ENDED',
      message: `Snoozed e-mail is back: ${asked.subject}`,
    });
    // Every snooze and wake-up is in the email's history.
    const types = (await history(asked.id)).map((entry) => entry.type);
    expect(types.slice(-2)).toEqual(['EmailSnoozed', 'EmailWoken']);
    expect((await wokenOf(asked.id)).map((entry) => entry.change.reason)).toEqual(['time']);
    // And in the team's activity log.
    const logged = await readUntil(
      () => activityOf(asked.id),
      (entries) => entries.some(([type]) => type === 'WOKEN'),
      10_000,
    );
    expect(logged.filter(([type]) => type === 'SNOOZED' || type === 'WOKEN')).toEqual([
      ['SNOOZED', { until }],
      ['WOKEN', { reason: 'time' }],
    ]);
  });

  it('a woken email is on top of the inbox, above mail that arrived while it was snoozed, in both views', async () => {
    const { email: older } = await question();
    const until = inSeconds(3);
    expect((await snooze(older.id, until)).status).toBe(200);
    // Received after every other email of the inbox.
    const { email: newer } = await question('Tue, 3 Nov 2026 10:00:00 +0000');
    const firstRows = async (view: string) =>
      (await t.request<Page<Email>>(`/api/emails?size=100${view}`, { token: ann.token })).body.content.map((e) => e.id);
    // Of the emails received, the newer one is first (mail woken earlier in this file may be above it).
    const before = await firstRows('');
    expect(before).not.toContain(older.id);
    expect(before).toContain(newer.id);

    await readUntil(
      () => email(older.id),
      (e) => e.snoozedUntil === null,
      15_000,
    );
    const after = await firstRows('');
    expect(after[0]).toBe(older.id);
    expect(after.slice(1)).toEqual(before);
    expect((await firstRows('&view=conversations')).slice(0, 1)).toEqual([older.id]);
    expect((await firstRows('&unread=true'))[0]).toBe(older.id);
    // It keeps the time it was received.
    expect((await email(older.id)).receivedAt).toBe(older.receivedAt);
  });

  it('an email nobody is assigned to: whoever snoozed it is told when it is back', async () => {
    const { email: asked } = await question();
    const unassigned = await t.request(`/api/emails/${asked.id}/assign`, {
      method: 'PUT',
      token: ann.token,
      body: { assignedTo: null },
    });
    expect(unassigned.status).toBe(200);
    expect((await snooze(asked.id, inSeconds(2), bob.token)).status).toBe(200);

    const told = await readUntil(
      () => notificationsOf(bob, asked.id),
      (found) => found.some((n) => n.type === 'SNOOZE_ENDED'),
      15_000,
    );
    expect(told.find((n) => n.type === 'SNOOZE_ENDED')).toMatchObject({
      title: 'Back in your inbox',
      message: `Snoozed e-mail is back: ${asked.subject}`,
      read: false,
    });
    expect((await notificationsOf(ann, asked.id)).filter((n) => n.type === 'SNOOZE_ENDED')).toEqual([]);
  });

  it("a customer's answer before the time wakes it at once; the later job does nothing", async () => {
    const { email: asked, subject } = await question();
    const ours = await reply(asked.id, subject);
    const until = inSeconds(8);
    expect((await snooze(asked.id, until)).status).toBe(200);

    await answer(ours, subject);
    const woken = await readUntil(
      () => email(asked.id),
      (e) => e.snoozedUntil === null,
      10_000,
    );
    expect(Date.now()).toBeLessThan(Date.parse(until));
    expect(woken).toMatchObject({ read: false, snoozedUntil: null });
    expect((await wokenOf(asked.id)).map((entry) => entry.change.reason)).toEqual(['answer']);

    // Past the snooze's time: its job found the snooze over and appended nothing.
    await sleep(Date.parse(until) - Date.now() + 2500);
    expect((await wokenOf(asked.id)).map((entry) => entry.change.reason)).toEqual(['answer']);
  });

  it('a second snooze replaces the first: it wakes once, at the later time', async () => {
    const { email: asked } = await question();
    expect((await snooze(asked.id, inSeconds(2))).status).toBe(200);
    const later = inSeconds(5);
    expect((await snooze(asked.id, later)).status).toBe(200);

    await sleep(3500);
    expect((await email(asked.id)).snoozedUntil).toBe(later);
    expect(await wokenOf(asked.id)).toEqual([]);

    await readUntil(
      () => email(asked.id),
      (e) => e.snoozedUntil === null,
      15_000,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(later));
    const woken = await wokenOf(asked.id);
    expect(woken.map((entry) => entry.change.reason)).toEqual(['time']);
  });

  it('"Wake up now" brings it back at once; waking an email that is not snoozed is refused', async () => {
    const { email: asked } = await question();
    expect((await snooze(asked.id, inSeconds(600))).status).toBe(200);
    const woken = await t.request<Email>(`/api/emails/${asked.id}/snooze`, { method: 'DELETE', token: bob.token });
    expect(woken.status).toBe(200);
    expect(woken.body).toMatchObject({ snoozedUntil: null, read: true });
    expect((await folder(t.request, ann.token, 'inbox')).ids).toContain(asked.id);
    expect((await wokenOf(asked.id)).map((entry) => entry.change.reason)).toEqual(['manual']);
    const again = await t.request(`/api/emails/${asked.id}/snooze`, { method: 'DELETE', token: bob.token });
    expect(again.status).toBe(409);
  });

  it('refuses a time in the past or more than a year ahead, and answers 404 for another team', async () => {
    const { email: asked } = await question();
    const past = await snooze(asked.id, inSeconds(-60));
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain('The time must be in the future');
    const tooFar = await snooze(asked.id, inSeconds(400 * 24 * 3600));
    expect(tooFar.status).toBe(400);
    expect((await snooze(asked.id, 'tomorrow')).status).toBe(400);

    const outsider = await person(t, 'outsider');
    const own = await t.request<Team>('/api/team', { method: 'PUT', token: outsider.token, body: 'Other team' });
    expect(own.status).toBe(200);
    const token = (
      await t.request<SuccessMessageResponse>('/api/auth/signin', {
        method: 'POST',
        body: { email: outsider.email, password: outsider.password },
      })
    ).body.message;
    expect((await snooze(asked.id, inSeconds(60), token)).status).toBe(404);
    expect((await t.request(`/api/emails/${asked.id}/snooze`, { method: 'DELETE', token })).status).toBe(404);
    expect((await email(asked.id)).snoozedUntil).toBeNull();
  });

  it('a reminder without an answer brings the conversation back to its assignee, told', async () => {
    const { email: asked, subject } = await question();
    const due = inSeconds(6);
    await reply(asked.id, subject, due);
    expect((await t.request(`/api/emails/${asked.id}/archive`, { method: 'PUT', token: bob.token })).status).toBe(200);
    expect((await history(asked.id)).map((entry) => entry.type)).toContain('ReminderSet');
    // Archived before the reminder's time: the reminder brings it back from the archive.
    expect(Date.now()).toBeLessThan(Date.parse(due));

    const back = await readUntil(
      () => email(asked.id),
      (e) => !e.isArchived && !e.read,
      15_000,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(due));
    expect(back).toMatchObject({ isArchived: false, read: false, assignedTo: bob.id });
    expect((await wokenOf(asked.id)).map((entry) => entry.change.reason)).toEqual(['reminder']);
    const told = await readUntil(
      () => notificationsOf(bob, asked.id),
      (found) => found.some((n) => n.message === `No answer yet: ${subject}`),
      10_000,
    );
    expect(told.find((n) => n.message === `No answer yet: ${subject}`)).toMatchObject({
      type: 'REMINDER_DUE',
      title: 'Back in your inbox',
    });
  });

  it("a customer's answer cancels the reminder: nothing comes back later", async () => {
    const { email: asked, subject } = await question();
    const due = inSeconds(8);
    const ours = await reply(asked.id, subject, due);
    await answer(ours, subject);
    const cancelled = await readUntil(
      () => history(asked.id),
      (entries) => entries.some((entry) => entry.type === 'ReminderCancelled'),
      10_000,
    );
    expect(cancelled.filter((entry) => entry.type === 'ReminderCancelled')).toHaveLength(1);
    const logged = await readUntil(
      () => activityOf(asked.id),
      (entries) => entries.some(([type]) => type === 'REMINDER_CANCELLED'),
      10_000,
    );
    expect(logged.filter(([type]) => type.startsWith('REMINDER'))).toEqual([
      ['REMINDER_SET', { until: due, replyId: expect.any(String) }],
      ['REMINDER_CANCELLED', { reason: 'answer' }],
    ]);
    expect(Date.now()).toBeLessThan(Date.parse(due));
    expect((await t.request(`/api/emails/${asked.id}/archive`, { method: 'PUT', token: bob.token })).status).toBe(200);

    await sleep(Date.parse(due) - Date.now() + 2500);
    expect(await wokenOf(asked.id)).toEqual([]);
    expect((await email(asked.id)).isArchived).toBe(true);
  });
});

describe('a snooze survives a restart of the application (real PostgreSQL, pg-boss)', () => {
  it('wakes the email at its time in the application started after the first one stopped', async () => {
    const sink = await startSmtpSink();
    const first = await startTestApp({ smtpUrl: sink.url });
    let second: Awaited<ReturnType<typeof createApp>> | undefined;
    try {
      const team = await teamWith(first, sink, []);
      await first.request('/api/emails/sample', { method: 'POST', token: team.admin.token });
      const [sample] = (await first.request<Page<Email>>('/api/emails', { token: team.admin.token })).body.content;
      const until = inSeconds(8);
      const snoozed = await first.request<Email>(`/api/emails/${sample.id}/snooze`, {
        method: 'PUT',
        token: team.admin.token,
        body: { until },
      });
      expect(snoozed.status).toBe(200);
      // The wake-up job is stored before the first application stops (its reaction's checkpoint passed the snooze).
      const jobs = await readUntil(
        async () =>
          (await first.app
            .get(DataSource)
            .query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email-wake-up' AND data->>'emailId' = $1`, [
              sample.id,
            ])) as { n: number }[],
        (rows) => rows[0]?.n === 1,
        10_000,
      );
      expect(jobs[0].n).toBe(1);
      await first.app.close();

      second = await createApp({ config: first.config, databaseUrl: first.database.url });
      await second.listen(0, '127.0.0.1');
      const address = second.getHttpServer().address();
      const request = apiRequester(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      expect((await folder(request, team.admin.token, 'snoozed')).ids).toContain(sample.id);

      const back = await readUntil(
        async () => (await request<Email>(`/api/emails/${sample.id}`, { token: team.admin.token })).body,
        (e) => e.snoozedUntil === null,
        15_000,
      );
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(until));
      expect(back).toMatchObject({ snoozedUntil: null, read: false });
      expect((await folder(request, team.admin.token, 'inbox')).ids).toContain(sample.id);
    } finally {
      await second?.close();
      await first.database.drop();
      rmSync(first.config.dataDir, { recursive: true, force: true });
      await sink.close();
    }
  }, 60_000);
});
