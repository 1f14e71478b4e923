import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Notification, NotificationSettings, Page, SnoozeState } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { type ClientSocket, connectSocket, type Person, teamWith } from '../../../test/app/identity-fixtures';
import { receiveEmail } from '../../../test/notifications/receive-email';
import { startTestApp, type TestApp } from '../../../test/app/test-app';
import { QUIET_MAIL_RULE } from '../../../test/rules/rule';
import { testCertificate } from '../../../test/net/test-certificate';
import { startPushService, type TestPushService } from '../../../test/notifications/push-service';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { vapidKeysOf } from '../../platform/config/vapid-keys';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store.port';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { NotificationQueue } from './infrastructure/notification-queue';
import { SlackWorker } from './infrastructure/slack.worker';
import { WebPushWorker } from './infrastructure/web-push.worker';
import { notificationsStreamId } from './domain/notifications-created.decider';
import { NotificationListProjection } from './projections/notification-list/notification-list.projection';
import { NotifyRecipientsProcessManager } from './reactions/notify-recipients.process-manager';
import { readUntil } from '../../../test/support/until';

/** A local Slack: https with its own certificate, answering from a script (then 200 'ok'). */
async function startSlack() {
  const cert = testCertificate(['hooks.test']);
  const received: { text: string }[] = [];
  type Answer = { status: number; body: string; headers?: Record<string, string> };
  const script: Answer[] = [];
  let fallback: Answer = { status: 200, body: 'ok' };
  const server: Server = createServer({ cert: cert.cert, key: cert.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = script.shift() ?? fallback;
      if (answer.status === 200) received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    ca: cert.cert,
    url: `https://hooks.test:${port}/services/T000/B000/secret`,
    received,
    script,
    always(status: number, body: string) {
      fallback = { status, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const lookup = async () => [{ address: '127.0.0.1', family: 4 }];

describe('notifications (real PostgreSQL, SMTP, Slack and push servers)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let slack: Awaited<ReturnType<typeof startSlack>>;
  let push: TestPushService;
  let admin: Person;
  let alice: Person;
  let bob: Person;
  let teamId: string;
  const sockets: ClientSocket[] = [];

  const db = () => t.app.get(DataSource);
  const store = () => t.app.get<EventStore>(EVENT_STORE);

  beforeAll(async () => {
    sink = await startSmtpSink();
    slack = await startSlack();
    t = await startTestApp({ smtpUrl: sink.url, publicUrl: 'https://inbox.example.com' });
    push = await startPushService(() => vapidKeysOf(t.config).publicKey);
    const queue = t.app.get(NotificationQueue);
    queue.tuning.retryDelaySeconds = 1;
    t.app.get(SlackWorker).outbound = { ca: slack.ca, lookup };
    t.app.get(WebPushWorker).outbound = { ca: push.ca, lookup };
    ({
      admin,
      members: [alice, bob],
      teamId,
    } = await teamWith(t, sink, ['MEMBER', 'MEMBER']));
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
    await push?.close();
    await slack?.close();
    await sink?.close();
  });

  /** A new email of the team, as mail ingestion records it (`inReplyTo`: the message id it answers). */
  const receive = (subject: string, fromName = 'Alice Customer', inReplyTo?: string) =>
    receiveEmail(t, teamId, { subject, fromName, inReplyTo });

  const list = async (who: Person) =>
    (await t.request<Page<Notification>>('/api/notifications?size=100', { token: who.token })).body.content;
  const about = async (who: Person, emailId: string) => (await list(who)).filter((n) => n.emailId === emailId);
  const settle = async (who: Person, emailId: string, count: number) =>
    readUntil(
      () => about(who, emailId),
      (found) => found.length >= count,
    );
  /** Waits until the process manager and delivery have handled everything appended so far. */
  const handled = async () => {
    const head = await store().headPosition();
    const runner = t.app.get(ProjectionRunner);
    await runner.waitFor(head, ['notify-recipients', 'deliver-notifications', 'notification-list'], 20_000, {
      afterCommit: true,
    });
  };
  const settings = async (who: Person, change: (s: NotificationSettings) => void) => {
    const current = (await t.request<NotificationSettings>('/api/notification-settings', { token: who.token })).body;
    change(current);
    const saved = await t.request<NotificationSettings>('/api/notification-settings', {
      method: 'PUT',
      token: who.token,
      body: current,
    });
    expect(saved.status).toBe(200);
    return saved.body;
  };
  const mailsTo = (who: Person, emailId: string) =>
    sink.messages.filter((m) => m.to.includes(who.email.toLowerCase()) && m.text.includes(emailId));

  it('tells every member of a new email in the list, live on their own sockets only, and by email with a link', async () => {
    const received: Record<string, Notification[]> = { alice: [], bob: [] };
    const counts: number[] = [];
    for (const [name, who] of [
      ['alice', alice],
      ['bob', bob],
    ] as const) {
      const connected = await connectSocket(t, who.token);
      if (!('socket' in connected)) throw connected.error;
      sockets.push(connected.socket);
      connected.socket.on('user.notifications', (list: Notification[]) => received[name].push(...list));
      if (name === 'alice') connected.socket.on('user.notification-count', (n: number) => counts.push(n));
    }
    const emailId = await receive('Invoice 42 is overdue');

    const [listed] = await settle(alice, emailId, 1);
    expect(listed).toMatchObject({
      type: 'EMAIL_RECEIVED',
      title: 'New e-mail',
      message: 'New e-mail from Alice Customer: Invoice 42 is overdue',
      read: false,
      isRead: false,
      readAt: null,
      actionUrl: `/admin/email-detail/${emailId}`,
      emailId,
      silent: false,
    });
    expect(await settle(bob, emailId, 1)).toHaveLength(1);
    expect(await settle(admin, emailId, 1)).toHaveLength(1);

    await readUntil(
      async () => received.alice.length + received.bob.length,
      (n) => n >= 2,
    );
    expect(received.alice.map((n) => n.id)).toEqual([listed.id]);
    expect(received.alice[0]).toEqual({ ...listed, createdAt: expect.any(String) });
    expect(received.bob.map((n) => n.emailId)).toEqual([emailId]);
    // The recipients of one email's notifications share its id: each one's notification is theirs and the id together.
    expect(received.bob[0].id).toBe(listed.id);
    expect(
      await readUntil(
        async () => counts,
        (c) => c.includes(1),
      ),
    ).toContain(1);
    // The count follows the delivery reaction's turn at the event: the process manager pushed it already, so the
    // delivery pushed nothing again.
    expect(received.alice.map((n) => n.id)).toEqual([listed.id]);
    expect(received.bob).toHaveLength(1);
    expect((await t.request<number>('/api/notifications/unread-count', { token: alice.token })).body).toBe(1);

    const mail = await sink.waitFor(alice.email, (m) => m.text.includes(emailId));
    expect(mail.subject).toBe('New e-mail: New e-mail from Alice Customer: Invoice 42 is overdue');
    expect(mail.text).toContain(`https://inbox.example.com/admin/email-detail/${emailId}`);
    expect(mail.html).toContain('Open the e-mail');
  });

  it('writes the notification and its email in the language the user chose', async () => {
    await t.request('/api/user/preferences', { method: 'PUT', token: bob.token, body: { language: 'cs' } });
    const emailId = await receive('Faktura 7', 'Jana');
    const [n] = await settle(bob, emailId, 1);
    expect(n).toMatchObject({ title: 'Nový e-mail', message: 'Nový e-mail od Jana: Faktura 7' });
    const mail = await sink.waitFor(bob.email, (m) => m.text.includes(emailId));
    expect(mail.html).toContain('Otevřít e-mail');
    await t.request('/api/user/preferences', { method: 'PUT', token: bob.token, body: { language: 'en' } });
  });

  it('gives nothing of a type switched off, lists without email when the email channel is off, uses the custom message', async () => {
    await settings(alice, (s) => {
      s.notificationTypes.EMAIL_RECEIVED.enabled = false;
    });
    await settings(bob, (s) => {
      s.emailNotificationsEnabled = false;
      s.notificationTypes.EMAIL_RECEIVED.customMessage = '{sender} says {subject}';
    });
    const emailId = await receive('Type and channel');
    const [forBob] = await settle(bob, emailId, 1);
    expect(forBob.message).toBe('Alice Customer says Type and channel');
    await settle(admin, emailId, 1);
    await handled();
    expect(await about(alice, emailId)).toEqual([]);
    await sink.waitFor(admin.email, (m) => m.text.includes(emailId));
    expect(mailsTo(bob, emailId)).toEqual([]);
    await settings(alice, (s) => {
      s.notificationTypes.EMAIL_RECEIVED.enabled = true;
    });
    await settings(bob, (s) => {
      s.emailNotificationsEnabled = true;
      s.notificationTypes.EMAIL_RECEIVED.customMessage = null;
    });
  });

  it('tells the assignee when someone else assigns, never for assigning oneself', async () => {
    const emailId = await receive('Please handle');
    await settle(alice, emailId, 1);
    const assigned = await t.request(`/api/emails/${emailId}/assign`, {
      method: 'PUT',
      token: admin.token,
      body: { assignedTo: alice.id },
    });
    expect(assigned.status).toBe(200);
    const both = await settle(alice, emailId, 2);
    expect(both.map((n) => n.type).sort()).toEqual(['EMAIL_RECEIVED', 'TASK_ASSIGNED']);
    expect(both.find((n) => n.type === 'TASK_ASSIGNED')?.message).toBe('You were assigned: Please handle');

    await t.request(`/api/emails/${emailId}/assign`, { method: 'PUT', token: bob.token, body: { assignedTo: bob.id } });
    await handled();
    expect((await about(bob, emailId)).map((n) => n.type)).toEqual(['EMAIL_RECEIVED']);
  });

  it('tells the members mentioned in a comment and the assignee, not the author, and nothing on a muted email', async () => {
    const emailId = await receive('Discuss this');
    await settle(bob, emailId, 1);
    await t.request(`/api/emails/${emailId}/assign`, {
      method: 'PUT',
      token: admin.token,
      body: { assignedTo: bob.id },
    });
    await settle(bob, emailId, 2);
    const comment = await t.request(`/api/emails/${emailId}/comments`, {
      method: 'POST',
      token: admin.token,
      body: { message: `@${alice.email} can you look? @${admin.email}` },
    });
    expect(comment.status).toBe(200);
    const forAlice = await settle(alice, emailId, 2);
    expect(forAlice.find((n) => n.type === 'COMMENT_ADDED')?.message).toBe('New comment on Discuss this');
    const forBob = await settle(bob, emailId, 3);
    expect(forBob.filter((n) => n.type === 'COMMENT_ADDED')).toHaveLength(1);
    await handled();
    expect((await about(admin, emailId)).map((n) => n.type)).toEqual(['EMAIL_RECEIVED']);

    const muted = await t.request(`/api/emails/${emailId}/notifications/mute`, { method: 'PUT', token: alice.token });
    expect(muted.status).toBe(200);
    await t.request(`/api/emails/${emailId}/comments`, {
      method: 'POST',
      token: admin.token,
      body: { message: `@${alice.email} again` },
    });
    await settle(bob, emailId, 4);
    await handled();
    expect((await about(alice, emailId)).filter((n) => n.type === 'COMMENT_ADDED')).toHaveLength(1);
  });

  it('tells nobody who muted a conversation of its new mail, and the others as usual', async () => {
    const first = await receive('Order 77');
    await settle(alice, first, 1);
    const muted = await t.request(`/api/emails/${first}/notifications/mute`, { method: 'PUT', token: alice.token });
    expect(muted.status).toBe(200);
    const reply = await receive('Re: Order 77', 'Alice Customer', `<${first}@example.com>`);
    const other = await receive('Order 78');
    await settle(bob, reply, 1);
    await settle(alice, other, 1);
    await handled();
    expect(await about(alice, reply)).toEqual([]);
    expect((await about(admin, reply)).map((n) => n.type)).toEqual(['EMAIL_RECEIVED']);
  });

  it('notifies nobody of an email a rule suppressed, once the rules engine has evaluated it', async () => {
    const rule = await t.request('/api/rules', {
      method: 'POST',
      token: admin.token,
      body: QUIET_MAIL_RULE,
    });
    expect(rule.status).toBe(200);
    const quiet = await receive('Weekly digest [quiet]');
    const loud = await receive('Weekly digest');
    await settle(alice, loud, 1);
    await handled();
    expect(await about(alice, quiet)).toEqual([]);
    expect(await about(bob, quiet)).toEqual([]);
    expect(await about(admin, quiet)).toEqual([]);
  });

  it('snoozed: listed silently, no Slack or browser push, email still sent; snooze reads back and ends', async () => {
    const snoozed = await t.request<SnoozeState>('/api/notifications/snooze', {
      method: 'PUT',
      token: alice.token,
      body: { minutes: 60 },
    });
    expect(snoozed.status).toBe(200);
    const until60 = new Date(snoozed.body.snoozedUntil ?? 0).getTime();
    expect(until60 - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(until60 - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect((await t.request<SnoozeState>('/api/notifications/snooze', { token: alice.token })).body).toEqual(
      snoozed.body,
    );
    for (const minutes of [5, '15', 0]) {
      const bad = await t.request<{ message: string }>('/api/notifications/snooze', {
        method: 'PUT',
        token: alice.token,
        body: { minutes },
      });
      expect([bad.status, bad.body.message]).toEqual([400, 'minutes must be 15, 60 or 240']);
    }
    await settings(alice, (s) => {
      s.slackNotificationsEnabled = true;
      s.slackWebhookUrl = slack.url;
      s.notificationTypes.EMAIL_RECEIVED.slackEnabled = true;
    });
    const browser = push.subscribe();
    await t.request('/api/notifications/push-subscriptions', {
      method: 'POST',
      token: alice.token,
      body: { endpoint: browser.endpoint, keys: browser.keys },
    });
    const slackBefore = slack.received.length;

    const emailId = await receive('While snoozed');
    const [n] = await settle(alice, emailId, 1);
    expect(n.silent).toBe(true);
    await sink.waitFor(alice.email, (m) => m.text.includes(emailId));
    await handled();
    const jobs: { name: string }[] = await db().query(
      `SELECT name FROM pgboss.job WHERE data->>'notificationId' = $1 AND data->>'userId' = $2`,
      [n.id, alice.id],
    );
    expect(jobs.map((j) => j.name)).toEqual(['notification-email']);
    expect(slack.received.length).toBe(slackBefore);
    expect(push.received.filter((r) => r.subscriptionId === browser.id)).toEqual([]);

    const ended = await t.request<SnoozeState>('/api/notifications/snooze', { method: 'DELETE', token: alice.token });
    expect(ended.body).toEqual({ snoozedUntil: null });
    const after = await receive('After the snooze');
    const [loud] = await settle(alice, after, 1);
    expect(loud.silent).toBe(false);
    await readUntil(
      async () => push.received.filter((r) => r.subscriptionId === browser.id),
      (found) => found.length > 0,
    );
    await settings(alice, (s) => {
      s.slackNotificationsEnabled = false;
    });
    await t.request('/api/notifications/push-subscriptions', {
      method: 'DELETE',
      token: alice.token,
      body: { endpoint: browser.endpoint },
    });
  });

  it('on vacation: no new-mail notifications, an assignment listed without email', async () => {
    expect(
      (await t.request('/api/me/availability', { method: 'PUT', token: bob.token, body: { onVacation: true } })).status,
    ).toBe(200);
    const emailId = await receive('During the holiday');
    await settle(alice, emailId, 1);
    await t.request(`/api/emails/${emailId}/assign`, {
      method: 'PUT',
      token: admin.token,
      body: { assignedTo: bob.id },
    });
    const [assigned] = await settle(bob, emailId, 1);
    expect(assigned.type).toBe('TASK_ASSIGNED');
    await handled();
    expect((await about(bob, emailId)).map((n) => n.type)).toEqual(['TASK_ASSIGNED']);
    const jobs: unknown[] = await db().query(`SELECT 1 FROM pgboss.job WHERE data->>'notificationId' = $1`, [
      assigned.id,
    ]);
    expect(jobs).toEqual([]);
    await t.request('/api/me/availability', { method: 'PUT', token: bob.token, body: { onVacation: false } });
  });

  it("reads one's own notifications only: one, then all; another's id or a bad id answers 404", async () => {
    const emailId = await receive('Read me');
    const [mine] = await settle(alice, emailId, 1);
    await settle(bob, emailId, 1);
    // Bob's assignment is his alone: Alice has no notification of that id.
    await t.request(`/api/emails/${emailId}/assign`, {
      method: 'PUT',
      token: alice.token,
      body: { assignedTo: bob.id },
    });
    const bobs = (await settle(bob, emailId, 2)).find((n) => n.type === 'TASK_ASSIGNED')!;
    expect((await t.request(`/api/notifications/${bobs.id}/read`, { method: 'PUT', token: alice.token })).status).toBe(
      404,
    );
    expect((await t.request(`/api/notifications/not-a-uuid/read`, { method: 'PUT', token: alice.token })).status).toBe(
      404,
    );
    const read = await t.request<Notification>(`/api/notifications/${mine.id}/read`, {
      method: 'PUT',
      token: alice.token,
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: mine.id, read: true, isRead: true, readAt: expect.any(String) });
    // Bob's notification of the same new email (the same id as Alice's) is still unread.
    expect((await about(bob, emailId)).map((n) => [n.type, n.id === mine.id, n.read])).toEqual([
      ['TASK_ASSIGNED', false, false],
      ['EMAIL_RECEIVED', true, false],
    ]);
    const unread = (await t.request<Notification[]>('/api/notifications/unread', { token: alice.token })).body;
    expect(unread.map((n) => n.id)).not.toContain(mine.id);
    expect(unread.length).toBeGreaterThan(0);

    const all = await t.request('/api/notifications/mark-all-read', { method: 'PUT', token: alice.token });
    expect(all.body).toEqual({ success: true, message: 'All notifications marked as read' });
    expect((await t.request<number>('/api/notifications/unread-count', { token: alice.token })).body).toBe(0);
    expect((await t.request<Notification[]>('/api/notifications/unread', { token: alice.token })).body).toEqual([]);
    expect((await t.request<number>('/api/notifications/unread-count', { token: bob.token })).body).toBeGreaterThan(0);

    const page = await t.request<Page<Notification>>('/api/notifications?page=0&size=2', { token: alice.token });
    expect(page.body.content).toHaveLength(2);
    expect(page.body.totalPages).toBe(Math.ceil(page.body.totalElements / 2));
    const defaults = await t.request<Page<Notification>>('/api/notifications', { token: alice.token });
    expect(defaults.body.content.length).toBeLessThanOrEqual(20);
    expect((await t.request('/api/notifications?size=1000', { token: alice.token })).status).toBe(400);
    expect((await t.request('/api/notifications')).status).toBe(401);
  });

  it('marks read, one or all, the notifications pushed live before the list had them', async () => {
    await t.request('/api/notifications/mark-all-read', { method: 'PUT', token: bob.token });
    const connected = await connectSocket(t, bob.token);
    if (!('socket' in connected)) throw connected.error;
    sockets.push(connected.socket);
    const pushed: Notification[] = [];
    connected.socket.on('user.notifications', (list: Notification[]) => pushed.push(...list));
    // The list cannot write while this transaction holds its table: the pushes arrive, the list stays behind.
    const holder = db().createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query('LOCK TABLE notification IN EXCLUSIVE MODE');
    let release: NodeJS.Timeout | undefined;
    try {
      const [first, second] = [await receive('Pushed first'), await receive('Pushed second')];
      const live = await readUntil(
        async () => pushed.filter((n) => n.emailId === first || n.emailId === second),
        (found) => found.length === 2,
      );
      expect(live).toHaveLength(2);
      expect(await about(bob, first)).toEqual([]);
      release = setTimeout(() => void holder.commitTransaction(), 300);
      const one = await t.request<Notification>(`/api/notifications/${live[0].id}/read`, {
        method: 'PUT',
        token: bob.token,
      });
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: live[0].id, read: true });
      expect((await t.request('/api/notifications/mark-all-read', { method: 'PUT', token: bob.token })).status).toBe(
        200,
      );
      expect([...(await about(bob, first)), ...(await about(bob, second))].map((n) => n.read)).toEqual([true, true]);
    } finally {
      clearTimeout(release);
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
  });

  it('Slack: retries 429, then delivers; a webhook that keeps refusing is switched off with a visible reason', async () => {
    await settings(bob, (s) => {
      s.slackNotificationsEnabled = true;
      s.slackWebhookUrl = slack.url;
      s.notificationTypes.EMAIL_RECEIVED.slackEnabled = true;
    });
    slack.script.push({ status: 429, body: 'rate_limited', headers: { 'retry-after': '1' } });
    slack.script.push({ status: 429, body: 'rate_limited' });
    const first = await receive('Slack me');
    const delivered = await readUntil(
      async () => slack.received.find((m) => m.text.includes('Slack me')),
      (m) => m !== undefined,
      40_000,
    );
    expect(delivered?.text).toContain(`https://inbox.example.com/admin/email-detail/${first}`);
    expect(slack.script).toEqual([]);

    slack.always(404, 'no_service');
    for (const subject of ['Refused 1', 'Refused 2', 'Refused 3']) await receive(subject);
    const off = await readUntil(
      async () => (await t.request<NotificationSettings>('/api/notification-settings', { token: bob.token })).body,
      (s) => !s.slackNotificationsEnabled,
      40_000,
    );
    expect(off.slackNotificationsEnabled).toBe(false);
    expect(off.slackDisabledReason).toContain('refused 3 notifications in a row (last answer: 404 no_service)');
    expect(off.slackWebhookUrl).toBe(slack.url);

    slack.always(200, 'ok');
    const on = await settings(bob, (s) => {
      s.slackNotificationsEnabled = true;
    });
    expect(on.slackDisabledReason).toBeNull();
  }, 90_000);

  it('refuses a Slack webhook or a push endpoint on a private address unless private hosts are allowed', async () => {
    t.config.allowPrivateMailHosts = false;
    try {
      const saved = await t.request<{ message: string }>('/api/notification-settings', {
        method: 'PUT',
        token: admin.token,
        body: { slackNotificationsEnabled: true, slackWebhookUrl: 'https://127.0.0.1/services/x' },
      });
      expect([saved.status, saved.body.message]).toEqual([400, 'The Slack webhook URL must be a public address']);
      const subscribed = await t.request<{ message: string }>('/api/notifications/push-subscriptions', {
        method: 'POST',
        token: admin.token,
        body: { endpoint: 'https://169.254.169.254/push/x', keys: push.subscribe().keys },
      });
      expect([subscribed.status, subscribed.body.message]).toEqual([400, 'The push endpoint must be a public address']);
    } finally {
      t.config.allowPrivateMailHosts = true;
    }
    const http = await t.request<{ message: string }>('/api/notifications/push-subscriptions', {
      method: 'POST',
      token: admin.token,
      body: { endpoint: 'http://push.test/x', keys: push.subscribe().keys },
    });
    expect([http.status, http.body.message]).toEqual([400, 'The push endpoint must be an https:// URL']);
  });

  it('web push: a payload signed with VAPID and encrypted for the device; an expired subscription is removed', async () => {
    const key = await t.request<{ publicKey: string }>('/api/notifications/push/public-key', { token: admin.token });
    expect(key.body.publicKey).toBe(vapidKeysOf(t.config).publicKey);
    const phone = push.subscribe();
    const laptop = push.subscribe();
    for (const device of [phone, laptop]) {
      const res = await t.request('/api/notifications/push-subscriptions', {
        method: 'POST',
        token: admin.token,
        body: { endpoint: device.endpoint, keys: device.keys },
      });
      expect(res.status).toBe(200);
    }
    push.answer(laptop.id, 410);
    const emailId = await receive('Pushed');
    const [n] = await settle(admin, emailId, 1);
    const delivered = await readUntil(
      async () => push.received.find((r) => r.subscriptionId === phone.id && r.payload.includes(n.id)),
      (r) => r !== undefined,
    );
    expect(JSON.parse(delivered?.payload ?? '{}')).toEqual({
      id: n.id,
      type: 'EMAIL_RECEIVED',
      title: 'New e-mail',
      message: 'New e-mail from Alice Customer: Pushed',
      actionUrl: `/admin/email-detail/${emailId}`,
    });
    expect(push.refused.filter((r) => r.reason !== 'configured answer')).toEqual([]);
    const remaining = await readUntil(
      async (): Promise<{ endpoint: string }[]> =>
        db().query(`SELECT endpoint FROM push_subscription WHERE user_id = $1`, [admin.id]),
      (rows) => rows.length === 1,
    );
    expect(remaining.map((r) => r.endpoint)).toEqual([phone.endpoint]);
  });

  it('records each (event, recipient) once, however often the cause is handled; a rebuild sends nothing', async () => {
    const emailId = await receive('Exactly once');
    await settle(alice, emailId, 1);
    await handled();
    // Alice's email for it is a job of its own: sent once, before the cause is handled again.
    const mailsBefore = (
      await readUntil(
        async () => mailsTo(alice, emailId),
        (mails) => mails.length > 0,
      )
    ).length;
    expect(mailsBefore).toBe(1);
    const socketBefore = await t.request<number>('/api/notifications/unread-count', { token: alice.token });
    const [event] = (await store().readStream(`email-${emailId}`)).filter((e) => e.type === 'EmailReceived');
    const runner = t.app.get(ProjectionRunner);
    await t.app.get(NotifyRecipientsProcessManager).afterCommit([event]);
    const result = await runner.rebuild('notification-list');
    expect(result.handled).toBeGreaterThan(0);
    await handled();
    expect(await about(alice, emailId)).toHaveLength(1);
    const created: { n: number }[] = await db().query(
      `SELECT count(*)::int AS n FROM events WHERE type = 'NotificationsCreated' AND data->>'causeEventId' = $1`,
      [event.eventId],
    );
    expect(created[0].n).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(alice, emailId)).toHaveLength(mailsBefore);
    expect((await t.request<number>('/api/notifications/unread-count', { token: alice.token })).body).toBe(
      socketBefore.body,
    );

    // The unread counts the list keeps follow what it inserted and marked read, not how often it was given an event.
    const unreadCount = async () =>
      (await t.request<number>('/api/notifications/unread-count', { token: alice.token })).body;
    const counted = async () =>
      (
        (await db().query(`SELECT count(*)::int AS n FROM notification WHERE user_id = $1 AND NOT read`, [
          alice.id,
        ])) as {
          n: number;
        }[]
      )[0].n;
    expect(await unreadCount()).toBe(await counted());
    const list = t.app.get(NotificationListProjection);
    const createdEvents = await store().readStream(notificationsStreamId(event.eventId));
    await db().transaction((tx) => list.handle(createdEvents, tx));
    expect(await unreadCount()).toBe(socketBefore.body);
    const [mine] = await about(alice, emailId);
    const read = {
      ...createdEvents[0],
      type: 'NotificationRead',
      data: { userId: alice.id, notificationId: mine.id, readAt: new Date().toISOString() },
    };
    await db().transaction((tx) => list.handle([read, read], tx));
    expect(await unreadCount()).toBe(socketBefore.body - 1);
    expect(await counted()).toBe(socketBefore.body - 1);
  });
});
