import type { Email, Page, Reply, ReplyAddresses, SendReplyResponse } from '@teaminbox/contracts';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../../test/app/test-app';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../../../test/mail/dovecot';
import { withAttachment } from '../../../test/mail/mime';
import { captureLogs, type LogCapture } from '../../../test/mail/log-capture';
import { localSmtpSettings } from '../../../test/support/smtp-sink';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store.port';
import { MAIL_HOST_NOT_ALLOWED_MESSAGE } from '../../platform/net';
import { JobQueue } from './infrastructure/job-queue';
import { readUntil } from '../../../test/support/until';

interface Received {
  rcptTo: string[];
  mailFrom: string;
  raw: string;
}

/** A real SMTP server that refuses the next `failures` messages with 451, then keeps what it accepts. */
async function startSink() {
  const received: Received[] = [];
  let failures = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'smtp-secret-pw') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          refused++;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        received.push({
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    received,
    failNext(count: number) {
      failures = count;
      refused = 0;
    },
    refusedCount: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ORIGINAL = [
  'From: Alice <alice@example.com>',
  'To: support@example.com',
  'Subject: Printer on fire',
  'Message-ID: <original-1@example.com>',
  'References: <root-1@example.com>',
  'In-Reply-To: <root-1@example.com>',
  'Date: Mon, 2 Nov 2026 10:00:00 +0000',
  '',
  'Please help.',
  '',
].join('\r\n');

/** An email with a Reply-To, a Cc and an attachment (answered, answered to all and forwarded below). */
const ASKED = withAttachment(
  [
    'From: Bob <bob@example.com>',
    'Reply-To: Help Desk <desk@example.org>',
    'To: support@example.com, dave@example.com',
    'Cc: carol@example.com, Support@example.com',
    'Subject: Printer log',
    'Message-ID: <asked-1@example.com>',
    'Date: Tue, 3 Nov 2026 10:00:00 +0000',
  ],
  'Can you check the attached log?',
  ['Content-Type: text/plain; name="log.txt"', 'Content-Disposition: attachment; filename="log.txt"'],
);

describe('sending replies through the outbox (real Dovecot and SMTP)', () => {
  let t: TestApp;
  let dovecot: TestDovecot;
  let sink: Awaited<ReturnType<typeof startSink>>;
  let token: string;
  let teamId: string;
  let emailId: string;
  let askedId: string;
  let logs: LogCapture;

  const teamIdOf = async (userToken: string) => {
    const team = await t.request<{ id: string }>('/api/team', { token: userToken });
    return team.body.id;
  };
  const reply = (body: Record<string, unknown>, userToken = token) =>
    t.request<SendReplyResponse & { message: string }>('/api/emails/send-reply', {
      method: 'POST',
      token: userToken,
      body: {
        emailId,
        teamId,
        to: ['alice@example.com'],
        cc: [],
        bcc: [],
        subject: 'Re: Printer on fire',
        body: 'Unplug it.',
        ...body,
      },
    });
  const replyEvents = async (replyId: string) =>
    (await t.app
      .get(DataSource)
      .query(`SELECT type FROM events WHERE data->>'replyId' = $1 ORDER BY global_position`, [replyId])) as {
      type: string;
    }[];

  /** A reply's events once its sending ended (sent, or failed for good). */
  const ended = (events: { type: string }[]) =>
    events.some((event) => event.type === 'ReplySent' || event.type === 'ReplyFailed');

  /** The messages of the Dovecot 'Sent' folder (none while it does not exist), with their flags. */
  const sentCopies = async () => {
    const imap = await dovecot.client();
    try {
      if (!(await imap.list()).some((folder) => folder.path === 'Sent')) return [];
      const lock = await imap.getMailboxLock('Sent');
      try {
        const found: { flags: string[]; source: string }[] = [];
        // Created but still empty (the copy is appended right after): '1:*' would be an invalid message set.
        if (!imap.mailbox || imap.mailbox.exists === 0) return found;
        for await (const m of imap.fetch('1:*', { flags: true, source: true }))
          found.push({ flags: [...(m.flags ?? [])], source: m.source?.toString('utf8') ?? '' });
        return found;
      } finally {
        lock.release();
      }
    } finally {
      await imap.logout();
    }
  };

  beforeAll(async () => {
    logs = captureLogs();
    dovecot = await startDovecot();
    sink = await startSink();
    t = await startTestApp();
    t.app.get(JobQueue).tuning.retryDelaySeconds = 1;
    token = (await t.signUp('sender')).token;
    await t.request('/api/team', { method: 'PUT', token, body: 'sending team' });
    teamId = await teamIdOf(token);

    const imap = await dovecot.client();
    await imap.append('INBOX', ORIGINAL);
    await imap.append('INBOX', ASKED);
    await imap.logout();
    const saved = await t.request('/api/email-server-config', {
      method: 'POST',
      token,
      body: dovecotMailbox(dovecot, { ...localSmtpSettings(sink.port, 'smtp-secret-pw'), fromName: 'Support Team' }),
    });
    expect(saved.status).toBe(200);
    const emails = await readUntil(
      async () => (await t.request<Page<Email>>('/api/emails?size=10', { token })).body.content,
      (list) => list.length === 2,
    );
    emailId = emails.find((email) => email.subject === 'Printer on fire')!.id;
    askedId = emails.find((email) => email.subject === 'Printer log')!.id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await dovecot?.stop();
    logs?.stop();
  });

  it('delivers a reply with our Message-ID and the thread headers, then copies it to the Sent folder', async () => {
    const answer = await reply({ cc: ['carol@example.com'], bcc: ['boss@example.com'], htmlBody: '<p>Unplug it.</p>' });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ success: true, message: 'Reply queued', replyId: expect.any(String) });
    const { replyId } = answer.body;

    const delivered = await readUntil(
      async () => sink.received.find((mail) => mail.raw.includes(replyId)),
      (mail) => mail !== undefined,
    );
    if (!delivered) throw new Error('the reply was not delivered');
    expect(delivered.rcptTo.sort()).toEqual(['alice@example.com', 'boss@example.com', 'carol@example.com']);
    expect(delivered.mailFrom).toBe('support@example.com');
    const parsed = await simpleParser(delivered.raw);
    expect(parsed.messageId).toBe(`<${replyId}@example.com>`);
    expect(parsed.inReplyTo).toBe('<original-1@example.com>');
    expect(parsed.references).toEqual(['<root-1@example.com>', '<original-1@example.com>']);
    expect(parsed.from?.value).toEqual([{ name: 'Support Team', address: 'support@example.com' }]);
    expect(parsed.subject).toBe('Re: Printer on fire');
    expect(parsed.headers.has('bcc')).toBe(false);

    expect(await readUntil(() => replyEvents(replyId), ended)).toEqual([
      { type: 'ReplyQueued' },
      { type: 'ReplySendingStarted' },
      { type: 'ReplySent' },
    ]);

    const copies = await readUntil(sentCopies, (found) => found.length > 0);
    expect(copies).toHaveLength(1);
    expect(copies[0].flags).toContain('\\Seen');
    expect(copies[0].source).toContain(`Message-ID: <${replyId}@example.com>`);
  }, 60_000);

  it('retries after a temporary SMTP failure (451) and then delivers', async () => {
    sink.failNext(2);
    const answer = await reply({ subject: 'Re: retried' });
    expect(answer.status).toBe(202);
    const { replyId } = answer.body;
    const delivered = await readUntil(
      async () => sink.received.find((mail) => mail.raw.includes(replyId)),
      (mail) => mail !== undefined,
      40_000,
    );
    expect(delivered).toBeDefined();
    expect(sink.refusedCount()).toBe(2);
    expect(await readUntil(() => replyEvents(replyId), ended)).toEqual([
      { type: 'ReplyQueued' },
      { type: 'ReplySendingStarted' },
      { type: 'ReplySent' },
    ]);
    // Delivered once, with the same identity and thread headers as a first-time success.
    expect(sink.received.filter((mail) => mail.raw.includes(replyId))).toHaveLength(1);
    const parsed = await simpleParser(delivered?.raw ?? '');
    expect(parsed.messageId).toBe(`<${replyId}@example.com>`);
    expect(parsed.inReplyTo).toBe('<original-1@example.com>');
    expect(parsed.references).toEqual(['<root-1@example.com>', '<original-1@example.com>']);
    // One copy in Sent, although the message was attempted three times.
    const copies = await readUntil(sentCopies, (found) => found.some((copy) => copy.source.includes(replyId)));
    expect(copies.filter((copy) => copy.source.includes(`Message-ID: <${replyId}@example.com>`))).toHaveLength(1);
  }, 60_000);

  it('records ReplyFailed once the last retry failed', async () => {
    const queue = t.app.get(JobQueue);
    queue.tuning.retryLimit = 1;
    sink.failNext(2);
    try {
      const answer = await reply({ subject: 'Re: failing' });
      expect(answer.status).toBe(202);
      const { replyId } = answer.body;
      expect(await readUntil(() => replyEvents(replyId), ended, 40_000)).toEqual([
        { type: 'ReplyQueued' },
        { type: 'ReplySendingStarted' },
        { type: 'ReplyFailed' },
      ]);
      expect(sink.refusedCount()).toBe(2);
      expect(sink.received.some((mail) => mail.raw.includes(replyId))).toBe(false);
    } finally {
      queue.tuning.retryLimit = 5;
    }
  }, 60_000);

  it.each([
    [{ subject: 'Re: hi\r\nBcc: victim@evil.test' }, 'Invalid header value'],
    [{ to: ['alice@example.com\r\nBcc: victim@evil.test'] }, 'Invalid header value'],
    [{ to: ['alice@example.com, mallory@evil.test'] }, 'Invalid email address: alice@example.com, mallory@evil.test'],
    [{ cc: ['Alice <mallory@evil.test>'] }, 'Invalid email address: Alice <mallory@evil.test>'],
    [{ bcc: ['"alice@example.com"@evil.test'] }, 'Invalid email address: "alice@example.com"@evil.test'],
  ])('refuses %j with 400', async (body, message) => {
    const before = sink.received.length;
    const answer = await reply(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    const queued = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM events WHERE type = 'ReplyQueued'`);
    expect(queued[0].n).toBe(3);
    expect(sink.received.length).toBe(before);
  });

  it("answers 404 for another team's email and 403 for another team's id", async () => {
    const other = (await t.signUp('other')).token;
    await t.request('/api/team', { method: 'PUT', token: other, body: 'other team' });
    const otherTeamId = await teamIdOf(other);
    expect((await reply({ teamId: otherTeamId }, other)).status).toBe(404);
    expect((await reply({}, other)).status).toBe(403);
  });

  const failureOf = async (replyId: string, ofEmail = emailId) => {
    const events = await readUntil(() => replyEvents(replyId), ended, 40_000);
    expect(events).toEqual([{ type: 'ReplyQueued' }, { type: 'ReplySendingStarted' }, { type: 'ReplyFailed' }]);
    // Read through the event store: the error is sealed under the recipient's key in the stored payload.
    const stream = await t.app.get<EventStore>(EVENT_STORE).readStream(`email-${ofEmail}`);
    const failed = stream.find(
      (event) => event.type === 'ReplyFailed' && (event.data as { replyId: string }).replyId === replyId,
    );
    return failed?.data as { error: string; messageId: string; correspondent?: string };
  };

  it('refuses a private SMTP host when private hosts are not allowed, without sending', async () => {
    const config = t.app.get<AppConfig>(APP_CONFIG);
    const queue = t.app.get(JobQueue);
    const before = sink.received.length;
    config.allowPrivateMailHosts = false;
    queue.tuning.retryLimit = 0;
    try {
      const answer = await reply({ subject: 'Re: guarded' });
      expect(answer.status).toBe(202);
      expect((await failureOf(answer.body.replyId)).error).toBe(MAIL_HOST_NOT_ALLOWED_MESSAGE);
      expect(sink.received.length).toBe(before);
    } finally {
      config.allowPrivateMailHosts = true;
      queue.tuning.retryLimit = 5;
    }
  }, 60_000);

  it('never logs or records the SMTP password of a failed send', async () => {
    const wrongPassword = `Wr0ng-Smtp-${Date.now().toString(36)}-pw`;
    const user = await t.signUp('wrong-smtp');
    await t.request('/api/team', { method: 'PUT', token: user.token, body: 'wrong smtp team' });
    const saved = await t.request('/api/email-server-config', {
      method: 'POST',
      token: user.token,
      body: dovecotMailbox(dovecot, { ...localSmtpSettings(sink.port, wrongPassword), isActive: false }),
    });
    expect(saved.status).toBe(200);
    expect((await t.request('/api/emails/fetch', { method: 'POST', token: user.token })).body).toMatchObject({
      success: true,
    });
    const [original] = await readUntil(
      async () => (await t.request<Page<Email>>('/api/emails?size=10', { token: user.token })).body.content,
      (list) => list.length > 0,
    );
    const queue = t.app.get(JobQueue);
    queue.tuning.retryLimit = 1;
    try {
      const answer = await reply({ emailId: original.id, teamId: await teamIdOf(user.token) }, user.token);
      expect(answer.status).toBe(202);
      const { replyId } = answer.body;
      const failed = await failureOf(replyId, original.id);
      expect(failed.error).toMatch(/^Authentication failed/);
      // The server's answer is sealed under the recipient's key in the stored event.
      expect(failed.correspondent).toBe('alice@example.com');
      expect(sink.received.some((mail) => mail.raw.includes(replyId))).toBe(false);

      const lines = logs.lines();
      // The capture does see both failed attempts.
      expect(lines.filter((line) => line.includes(`Sending reply ${replyId} failed`))).toHaveLength(2);
      expect(lines.filter((line) => line.includes(wrongPassword))).toEqual([]);
      const stored = JSON.stringify(
        await t.app.get(DataSource).query(`SELECT data, output FROM pgboss.job WHERE id = $1`, [replyId]),
      );
      expect(stored).toContain('Authentication failed');
      expect(stored).not.toContain(wrongPassword);
      const events = JSON.stringify(await t.app.get(DataSource).query(`SELECT data FROM events`));
      expect(events).not.toContain(wrongPassword);
      expect(events).not.toContain('smtp-secret-pw');
    } finally {
      queue.tuning.retryLimit = 5;
    }
  }, 60_000);

  it('sends a reply once when the request comes twice at once or again later (idempotency key, draft id)', async () => {
    const body = { subject: 'Re: double click', body: 'Once only.', idempotencyKey: 'compose-7f1c' };
    const [first, second] = await Promise.all([reply(body), reply(body)]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.body.replyId).toBe(first.body.replyId);
    const retried = await t.request<SendReplyResponse>('/api/emails/send-reply', {
      method: 'POST',
      token,
      headers: { 'idempotency-key': 'compose-7f1c' },
      body: { emailId, teamId, to: ['alice@example.com'], subject: 'Re: double click', body: 'Once only.' },
    });
    expect(retried.body.replyId).toBe(first.body.replyId);
    const { replyId } = first.body;
    expect(await readUntil(() => replyEvents(replyId), ended)).toEqual([
      { type: 'ReplyQueued' },
      { type: 'ReplySendingStarted' },
      { type: 'ReplySent' },
    ]);

    // A draft sent twice: its id is the key.
    const draft = await t.request<{ id: string }>(`/api/emails/${emailId}/replies`, {
      method: 'POST',
      token,
      body: { to: ['alice@example.com'], subject: 'Re: from a draft', body: 'Drafted.' },
    });
    const fromDraft = { subject: 'Re: from a draft', body: 'Drafted.', draftId: draft.body.id };
    const [a, b] = await Promise.all([reply(fromDraft), reply(fromDraft)]);
    expect(b.body.replyId).toBe(a.body.replyId);
    await readUntil(() => replyEvents(a.body.replyId), ended);
    // A different key is another reply.
    const other = await reply({ ...body, idempotencyKey: 'compose-8a2d' });
    expect(other.body.replyId).not.toBe(replyId);
    await readUntil(() => replyEvents(other.body.replyId), ended);
    const delivered = (subject: string) =>
      sink.received.filter((mail) => mail.raw.includes(`Subject: ${subject}`)).length;
    expect(delivered('Re: double click')).toBe(2);
    expect(delivered('Re: from a draft')).toBe(1);
    expect(sink.received.filter((mail) => mail.raw.includes(replyId))).toHaveLength(1);
  }, 60_000);

  it('records who and why: mail ingestion as the system, the reply under its request id, the delivery caused by it', async () => {
    const store = t.app.get<EventStore>(EVENT_STORE);
    const [received] = (await store.readStream(`email-${emailId}`)).filter((e) => e.type === 'EmailReceived');
    expect(received.metadata).toMatchObject({ actorUserId: null, actorKind: 'system', causationId: null, teamId });
    expect(received.metadata.correlationId).toEqual(expect.any(String));

    const me = (await t.request<{ id: string }>('/api/loggedInUser', { token })).body;
    const answer = await t.request<SendReplyResponse>('/api/emails/send-reply', {
      method: 'POST',
      token,
      headers: { 'X-Request-Id': 'reply-request-42' },
      body: { emailId, teamId, to: ['alice@example.com'], cc: [], bcc: [], subject: 'Re: traced', body: 'Traced.' },
    });
    expect(answer.status).toBe(202);
    expect(answer.headers.get('x-request-id')).toBe('reply-request-42');
    const { replyId } = answer.body;
    await readUntil(() => replyEvents(replyId), ended);
    const ofReply = (await store.readStream(`email-${emailId}`)).filter(
      (e) => (e.data as { replyId?: string }).replyId === replyId,
    );
    const queued = ofReply.find((e) => e.type === 'ReplyQueued')!;
    const sent = ofReply.find((e) => e.type === 'ReplySent')!;
    expect(queued.metadata).toMatchObject({
      actorUserId: me.id,
      actorKind: 'user',
      correlationId: 'reply-request-42',
      causationId: null,
    });
    expect(sent.metadata).toMatchObject({
      actorKind: 'system',
      correlationId: 'reply-request-42',
      causationId: queued.eventId,
      teamId,
    });
  }, 60_000);
  const deliveredOf = (replyId: string) =>
    readUntil(
      async () => sink.received.find((mail) => mail.raw.includes(replyId)),
      (mail) => mail !== undefined,
    ).then((mail) => {
      if (!mail) throw new Error(`${replyId} was not delivered`);
      return mail;
    });

  it('answers the Reply-To address, and with reply all every other participant but the team itself', async () => {
    const asked = await t.request<ReplyAddresses>(`/api/emails/${askedId}/reply-addresses`, { token });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      reply: { to: ['desk@example.org'], cc: [] },
      replyAll: { to: ['desk@example.org'], cc: ['dave@example.com', 'carol@example.com'] },
    });
    const plain = await t.request<ReplyAddresses>(`/api/emails/${emailId}/reply-addresses`, { token });
    expect(plain.body).toEqual({
      reply: { to: ['alice@example.com'], cc: [] },
      replyAll: { to: ['alice@example.com'], cc: [] },
    });
    const other = await t.signUp('reply-addresses-other');
    await t.request('/api/team', { method: 'PUT', token: other.token, body: 'other team' });
    expect((await t.request(`/api/emails/${askedId}/reply-addresses`, { token: other.token })).status).toBe(404);
  }, 60_000);

  it('sends a reply to all with its Cc, the original quoted below the answer in the text and the HTML', async () => {
    const { replyAll } = (await t.request<ReplyAddresses>(`/api/emails/${askedId}/reply-addresses`, { token })).body;
    const answer = await reply({
      emailId: askedId,
      ...replyAll,
      subject: 'Re: Printer log',
      body: 'The log shows a paper jam.',
      quoteOriginal: true,
    });
    expect(answer.status).toBe(202);
    const delivered = await deliveredOf(answer.body.replyId);
    expect(delivered.rcptTo.sort()).toEqual(['carol@example.com', 'dave@example.com', 'desk@example.org']);
    const parsed = await simpleParser(delivered.raw);
    expect(parsed.cc && !Array.isArray(parsed.cc) ? parsed.cc.value.map((a) => a.address) : []).toEqual([
      'dave@example.com',
      'carol@example.com',
    ]);
    expect(parsed.inReplyTo).toBe('<asked-1@example.com>');
    expect(parsed.text).toContain(
      'The log shows a paper jam.\n\nOn Tue, 03 Nov 2026 10:00:00 GMT, Bob <bob@example.com> wrote:\n> Can you check the attached log?',
    );
    expect(parsed.html).toMatch(/The log shows a paper jam\.[\s\S]*<blockquote[^>]*>Can you check the attached log\?/);
  }, 60_000);

  it('forwards the email with its attachment and a note: delivered, in Sent and in the thread as outgoing', async () => {
    const detail = await t.request<Email>(`/api/emails/${askedId}`, { token });
    const [attachment] = detail.body.attachments;
    expect(attachment).toMatchObject({ filename: 'log.txt' });
    const forward = (body: Record<string, unknown>) =>
      t.request<SendReplyResponse>('/api/emails/forward', {
        method: 'POST',
        token,
        body: { emailId: askedId, teamId, to: ['zoe@example.net'], ...body },
      });

    const unknown = await forward({ attachmentIds: [emailId] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('The email has no such attachment');

    const answer = await forward({ note: 'For the printer vendor.', attachmentIds: [attachment.id] });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ success: true, message: 'Forward queued', replyId: expect.any(String) });
    const { replyId } = answer.body;
    const delivered = await deliveredOf(replyId);
    expect(delivered.rcptTo).toEqual(['zoe@example.net']);
    const parsed = await simpleParser(delivered.raw);
    expect(parsed.subject).toBe('Fwd: Printer log');
    expect(parsed.text).toContain('For the printer vendor.\n\n---------- Forwarded message ---------\nFrom: Bob');
    expect(parsed.text).toContain('Can you check the attached log?');
    expect(parsed.attachments.map((a) => [a.filename, a.content.toString('utf8').trim()])).toEqual([
      ['log.txt', 'data'],
    ]);

    // Without the attachments the user removed.
    const bare = await forward({ attachmentIds: [], idempotencyKey: 'bare-forward' });
    expect((await simpleParser((await deliveredOf(bare.body.replyId)).raw)).attachments).toEqual([]);

    const copies = await readUntil(sentCopies, (found) => found.some((copy) => copy.source.includes(replyId)));
    expect(copies.filter((copy) => copy.source.includes(`Message-ID: <${replyId}@example.com>`))).toHaveLength(1);
    const listed = await readUntil(
      async () => (await t.request<Reply[]>(`/api/emails/${askedId}/replies`, { token })).body,
      (replies) => replies.some((item) => item.id === replyId && item.status === 'SENT'),
    );
    expect(listed.find((item) => item.id === replyId)).toMatchObject({
      subject: 'Fwd: Printer log',
      to: ['zoe@example.net'],
      attachments: [expect.objectContaining({ fileName: 'log.txt' })],
    });
  }, 60_000);
});
