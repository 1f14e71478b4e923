import type {
  CancelScheduledSendResponse,
  ComposeEmailResponse,
  Email,
  Page,
  Reply,
  ScheduledSend,
  SendReplyResponse,
  UserPreferences,
} from '@teaminbox/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { type Person, teamWith } from '../../../test/app/identity-fixtures';
import { apiRequester, startTestApp, type TestApp } from '../../../test/app/test-app';
import { type CapturedMail, type SmtpSink, sendOnlyMailServer, startSmtpSink } from '../../../test/support/smtp-sink';
import { readUntil } from '../../../test/support/until';
import { createApp } from '../../create-app';

type Request = TestApp['request'];

const CUSTOMER = 'alice@example.com';
const NOTE = {
  fileName: 'note.txt',
  contentType: 'text/plain',
  base64Content: Buffer.from('hello').toString('base64'),
};
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** A team whose replies go to the sink, one sample email to answer, and its admin with that undo window. */
async function sendingTeam(t: TestApp, sink: SmtpSink, undoSendSeconds: number) {
  const { admin, teamId } = await teamWith(t, sink, []);
  const configured = await t.request('/api/email-server-config', {
    method: 'POST',
    token: admin.token,
    body: sendOnlyMailServer(sink),
  });
  if (configured.status !== 200) throw new Error(`config failed: ${configured.status}`);
  await t.request('/api/emails/sample', { method: 'POST', token: admin.token });
  const [email] = (await t.request<Page<Email>>('/api/emails?size=1', { token: admin.token })).body.content;
  await setUndoWindow(t.request, admin, undoSendSeconds);
  return { admin, teamId, email };
}

async function setUndoWindow(request: Request, person: Person, undoSendSeconds: number) {
  const saved = await request<UserPreferences>('/api/user/preferences', {
    method: 'PUT',
    token: person.token,
    body: { undoSendSeconds },
  });
  if (saved.status !== 200) throw new Error(`preferences failed: ${saved.status} ${JSON.stringify(saved.body)}`);
}

function sendReply(
  request: Request,
  person: Person,
  target: { teamId: string; email: Email },
  body: Record<string, unknown>,
) {
  return request<SendReplyResponse>('/api/emails/send-reply', {
    method: 'POST',
    token: person.token,
    body: {
      emailId: target.email.id,
      teamId: target.teamId,
      to: [CUSTOMER],
      subject: 'Re: scheduled',
      body: 'On its way.',
      ...body,
    },
  });
}

/** The messages the sink got with this subject (the team's replies all go to the customer). */
const deliveredWith = (sink: SmtpSink, subject: string): CapturedMail[] =>
  sink.messages.filter((mail) => mail.to.includes(CUSTOMER) && mail.subject === subject);

