import type {
  ComposeEmailResponse,
  Email,
  EmailDetail,
  EmailHistoryEntry,
  Page,
  ThreadMessage,
} from '@teaminbox/contracts';
import { simpleParser } from 'mailparser';
import { connectSocket, type Person } from '../../../test/app/identity-fixtures';
import { startLiveMailboxTeam, stopLiveMailboxTeam } from '../../../test/app/live-mailbox-team';
import type { TestApp } from '../../../test/app/test-app';
import type { TestDovecot } from '../../../test/mail/dovecot';
import type { SmtpSink } from '../../../test/support/smtp-sink';
import { readUntil } from '../../../test/support/until';

describe('composing a new conversation (real PostgreSQL, Dovecot and SMTP)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let dovecot: TestDovecot;
  let ann: Person;
  let bob: Person;
  let teamId: string;

  const compose = (body: Record<string, unknown>, token = bob.token) =>
    t.request<ComposeEmailResponse & { message: string }>('/api/emails/compose', {
      method: 'POST',
      token,
      body: { teamId, to: ['dana@customer.example'], subject: 'Your order', body: 'It shipped.', ...body },
    });
  const inbox = async () => (await t.request<Page<Email>>('/api/emails?size=50', { token: ann.token })).body.content;
  const email = (id: string) => t.request<EmailDetail>(`/api/emails/${id}`, { token: ann.token }).then((r) => r.body);
  const thread = async (emailId: string) =>
    (await t.request<ThreadMessage[]>(`/api/emails/${emailId}/thread`, { token: ann.token })).body;

  /** The messages of the Dovecot 'Sent' folder (none while it does not exist). */
  const sentCopies = async () => {
    const imap = await dovecot.client();
    try {
      if (!(await imap.list()).some((folder) => folder.path === 'Sent')) return [];
      const lock = await imap.getMailboxLock('Sent');
      try {
        const found: string[] = [];
        if (!imap.mailbox || imap.mailbox.exists === 0) return found;
        for await (const m of imap.fetch('1:*', { source: true })) found.push(m.source?.toString('utf8') ?? '');
        return found;
      } finally {
        lock.release();
      }
    } finally {
      await imap.logout();
    }
  };

  beforeAll(async () => {
    ({ t, sink, dovecot, admin: ann, member: bob, teamId } = await startLiveMailboxTeam());
  }, 60_000);

  afterAll(() => stopLiveMailboxTeam({ t, sink, dovecot }));

  it('delivers the new message from the team with text and HTML, keeps it in Sent, and the answer joins it', async () => {
    const started = await compose({
      cc: ['erin@customer.example'],
      body: '',
      htmlBody: '<p>Your order <strong>shipped</strong> today.</p><p>--<br>Bob</p>',
      attachments: [{ fileName: 'invoice.txt', contentType: 'text/plain', base64Content: 'SW52b2ljZSAxMjM=' }],
    });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({
      success: true,
      message: 'Email queued',
      emailId: expect.any(String),
      replyId: started.body.emailId,
    });
    const { emailId } = started.body;

    // Listed right away: from the team's mailbox, read by and assigned to its author.
    expect((await inbox()).map((e) => e.id)).toContain(emailId);
    expect(await email(emailId)).toMatchObject({
      subject: 'Your order',
      fromEmail: 'support@example.com',
      to: ['dana@customer.example'],
      cc: ['erin@customer.example'],
      assignedTo: bob.id,
      read: true,
      status: 'IN_PROGRESS',
    });

    const delivered = await sink.waitFor('dana@customer.example', (mail) => mail.subject === 'Your order');
    expect(delivered.to.sort()).toEqual(['dana@customer.example', 'erin@customer.example']);
    const parsed = await simpleParser(delivered.raw);
    const messageId = `<${emailId}@example.com>`;
    expect(parsed.messageId).toBe(messageId);
    expect(parsed.inReplyTo).toBeUndefined();
    expect(parsed.from?.value).toEqual([{ name: 'Support', address: 'support@example.com' }]);
    expect(parsed.html).toContain('<strong>shipped</strong>');
    // The plain-text alternative, derived from the HTML.
    expect(parsed.text?.trim()).toBe('Your order shipped today.\n\n--\nBob');
    expect(parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['invoice.txt', 'Invoice 123']]);

    const copies = await readUntil(sentCopies, (found) => found.some((source) => source.includes(messageId)));
    expect(copies.filter((source) => source.includes(`Message-ID: ${messageId}`))).toHaveLength(1);

    // The customer answers (In-Reply-To our Message-ID): the answer joins the conversation and takes its assignee.
    const imap = await dovecot.client();
    try {
      await imap.append(
        'INBOX',
        [
          'From: Dana <dana@customer.example>',
          'To: support@example.com',
          'Subject: Re: Your order',
          'Message-ID: <answer-1@customer.example>',
          `In-Reply-To: ${messageId}`,
          `References: ${messageId}`,
          `Date: ${new Date(Date.now() + 60_000).toUTCString()}`,
          '',
          'Thanks, it arrived.',
          '',
        ].join('\r\n'),
      );
    } finally {
      await imap.logout();
    }
    const list = await readUntil(inbox, (emails) => emails.some((e) => e.body.includes('Thanks, it arrived.')));
    const answer = list.find((e) => e.body.includes('Thanks, it arrived.'))!;
    const messages = await readUntil(
      () => thread(answer.id),
      (found) => found.some((m) => m.id === emailId),
      10_000,
    );
    expect(messages.map((m) => [m.id, m.direction])).toEqual([
      [emailId, 'outgoing'],
      [answer.id, 'incoming'],
    ]);
    expect((await thread(emailId)).map((m) => m.id)).toContain(answer.id);
    expect(
      await readUntil(
        () => email(answer.id),
        (e) => e.assignedTo === bob.id,
      ),
    ).toMatchObject({ assignedTo: bob.id, read: false });
  }, 60_000);

  it('sends to Bcc recipients without naming them in any header, and shows them to the team', async () => {
    const started = await compose({
      subject: 'Quarterly review',
      cc: ['erin@customer.example'],
      bcc: ['boss@customer.example', 'audit@customer.example'],
    });
    expect(started.status).toBe(202);

    const delivered = await sink.waitFor('boss@customer.example', (mail) => mail.subject === 'Quarterly review');
    expect(delivered.to.sort()).toEqual([
      'audit@customer.example',
      'boss@customer.example',
      'dana@customer.example',
      'erin@customer.example',
    ]);
    const headers = delivered.raw.slice(0, delivered.raw.search(/\r?\n\r?\n/));
    expect(headers).toContain('dana@customer.example');
    expect(headers).not.toMatch(/boss@customer\.example|audit@customer\.example|^bcc:/im);
    expect((await simpleParser(delivered.raw)).bcc).toBeUndefined();
    // The copy in Sent is the message as sent: it names no Bcc recipient either.
    const messageId = `<${started.body.emailId}@example.com>`;
    const copies = await readUntil(sentCopies, (found) => found.some((source) => source.includes(messageId)));
    const copy = copies.find((source) => source.includes(messageId));
    expect(copy).not.toMatch(/boss@customer\.example|audit@customer\.example/);

    expect(await email(started.body.emailId)).toMatchObject({
      cc: ['erin@customer.example'],
      bcc: ['boss@customer.example', 'audit@customer.example'],
    });
  }, 30_000);

  it('reads as the message a member sent: outgoing, by its author, and its history says it was composed', async () => {
    const started = await compose({ subject: 'Welcome aboard' });
    expect(started.status).toBe(202);
    const { emailId } = started.body;

    expect(await email(emailId)).toMatchObject({
      direction: 'outgoing',
      composedBy: { userId: bob.id, name: bob.email },
      bcc: [],
    });
    const history = await t.request<EmailHistoryEntry[]>(`/api/emails/${emailId}/history`, { token: ann.token });
    expect(history.status).toBe(200);
    const listed = history.body.slice(0, 2);
    expect(listed.map((entry) => [entry.type, entry.change.subject, entry.change.sendKind, entry.actor])).toEqual([
      ['EmailComposed', 'Welcome aboard', undefined, expect.objectContaining({ kind: 'user', userId: bob.id })],
      ['ReplyQueued', 'Welcome aboard', 'compose', expect.objectContaining({ kind: 'user', userId: bob.id })],
    ]);
  });

  it("pushes the new conversation to the other members' open inboxes", async () => {
    // Ann has the inbox open in another browser while Bob composes.
    const connected = await connectSocket(t, ann.token);
    if (!('socket' in connected)) throw connected.error;
    const pushed: Email[] = [];
    connected.socket.on('team.emails.created', (emails: Email[]) => pushed.push(...emails));
    try {
      const started = await compose({ subject: 'Live for Ann' });
      expect(started.status).toBe(202);
      const mine = await readUntil(
        async () => pushed.filter((e) => e.id === started.body.emailId),
        (found) => found.length > 0,
        10_000,
      );
      // As the list shows it: from the team's mailbox, read by and assigned to Bob.
      expect(mine).toEqual([
        expect.objectContaining({
          subject: 'Live for Ann',
          fromEmail: 'support@example.com',
          assignedTo: bob.id,
          read: true,
          status: 'IN_PROGRESS',
        }),
      ]);
    } finally {
      connected.socket.close();
    }
  }, 30_000);

  it('refuses a message without recipients, with a bad address, without subject or body, clearly', async () => {
    const noRecipient = await compose({ to: [] });
    expect(noRecipient.status).toBe(400);
    expect(JSON.stringify(noRecipient.body)).toContain('At least one recipient is required');

    const badAddress = await compose({ to: ['not an address'] });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.message).toBe('Invalid email address: not an address');

    const noSubject = await compose({ subject: '  ' });
    expect(noSubject.status).toBe(400);
    expect(JSON.stringify(noSubject.body)).toContain('Subject is required');

    const noBody = await compose({ body: '', htmlBody: null });
    expect(noBody.status).toBe(400);
    expect(JSON.stringify(noBody.body)).toContain('Message body is required');

    const badAttachment = await compose({
      attachments: [{ fileName: 'a.txt', contentType: 'text/plain', base64Content: '***' }],
    });
    expect(badAttachment.status).toBe(400);
    expect(badAttachment.body.message).toBe('Invalid attachment content');

    // Nothing was listed or sent for any of them.
    expect((await inbox()).filter((e) => e.subject === 'Your order' && e.assignedTo === bob.id)).toHaveLength(1);
  });

  it('starts one conversation for a retried request with the same key', async () => {
    const first = await compose({ subject: 'Once', idempotencyKey: 'compose-once' });
    const again = await compose({ subject: 'Once', idempotencyKey: 'compose-once' });
    expect(first.status).toBe(202);
    expect(again.body.emailId).toBe(first.body.emailId);
    await sink.waitFor('dana@customer.example', (mail) => mail.subject === 'Once');
    expect((await inbox()).filter((e) => e.subject === 'Once')).toHaveLength(1);
  }, 30_000);
});
