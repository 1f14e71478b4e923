import { CommandBus } from '@nestjs/cqrs';
import type {
  ConversationChangeResult,
  Email,
  EmailAsOf,
  EmailHistoryEntry,
  EmailReceived,
  Page,
  TeamActivityEntry,
  TeamAuditEntry,
} from '@teaminbox/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { type Person, teamWith } from '../../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';
import { type SmtpSink, startSmtpSink } from '../../../../test/support/smtp-sink';
import { readUntil, until } from '../../../../test/support/until';
import { ReceiveEmailCommand } from '../commands/receive-email/receive-email.command';
import { EMAIL_THREAD_PROJECTION } from '../projections/email-thread/email-thread.projection';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';

type ErrorBody = { message?: string };

/** An instant after everything so far and before anything next. */
async function instant(): Promise<string> {
  const now = Date.now();
  await until(
    async () => Date.now(),
    (later) => later > now + 1,
  );
  return new Date(now).toISOString();
}

describe('merging conversations and splitting an email out (POST /conversations/merge, /emails/{id}/split)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let ann: Person;
  let auditor: Person;
  let teamId: string;
  let a1: string;
  let a2: string;
  let b1: string;
  const at: Record<string, string> = {};

  async function receive(subject: string, messageId: string, receivedAt: string, inReplyTo?: string): Promise<string> {
    const emailId = randomUUID();
    const data: EmailReceived = {
      emailId,
      teamId,
      messageId,
      subject,
      fromName: 'Carol Customer',
      fromEmail: `carol.${subject.length}@customer.example`,
      to: ['support@example.com'],
      cc: [],
      text: `${subject} body`,
      html: null,
      receivedAt,
      priority: 'MEDIUM',
      status: 'NEW',
      inReplyTo: inReplyTo ?? null,
      references: inReplyTo ? [inReplyTo] : [],
    };
    await t.app.get(CommandBus).execute(new ReceiveEmailCommand(randomUUID(), { type: 'ReceiveEmail', data }));
    return emailId;
  }

  const rows = async (token = ann.token) =>
    (await t.request<Page<Email>>('/api/emails?view=conversations&size=50', { token })).body.content.map((row) => [
      row.id,
      row.conversation?.messageCount,
    ]);
  const merge = (emailIds: string[], token = ann.token) =>
    t.request<ConversationChangeResult & ErrorBody>('/api/conversations/merge', {
      method: 'POST',
      token,
      body: { emailIds },
    });
  const split = (emailId: string, token = ann.token) =>
    t.request<ConversationChangeResult & ErrorBody>(`/api/emails/${emailId}/split`, { method: 'POST', token });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ smtpUrl: sink.url });
    const team = await teamWith(t, sink, ['AUDITOR']);
    ann = team.admin;
    [auditor] = team.members;
    teamId = team.teamId;
    // Conversation A: an order and its answer; conversation B: one question, older than both.
    a1 = await receive('Order 42', '<a1@customer.example>', '2026-11-02T10:00:00.000Z');
    a2 = await receive('Re: Order 42', '<a2@customer.example>', '2026-11-02T11:00:00.000Z', '<a1@customer.example>');
    b1 = await receive('Question', '<b1@customer.example>', '2026-11-02T09:00:00.000Z');
    await readUntil(rows, (list) => list.length === 2 && list.some(([, count]) => count === 2));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('merges two conversations into one row: the message count is the sum, the row the latest email of both', async () => {
    expect(await rows()).toEqual([
      [a2, 2],
      [b1, 1],
    ]);
    at.beforeMerge = await instant();
    const merged = await merge([b1, a2]);
    expect(merged.status).toBe(200);
    expect(merged.body).toEqual({ conversationId: b1, emailIds: [b1, a1, a2] });
    at.merged = await instant();
    expect(await rows()).toEqual([[a2, 3]]);
    const page = await t.request<Page<Email>>('/api/emails?view=conversations', { token: ann.token });
    expect(page.body.content[0].conversation?.id).toBe(b1);
    const thread = await t.request<{ id: string }[]>(`/api/emails/${a1}/thread`, { token: ann.token });
    expect(thread.body.map((message) => message.id)).toEqual([b1, a1, a2]);
  });

  it('splits an email out into a conversation of its own, and undoes it by merging back', async () => {
    const own = await split(a2);
    expect(own.status).toBe(200);
    expect(own.body.emailIds).toEqual([a2]);
    expect(own.body.conversationId).not.toBe(b1);
    at.split = await instant();
    expect(await rows()).toEqual([
      [a2, 1],
      [a1, 2],
    ]);
    // Undo: merge it back (the conversation it left answers with all three again).
    expect((await merge([a1, a2])).body).toEqual({ conversationId: b1, emailIds: [b1, a1, a2] });
    expect(await rows()).toEqual([[a2, 3]]);
    // Undo of the first merge: split the question out again.
    expect((await split(b1)).status).toBe(200);
    expect(await rows()).toEqual([
      [a2, 2],
      [b1, 1],
    ]);
  });

  it('refuses what changes nothing, with the reason, and changes nothing', async () => {
    const one = await merge([a1]);
    expect(one.status).toBe(400);
    expect(one.body.message).toBe('Choose at least two conversations to merge');
    const same = await merge([a1, a2]);
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('These emails are already one conversation');
    const alone = await split(b1);
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe('The email is already a conversation of its own');
    expect((await merge([a1, 'not-an-id'])).status).toBe(400);
    expect(await rows()).toEqual([
      [a2, 2],
      [b1, 1],
    ]);
  });

  it("answers 404 for another team's email, and an auditor changes nothing", async () => {
    const outsider = await teamWith(t, sink, []);
    const mine = await receive('Mine', '<mine@customer.example>', '2026-11-02T08:00:00.000Z');
    const theirs = await merge([a1, b1], outsider.admin.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Email not found');
    expect((await split(a2, outsider.admin.token)).status).toBe(404);
    expect((await merge([a1, randomUUID()])).status).toBe(404);
    expect((await t.request(`/api/emails/not-a-uuid/split`, { method: 'POST', token: ann.token })).status).toBe(404);
    expect((await merge([a1, b1], auditor.token)).status).toBe(403);
    expect((await split(a2, auditor.token)).status).toBe(403);
    await readUntil(rows, (list) => list.length === 3);
    expect(await rows()).toEqual([
      [a2, 2],
      [b1, 1],
      [mine, 1],
    ]);
  });

  it('lists merges and splits in the history, the email as of an instant, the activity log and the audit trail', async () => {
    const history = await t.request<EmailHistoryEntry[]>(`/api/emails/${a2}/history`, { token: ann.token });
    const changes = history.body.filter((entry) => entry.type !== 'EmailReceived');
    expect(changes.map((entry) => [entry.type, entry.actor.kind === 'user' && entry.actor.userId])).toEqual([
      ['ConversationsMerged', ann.id],
      ['EmailSplitFromConversation', ann.id],
      ['ConversationsMerged', ann.id],
      // The question split out of a2's conversation is a change of that conversation too.
      ['EmailSplitFromConversation', ann.id],
    ]);
    expect(changes[0].change).toEqual({ conversationId: b1, emailIds: [b1, a2] });
    expect(changes.map((entry) => entry.change.emailIds)).toEqual([[b1, a2], [a2], [a1, a2], [b1]]);

    const asOf = async (when: string) =>
      (await t.request<EmailAsOf>(`/api/emails/${a2}?asOf=${encodeURIComponent(when)}`, { token: ann.token })).body;
    expect((await asOf(at.beforeMerge)).conversationChange).toBeNull();
    expect((await asOf(at.merged)).conversationChange).toMatchObject({
      type: 'ConversationsMerged',
      conversationId: b1,
    });
    expect((await asOf(at.split)).conversationChange).toMatchObject({ type: 'EmailSplitFromConversation' });

    // Every email of the conversations changed shows the change, named or not: a1 was in a2's conversation when the
    // question merged into it, and stayed in it when a2 and later the question were split out of it.
    const ofA1 = await t.request<EmailHistoryEntry[]>(`/api/emails/${a1}/history`, { token: ann.token });
    expect(
      ofA1.body
        .filter((entry) => entry.type !== 'EmailReceived')
        .map((entry) => [entry.type, entry.change.conversationId, entry.change.emailIds]),
    ).toEqual([
      ['ConversationsMerged', b1, [b1, a2]],
      ['EmailSplitFromConversation', expect.any(String), [a2]],
      ['ConversationsMerged', b1, [a1, a2]],
      ['EmailSplitFromConversation', expect.any(String), [b1]],
    ]);
    const a1AsOf = async (when: string) =>
      (await t.request<EmailAsOf>(`/api/emails/${a1}?asOf=${encodeURIComponent(when)}`, { token: ann.token })).body;
    expect((await a1AsOf(at.beforeMerge)).conversationChange).toBeNull();
    // Another email split out of its conversation leaves a1's conversation as the merge made it.
    for (const when of [at.merged, at.split]) {
      expect((await a1AsOf(when)).conversationChange).toMatchObject({
        type: 'ConversationsMerged',
        conversationId: b1,
      });
    }
    const audited = await readUntil(
      async () =>
        (await t.request<Page<TeamAuditEntry>>('/api/team/audit?type=ConversationsMerged', { token: ann.token })).body
          .content,
      (entries) => entries.length === 2,
    );
    expect(audited[1].payload.conversationEmailIds).toEqual(expect.arrayContaining([a1, a2, b1]));

    const activity = await readUntil(
      async () =>
        (await t.request<Page<TeamActivityEntry>>('/api/team/actions?size=100', { token: ann.token })).body.content,
      (entries) => entries.filter((entry) => entry.type === 'EMAIL_SPLIT').length === 2,
    );
    const conversationEntries = activity
      .filter((entry) => entry.type === 'CONVERSATIONS_MERGED' || entry.type === 'EMAIL_SPLIT')
      .reverse();
    expect(conversationEntries.map((entry) => [entry.type, entry.emailId, entry.actorUserId])).toEqual([
      ['CONVERSATIONS_MERGED', b1, ann.id],
      ['EMAIL_SPLIT', a2, ann.id],
      ['CONVERSATIONS_MERGED', a1, ann.id],
      ['EMAIL_SPLIT', b1, ann.id],
    ]);
    expect(conversationEntries[0].details).toEqual({ emailIds: [b1, a2], conversationId: b1 });

    const audit = await readUntil(
      async () =>
        (await t.request<Page<TeamAuditEntry>>('/api/team/audit?type=ConversationsMerged', { token: ann.token })).body
          .content,
      (entries) => entries.length === 2,
    );
    expect(audit.map((entry) => [entry.streamId, entry.actorUserId, entry.emailId])).toEqual([
      [`conversations-${teamId}`, ann.id, a1],
      [`conversations-${teamId}`, ann.id, b1],
    ]);
    expect(audit[1].payload).toMatchObject({ emailIds: [b1, a2], intoThreadId: b1 });
  });

  it('rebuilds the same conversations from the log', async () => {
    const threads = () =>
      t.app
        .get(DataSource)
        .query('SELECT email_id, thread_id, split FROM email_thread WHERE team_id = $1 ORDER BY email_id', [teamId]);
    const before = { rows: await rows(), threads: await threads() };
    expect(before.threads.filter((row: { split: boolean }) => row.split)).toEqual([
      expect.objectContaining({ email_id: b1 }),
    ]);
    await t.app.get(ProjectionRunner).rebuild(EMAIL_THREAD_PROJECTION);
    expect({ rows: await rows(), threads: await threads() }).toEqual(before);
  });
});