describe('send later and undo send (real PostgreSQL, pg-boss and SMTP)', () => {
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ smtpUrl: sink.url, undoSendDefaultSeconds: 10 });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it("keeps each person's undo window: the server's default until chosen, 0 to 30 seconds", async () => {
    const { admin } = await teamWith(t, sink, []);
    const read = async () =>
      (await t.request<UserPreferences>('/api/user/preferences', { token: admin.token })).body.undoSendSeconds;
    expect(await read()).toBe(10);
    for (const wrong of [31, -1, 2.5, '5']) {
      const refused = await t.request<{ message: string }>('/api/user/preferences', {
        method: 'PUT',
        token: admin.token,
        body: { undoSendSeconds: wrong },
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('undoSendSeconds must be a whole number of seconds from 0 to 30');
    }
    await setUndoWindow(t.request, admin, 0);
    expect(await read()).toBe(0);
    await setUndoWindow(t.request, admin, 30);
    expect(await read()).toBe(30);
  });

  it('undone within the window: nothing is delivered and the reply is a draft again, with its attachment', async () => {
    const team = await sendingTeam(t, sink, 3);
    const subject = 'Re: undone';
    // The original is quoted below the answer: the draft holds the answer alone, and the mail quotes it once.
    const sent = await sendReply(t.request, team.admin, team, { subject, attachments: [NOTE], quoteOriginal: true });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ message: 'Reply scheduled', sendAt: expect.any(String) });
    expect(Date.parse(sent.body.sendAt!) - Date.now()).toBeGreaterThan(1000);

    const listed = await t.request<ScheduledSend[]>('/api/replies/scheduled', { token: team.admin.token });
    expect(listed.body).toEqual([
      expect.objectContaining({ replyId: sent.body.replyId, emailId: team.email.id, to: [CUSTOMER], subject }),
    ]);

    const undone = await t.request<CancelScheduledSendResponse>(`/api/replies/${sent.body.replyId}/schedule`, {
      method: 'DELETE',
      token: team.admin.token,
    });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ success: true, emailId: team.email.id, draftId: expect.any(String) });
    // Undoing again answers the same draft.
    const again = await t.request<CancelScheduledSendResponse>(`/api/replies/${sent.body.replyId}/schedule`, {
      method: 'DELETE',
      token: team.admin.token,
    });
    expect(again.body.draftId).toBe(undone.body.draftId);

    const replies = (await t.request<Reply[]>(`/api/emails/${team.email.id}/replies`, { token: team.admin.token }))
      .body;
    expect(replies).toEqual([
      expect.objectContaining({
        id: undone.body.draftId,
        status: 'DRAFT',
        subject,
        body: 'On its way.',
        htmlBody: null,
        to: [CUSTOMER],
        attachments: [expect.objectContaining({ fileName: 'note.txt', contentType: 'text/plain', size: 5 })],
      }),
    ]);
    expect((await t.request<ScheduledSend[]>('/api/replies/scheduled', { token: team.admin.token })).body).toEqual([]);

    await sleep(Date.parse(sent.body.sendAt!) - Date.now() + 3000);
    expect(deliveredWith(sink, subject)).toEqual([]);

    // Sent from the draft it became (no window now): delivered once, with the attachment it had.
    await setUndoWindow(t.request, team.admin, 0);
    const resent = await sendReply(t.request, team.admin, team, {
      subject,
      draftId: undone.body.draftId,
      quoteOriginal: true,
    });
    expect(resent.status).toBe(202);
    expect(resent.body.replyId).not.toBe(sent.body.replyId);
    const mail = await sink.waitFor(CUSTOMER, (m) => m.subject === subject, 15_000);
    expect(mail.text.split(' wrote:')).toHaveLength(2);
    expect(mail.raw).toMatch(/filename="?note\.txt/);
    expect(mail.raw).toContain(NOTE.base64Content);
    await sleep(1500);
    expect(deliveredWith(sink, subject)).toHaveLength(1);
  }, 60_000);

  it('not undone: delivered once when the window ends, and undo then answers 409', async () => {
    const team = await sendingTeam(t, sink, 3);
    const subject = 'Re: after the window';
    const sent = await sendReply(t.request, team.admin, team, { subject });
    expect(sent.status).toBe(202);
    const sendAt = Date.parse(sent.body.sendAt!);

    const mail = await sink.waitFor(CUSTOMER, (m) => m.subject === subject, 20_000);
    expect(Date.now()).toBeGreaterThanOrEqual(sendAt);
    expect(mail.text).toContain('On its way.');
    const late = await t.request<{ message: string }>(`/api/replies/${sent.body.replyId}/schedule`, {
      method: 'DELETE',
      token: team.admin.token,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This reply has already been sent and can no longer be undone');

    const types = await readUntil(
      async () =>
        (
          (await t.app
            .get(DataSource)
            .query(`SELECT type FROM events WHERE data->>'replyId' = $1 ORDER BY global_position`, [
              sent.body.replyId,
            ])) as { type: string }[]
        ).map((row) => row.type),
      (list) => list.includes('ReplySent'),
    );
    expect(types).toEqual(['ReplyQueued', 'ReplySendingStarted', 'ReplySent']);
    await sleep(1500);
    expect(deliveredWith(sink, subject)).toHaveLength(1);
  }, 60_000);

  it('sends a reply later: listed in Scheduled until its time, then delivered once at that time', async () => {
    const team = await sendingTeam(t, sink, 0);
    const subject = 'Re: later';
    const sendAt = inSeconds(5);
    const sent = await sendReply(t.request, team.admin, team, { subject, sendAt });
    expect(sent.status).toBe(202);
    expect(sent.body.sendAt).toBe(sendAt);
    const listed = (await t.request<ScheduledSend[]>('/api/replies/scheduled', { token: team.admin.token })).body;
    expect(listed).toEqual([
      {
        replyId: sent.body.replyId,
        emailId: team.email.id,
        kind: 'reply',
        to: [CUSTOMER],
        subject,
        sendAt,
        authorId: team.admin.id,
        authorName: expect.any(String),
      },
    ]);

    await sink.waitFor(CUSTOMER, (m) => m.subject === subject, 20_000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(sendAt));
    expect(
      (
        await readUntil(
          async () => (await t.request<ScheduledSend[]>('/api/replies/scheduled', { token: team.admin.token })).body,
          (list) => list.length === 0,
        )
      ).length,
    ).toBe(0);
    await sleep(1500);
    expect(deliveredWith(sink, subject)).toHaveLength(1);
  }, 60_000);

  it("refuses a time in the past, and another team's scheduled send is none of the caller's (404)", async () => {
    const team = await sendingTeam(t, sink, 0);
    const past = await sendReply(t.request, team.admin, team, { sendAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(400);
    const sent = await sendReply(t.request, team.admin, team, { subject: 'Re: ours', sendAt: inSeconds(60) });
    const other = await sendingTeam(t, sink, 0);
    const foreign = await t.request(`/api/replies/${sent.body.replyId}/schedule`, {
      method: 'DELETE',
      token: other.admin.token,
    });
    expect(foreign.status).toBe(404);
    expect((await t.request<ScheduledSend[]>('/api/replies/scheduled', { token: other.admin.token })).body).toEqual([]);
  }, 60_000);
});

describe('a new email and a forward wait like a reply (real PostgreSQL, pg-boss and SMTP)', () => {
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ smtpUrl: sink.url, undoSendDefaultSeconds: 10 });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const scheduledOf = async (person: Person) =>
    (await t.request<ScheduledSend[]>('/api/replies/scheduled', { token: person.token })).body;

  it('a new email undone within the window: nothing delivered, a draft on its conversation; sent from it, its first message', async () => {
    const team = await sendingTeam(t, sink, 3);
    const subject = 'A new email, undone';
    const composed = await t.request<ComposeEmailResponse>('/api/emails/compose', {
      method: 'POST',
      token: team.admin.token,
      body: { teamId: team.teamId, to: [CUSTOMER], subject, body: 'Welcome aboard.', attachments: [NOTE] },
    });
    expect(composed.status).toBe(202);
    expect(composed.body).toMatchObject({ message: 'Email scheduled', sendAt: expect.any(String) });
    const { emailId, replyId } = composed.body;
    expect(await scheduledOf(team.admin)).toEqual([
      expect.objectContaining({ replyId, emailId, kind: 'compose', to: [CUSTOMER], subject }),
    ]);

    const undone = await t.request<CancelScheduledSendResponse>(`/api/replies/${replyId}/schedule`, {
      method: 'DELETE',
      token: team.admin.token,
    });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ emailId, kind: 'compose', draftId: expect.any(String) });
    const replies = (await t.request<Reply[]>(`/api/emails/${emailId}/replies`, { token: team.admin.token })).body;
    expect(replies).toContainEqual(
      expect.objectContaining({
        id: undone.body.draftId,
        status: 'DRAFT',
        subject,
        body: 'Welcome aboard.',
        to: [CUSTOMER],
        attachments: [expect.objectContaining({ fileName: 'note.txt', size: 5 })],
      }),
    );
    expect(await scheduledOf(team.admin)).toEqual([]);
    await sleep(Date.parse(composed.body.sendAt!) - Date.now() + 3000);
    expect(deliveredWith(sink, subject)).toEqual([]);

    // Sent from its draft without the attachment the user removed: the conversation's first message, not a reply.
    await setUndoWindow(t.request, team.admin, 0);
    const resent = await t.request<SendReplyResponse>('/api/emails/send-reply', {
      method: 'POST',
      token: team.admin.token,
      body: {
        emailId,
        teamId: team.teamId,
        to: [CUSTOMER],
        subject,
        body: 'Welcome aboard.',
        draftId: undone.body.draftId,
        draftAttachmentIds: [],
        quoteOriginal: true,
      },
    });
    expect(resent.status).toBe(202);
    const mail = await sink.waitFor(CUSTOMER, (m) => m.subject === subject, 15_000);
    expect(mail.raw).not.toMatch(/^In-Reply-To:/im);
    expect(mail.raw).toMatch(new RegExp(`^Message-ID: <${emailId}@`, 'im'));
    expect(mail.raw).not.toMatch(/note\.txt/);
    expect(mail.text).not.toContain('wrote:');
    await sleep(1500);
    expect(deliveredWith(sink, subject)).toHaveLength(1);
  }, 60_000);

  it('a forward sent later: listed in Scheduled as a forward, delivered once at its time', async () => {
    const team = await sendingTeam(t, sink, 0);
    const sendAt = inSeconds(5);
    const forwarded = await t.request<SendReplyResponse>('/api/emails/forward', {
      method: 'POST',
      token: team.admin.token,
      body: { emailId: team.email.id, teamId: team.teamId, to: [CUSTOMER], note: 'For you.', sendAt },
    });
    expect(forwarded.status).toBe(202);
    expect(forwarded.body).toMatchObject({ message: 'Forward scheduled', sendAt });
    const [listed] = await scheduledOf(team.admin);
    expect(listed).toMatchObject({ replyId: forwarded.body.replyId, kind: 'forward', sendAt, to: [CUSTOMER] });

    const mail = await sink.waitFor(CUSTOMER, (m) => m.subject === listed.subject, 20_000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(sendAt));
    expect(mail.text).toContain('For you.');
    await readUntil(
      () => scheduledOf(team.admin),
      (list) => list.length === 0,
    );
    await sleep(1500);
    expect(deliveredWith(sink, listed.subject)).toHaveLength(1);
  }, 60_000);
});

