import type {
  ConversationSettings,
  Email,
  EmailRulesExplanation,
  Rule,
  Label,
  Notification,
  Page,
  SendReplyResponse,
  ThreadMessage,
} from '@teaminbox/contracts';
import type { Person } from '../../../../test/app/identity-fixtures';
import { startLiveMailboxTeam, stopLiveMailboxTeam } from '../../../../test/app/live-mailbox-team';
import type { TestApp } from '../../../../test/app/test-app';
import type { TestDovecot } from '../../../../test/mail/dovecot';
import type { SmtpSink } from '../../../../test/support/smtp-sink';
import { readUntil } from '../../../../test/support/until';
import { DataSource } from 'typeorm';

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
    ({ t, sink, dovecot, admin: ann, member: bob, teamId } = await startLiveMailboxTeam());
  }, 60_000);

  afterAll(() => stopLiveMailboxTeam({ t, sink, dovecot }));

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

  describe('an answer without references joins by its subject and sender', () => {
    /** A message without In-Reply-To and References, as some mail programs (and people starting anew) send it. */
    const plainMail = (from: string, subject: string, date: string, body: string) =>
      [
        `From: ${from}`,
        'To: support@example.com',
        `Date: ${date}`,
        `Subject: ${subject}`,
        `Message-ID: <${body.replace(/\W+/g, '-')}@customer.example>`,
        '',
        body,
        '',
      ].join('\r\n');
    const email = (id: string) => t.request<Email>(`/api/emails/${id}`, { token: ann.token }).then((r) => r.body);
    const assign = async (id: string, to: Person) =>
      expect(
        (await t.request(`/api/emails/${id}/assign`, { method: 'PUT', token: ann.token, body: { assignedTo: to.id } }))
          .status,
      ).toBe(200);
    const setJoinBySubject = (joinRepliesBySubject: boolean, token = ann.token) =>
      t.request<ConversationSettings>('/api/conversation-settings', {
        method: 'PUT',
        token,
        body: { joinRepliesBySubject },
      });
    const carol = 'Carol Customer <carol@customer.example>';
    /** Waits until the thread read model decided the email (it decides in log order: every earlier one too). */
    const threaded = (emailId: string) =>
      readUntil(
        () =>
          t.app.get(DataSource).query('SELECT thread_id FROM email_thread WHERE email_id = $1', [emailId]) as Promise<
            unknown[]
          >,
        (rows) => rows.length === 1,
        10_000,
      );
    const date = 'Tue, 3 Nov 2026 10:00:00 +0000';

    it('"Re: <subject>" from the same sender joins and takes the assignee; a new subject or another sender does not', async () => {
      const question = await received(plainMail(carol, 'Toner empty', date, 'Out of toner.'), 'Out of toner.');
      await assign(question.id, bob);
      const answer = await received(
        plainMail(carol, 'RE: toner EMPTY', 'Wed, 4 Nov 2026 09:00:00 +0000', 'Ordered new toner?'),
        'Ordered new toner?',
      );
      const thread = await readUntil(
        () => threadIds(answer.id),
        (ids) => ids.includes(question.id),
        10_000,
      );
      expect(thread).toEqual(expect.arrayContaining([question.id, answer.id]));
      const continued = await readUntil(
        () => email(answer.id),
        (e) => e.assignedTo === bob.id,
      );
      expect(continued.assignedTo).toBe(bob.id);

      const newSubject = await received(
        plainMail(carol, 'Paper jam', 'Wed, 4 Nov 2026 10:00:00 +0000', 'Paper stuck.'),
        'Paper stuck.',
      );
      const otherSender = await received(
        plainMail('Dave <dave@customer.example>', 'Re: Toner empty', 'Wed, 4 Nov 2026 11:00:00 +0000', 'Mine too.'),
        'Mine too.',
      );
      await threaded(otherSender.id);
      expect(await threadIds(newSubject.id)).not.toContain(question.id);
      expect(await threadIds(otherSender.id)).not.toContain(question.id);
      expect(await threadIds(question.id)).not.toEqual(expect.arrayContaining([newSubject.id]));
      expect((await email(newSubject.id)).assignedTo).toBeNull();
    }, 60_000);

    it('does not join a conversation inactive for more than 30 days', async () => {
      const old = await received(
        plainMail(carol, 'Warranty claim', 'Mon, 7 Sep 2026 10:00:00 +0000', 'Claiming warranty.'),
        'Claiming warranty.',
      );
      const late = await received(
        plainMail(carol, 'Re: Warranty claim', 'Thu, 5 Nov 2026 10:00:00 +0000', 'Any news on the claim?'),
        'Any news on the claim?',
      );
      const marker = await received(
        plainMail(carol, 'Re: Warranty claim', 'Thu, 5 Nov 2026 12:00:00 +0000', 'Still waiting.'),
        'Still waiting.',
      );
      // The third joins the second (active two hours before), not the first: the second started anew.
      await threaded(marker.id);
      expect(await threadIds(marker.id)).toContain(late.id);
      expect(await threadIds(marker.id)).not.toContain(old.id);
      expect(await threadIds(old.id)).toEqual([old.id]);
    }, 60_000);

    it('an ADMIN turns it off (members read it, cannot change it) and then it does not join', async () => {
      expect((await t.request<ConversationSettings>('/api/conversation-settings', { token: bob.token })).body).toEqual({
        joinRepliesBySubject: true,
      });
      const refused = await setJoinBySubject(false, bob.token);
      expect(refused.status).toBe(403);
      const malformed = await t.request<{ message: string }>('/api/conversation-settings', {
        method: 'PUT',
        token: ann.token,
        body: { joinRepliesBySubject: 'no' },
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toContain('joinRepliesBySubject must be true or false');
      // Neither the refused nor the malformed change was kept.
      expect((await t.request<ConversationSettings>('/api/conversation-settings', { token: bob.token })).body).toEqual({
        joinRepliesBySubject: true,
      });
      const off = await setJoinBySubject(false);
      expect([off.status, off.body]).toEqual([200, { joinRepliesBySubject: false }]);
      expect((await t.request<ConversationSettings>('/api/conversation-settings', { token: bob.token })).body).toEqual({
        joinRepliesBySubject: false,
      });
      try {
        const question = await received(
          plainMail(carol, 'Scanner offline', date, 'Scanner is off.'),
          'Scanner is off.',
        );
        const answer = await received(
          plainMail(carol, 'Re: Scanner offline', 'Wed, 4 Nov 2026 09:00:00 +0000', 'Scanner still off.'),
          'Scanner still off.',
        );
        const marker = await received(
          plainMail(carol, 'Re: Scanner offline', 'Wed, 4 Nov 2026 10:00:00 +0000', 'Scanner back after reboot.'),
          'Scanner back after reboot.',
        );
        await threaded(marker.id);
        expect(await threadIds(answer.id)).toEqual([answer.id]);
        expect(await threadIds(question.id)).toEqual([question.id]);
      } finally {
        expect((await setJoinBySubject(true)).status).toBe(200);
      }
    }, 60_000);
  });

  it("a rule that assigns every such email to Ann does not take a follow-up from its conversation's assignee Bob, unless it says so", async () => {
    const plain = (subject: string, date: string, body: string) =>
      [
        'From: Carol Customer <carol@customer.example>',
        'To: support@example.com',
        `Date: ${date}`,
        `Subject: ${subject}`,
        `Message-ID: <${body.replace(/\W+/g, '-')}@customer.example>`,
        '',
        body,
        '',
      ].join('\r\n');
    const email = (id: string) => t.request<Email>(`/api/emails/${id}`, { token: ann.token }).then((r) => r.body);
    const ruleApplied = (id: string) =>
      readUntil(
        () =>
          t
            .request<EmailRulesExplanation>(`/api/emails/${id}/rules`, { token: ann.token })
            .then((r) => r.body.matches ?? []),
        (matches) => matches.length > 0,
      );
    /** The assignee once it is `expected` and still is a while later (the other subscriber has had its turn). */
    const settledAssignee = async (id: string, expected: string) => {
      await readUntil(
        () => email(id),
        (e) => e.assignedTo === expected,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return (await email(id)).assignedTo;
    };
    const ruleBody = (reassignConversation: boolean) => ({
      name: 'Fusers to Ann',
      conditions: [{ field: 'SUBJECT', operator: 'CONTAINS', value: 'fuser' }],
      actions: [{ type: 'ASSIGN_TO_USER', value: ann.id, reassignConversation }],
    });
    const created = await t.request<Rule>('/api/rules', { method: 'POST', token: ann.token, body: ruleBody(false) });
    expect(created.status).toBe(200);
    try {
      /** A question the rule gives Ann, that Bob takes; then Carol's answer (by subject) arrives. */
      const conversation = async (topic: string, day: number) => {
        const question = await received(plain(topic, `${day} Nov 2026 10:00:00 +0000`, `${topic}?`), `${topic}?`);
        await readUntil(
          () => email(question.id),
          (e) => e.assignedTo === ann.id,
        );
        const taken = await t.request(`/api/emails/${question.id}/assign`, {
          method: 'PUT',
          token: bob.token,
          body: { assignedTo: bob.id },
        });
        expect(taken.status).toBe(200);
        const answer = await received(
          plain(`Re: ${topic}`, `${day} Nov 2026 12:00:00 +0000`, `${topic}: still broken.`),
          `${topic}: still broken.`,
        );
        await readUntil(
          () => threadIds(answer.id),
          (ids) => ids.includes(question.id),
          10_000,
        );
        return { question, answer, matches: await ruleApplied(answer.id) };
      };

      const kept = await conversation('Fuser jammed', 10);
      // The rule has acted on the answer (its match is recorded); the continuation acts before or after it. Bob keeps it.
      expect(await settledAssignee(kept.answer.id, bob.id)).toBe(bob.id);

      const reassigning = await t.request<Rule>(`/api/rules/${created.body.id}`, {
        method: 'PUT',
        token: ann.token,
        body: ruleBody(true),
      });
      expect([reassigning.status, reassigning.body.actions[0].reassignConversation]).toEqual([200, true]);
      const taken = await conversation('Fuser overheating', 11);
      expect(taken.matches[0].actions[0]).toMatchObject({ applied: true });
      expect(await settledAssignee(taken.answer.id, ann.id)).toBe(ann.id);
    } finally {
      await t.request(`/api/rules/${created.body.id}`, { method: 'DELETE', token: ann.token });
    }
  }, 90_000);
});
