import type { Email, Label, Notification, Page, SendReplyResponse, ThreadMessage } from '@teaminbox/contracts';
import { type Person, teamWith } from '../../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../../../../test/mail/dovecot';
import { localSmtpSettings, type SmtpSink, startSmtpSink } from '../../../../test/support/smtp-sink';
import { readUntil } from '../../../../test/support/until';
import { MailboxSupervisor } from '../../mail/infrastructure/imap/mailbox-supervisor';

/** A message from the customer, as their mail program writes it. */
const customerMail = (headers: Record<string, string>, body: string) =>
  [
    'From: Carol Customer <carol@customer.example>',
    'To: support@example.com',
    'Date: Mon, 2 Nov 2026 10:00:00 +0000',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    body,
    '',
  ].join('\r\n');

describe("a customer's follow-up joins its conversation (real PostgreSQL, Dovecot and SMTP)", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let dovecot: TestDovecot;
  let ann: Person;
  let bob: Person;
  let teamId: string;

  const deliver = async (raw: string) => {
    const imap = await dovecot.client();
    try {
      await imap.append('INBOX', raw);
    } finally {
      await imap.logout();
    }
  };
  const inbox = async (token = ann.token) =>
    (await t.request<Page<Email>>('/api/emails?size=50', { token })).body.content;
  /** Delivers the message and waits until the inbox lists the email of that subject and Message-ID's body. */
  const received = async (raw: string, body: string): Promise<Email> => {
    await deliver(raw);
    const list = await readUntil(inbox, (emails) => emails.some((email) => email.body.includes(body)));
    return list.find((email) => email.body.includes(body))!;
  };
  const threadIds = async (emailId: string) =>
    (await t.request<ThreadMessage[]>(`/api/emails/${emailId}/thread`, { token: ann.token })).body.map((m) => m.id);

  beforeAll(async () => {
    dovecot = await startDovecot();
    sink = await startSmtpSink();
    t = await startTestApp({ smtpUrl: sink.url });
    const supervisor = t.app.get(MailboxSupervisor);
    supervisor.tuning = { ...supervisor.tuning, pollIntervalMs: 500, minBackoffMs: 100 };
    const team = await teamWith(t, sink, ['MEMBER']);
    ann = team.admin;
    teamId = team.teamId;
    [bob] = team.members;
    const connected = await t.request('/api/email-server-config', {
      method: 'POST',
      token: ann.token,
      body: dovecotMailbox(dovecot, { ...localSmtpSettings(Number(new URL(sink.url).port)), fromName: 'Support' }),
    });
    expect(connected.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await dovecot?.stop();
  });

  it("puts the customer's answer to our reply (In-Reply-To our Message-ID) in the conversation", async () => {
    const question = await received(
      customerMail({ Subject: 'Printer on fire', 'Message-ID': '<question-1@customer.example>' }, 'It burns.'),
      'It burns.',
    );
    // A member takes it ("I'll take it") and replies.
    expect(
      (
        await t.request(`/api/emails/${question.id}/assign`, {
          method: 'PUT',
          token: bob.token,
          body: { assignedTo: bob.id },
        })
      ).status,
    ).toBe(200);
    const replied = await t.request<SendReplyResponse>('/api/emails/send-reply', {
      method: 'POST',
      token: bob.token,
      body: {
        emailId: question.id,
        teamId,
        to: ['carol@customer.example'],
        subject: 'Re: Printer on fire',
        body: 'Unplug it.',
      },
    });
    expect(replied.status).toBe(202);
    const ours = await sink.waitFor('carol@customer.example', (mail) => mail.raw.includes(replied.body.replyId));
    const ourMessageId = /^Message-ID: (<[^>]+>)/im.exec(ours.raw)?.[1];
    expect(ourMessageId).toBe(`<${replied.body.replyId}@example.com>`);
    // The team labels it, raises its priority, resolves it and archives it.
    const vip = (
      await t.request<Label>('/api/email-labels', { method: 'POST', token: ann.token, body: { name: 'VIP' } })
    ).body;
    for (const [path, body] of [
      ['labels', { id: vip.id }],
      ['priority', { priority: 'HIGH' }],
      ['status', { status: 'RESOLVED' }],
      ['archive', undefined],
    ] as const) {
      const done = await t.request(`/api/emails/${question.id}/${path}`, {
        method: path === 'labels' ? 'POST' : 'PUT',
        token: bob.token,
        body,
      });
      expect([path, done.status]).toEqual([path, 200]);
    }

    // The customer's program names only our reply.
    const answer = await received(
      customerMail(
        {
          Subject: 'Re: Printer on fire',
          'Message-ID': '<answer-1@customer.example>',
          'In-Reply-To': ourMessageId!,
          References: ourMessageId!,
        },
        'Unplugged, still smoking.',
      ),
      'Unplugged, still smoking.',
    );
    expect(answer.id).not.toBe(question.id);
    // The thread is a read model of its own: read until it has taken the answer in.
    const thread = await readUntil(
      () => threadIds(answer.id),
      (ids) => ids.includes(question.id),
      10_000,
    );
    expect(thread).toEqual(expect.arrayContaining([question.id, answer.id, replied.body.replyId]));
    expect(await threadIds(question.id)).toContain(answer.id);

    // The answer keeps the conversation's assignee, labels and priority, unread; the conversation is open again.
    const email = (id: string) => t.request<Email>(`/api/emails/${id}`, { token: ann.token }).then((r) => r.body);
    const continued = await readUntil(
      () => email(answer.id),
      (e) => e.assignedTo === bob.id && e.labels.length > 0 && e.priority === 'HIGH' && e.status === 'IN_PROGRESS',
    );
    expect(continued).toMatchObject({
      assignedTo: bob.id,
      labels: [vip.id],
      priority: 'HIGH',
      status: 'IN_PROGRESS',
      read: false,
      isArchived: false,
    });
    const reopened = await readUntil(
      () => email(question.id),
      (e) => e.status === 'IN_PROGRESS' && !e.isArchived,
    );
    expect(reopened).toMatchObject({ status: 'IN_PROGRESS', isArchived: false, assignedTo: bob.id });
    expect((await inbox()).map((e) => e.id)).toEqual(expect.arrayContaining([question.id, answer.id]));

    // The assignee is told (a notification of their assignment, through their settings); the other member is not.
    const notifications = (who: Person) =>
      t
        .request<Page<Notification>>('/api/notifications?size=50', { token: who.token })
        .then((r) => r.body.content ?? []);
    const bobs = await readUntil(
      () => notifications(bob),
      (list) => list.some((n) => n.type === 'TASK_ASSIGNED' && n.actionUrl?.endsWith(answer.id)),
    );
    expect(bobs.filter((n) => n.type === 'TASK_ASSIGNED' && n.actionUrl?.endsWith(answer.id))).toHaveLength(1);
    expect(
      (await notifications(ann)).filter((n) => n.type === 'TASK_ASSIGNED' && n.actionUrl?.endsWith(answer.id)),
    ).toEqual([]);
  }, 60_000);
});