/** A second application on the same database and queue: one more replica. */
async function startAnother(first: TestApp): Promise<{ app: NestExpressApplication; request: Request }> {
  const app = await createApp({ config: first.config, databaseUrl: first.database.url });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  return {
    app,
    request: apiRequester(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`),
  };
}

describe('a scheduled send across replicas and restarts (real PostgreSQL, pg-boss and SMTP)', () => {
  it('is delivered once at its time while two applications share the database', async () => {
    const sink = await startSmtpSink();
    const first = await startTestApp({ smtpUrl: sink.url });
    let second: Awaited<ReturnType<typeof startAnother>> | undefined;
    try {
      second = await startAnother(first);
      const team = await sendingTeam(first, sink, 0);
      const subjects = ['Re: replica one', 'Re: replica two', 'Re: replica three'];
      const sendAt = inSeconds(4);
      for (const [index, subject] of subjects.entries()) {
        const request = index % 2 === 0 ? first.request : second.request;
        expect((await sendReply(request, team.admin, team, { subject, sendAt })).status).toBe(202);
      }
      for (const subject of subjects) await sink.waitFor(CUSTOMER, (m) => m.subject === subject, 20_000);
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(sendAt));
      await sleep(3000);
      for (const subject of subjects) expect(deliveredWith(sink, subject)).toHaveLength(1);
    } finally {
      await second?.app.close();
      await first.close();
      await sink.close();
    }
  }, 90_000);

  it('survives a restart: scheduled by the first application, delivered once by the one started after it', async () => {
    const sink = await startSmtpSink();
    const first = await startTestApp({ smtpUrl: sink.url });
    let second: Awaited<ReturnType<typeof startAnother>> | undefined;
    try {
      const team = await sendingTeam(first, sink, 0);
      const subject = 'Re: across a restart';
      const sendAt = inSeconds(6);
      const sent = await sendReply(first.request, team.admin, team, { subject, sendAt });
      expect(sent.status).toBe(202);
      // The send job is stored before the first application stops.
      await readUntil(
        async () =>
          (await first.app
            .get(DataSource)
            .query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-email' AND id = $1`, [
              sent.body.replyId,
            ])) as { n: number }[],
        (rows) => rows[0]?.n === 1,
        10_000,
      );
      await first.app.close();
      expect(deliveredWith(sink, subject)).toEqual([]);

      second = await startAnother(first);
      const listed = await second.request<ScheduledSend[]>('/api/replies/scheduled', { token: team.admin.token });
      expect(listed.body.map((send) => send.replyId)).toEqual([sent.body.replyId]);
      await sink.waitFor(CUSTOMER, (m) => m.subject === subject, 20_000);
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(sendAt));
      await sleep(2000);
      expect(deliveredWith(sink, subject)).toHaveLength(1);
    } finally {
      await second?.app.close();
      await first.database.drop();
      rmSync(first.config.dataDir, { recursive: true, force: true });
      await sink.close();
    }
  }, 90_000);
});
