import type {
  CancelScheduledSendResponse,
  Email,
  EmailAsOf,
  EmailHistoryEntry,
  Page,
  SendReplyResponse,
  TeamActivityEntry,
  TeamAuditEntry,
} from '@teaminbox/contracts';
import { teamWith } from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';
import { sendOnlyMailServer } from '../../../../test/support/smtp-sink';
import { readUntil } from '../../../../test/support/until';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { TEAM_ACTIVITY_PROJECTION } from '../projections/team-activity/team-activity.projection';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('undone and scheduled sends in the history, the as-of view, the activity log and the audit trail', () => {
  const { t, sink } = suiteWithApp();

  it('shows a send undone and a scheduled send cancelled as such, by whom, and never as queued afterwards', async () => {
    const { admin, teamId } = await teamWith(t, sink, []);
    const token = admin.token;
    expect(
      (await t.request('/api/email-server-config', { method: 'POST', token, body: sendOnlyMailServer(sink) })).status,
    ).toBe(200);
    await t.request('/api/emails/sample', { method: 'POST', token });
    const [email] = (await t.request<Page<Email>>('/api/emails?size=1', { token })).body.content;
    // The longest undo window: the send undone never leaves before it is undone.
    expect(
      (await t.request('/api/user/preferences', { method: 'PUT', token, body: { undoSendSeconds: 30 } })).status,
    ).toBe(200);
    const send = async (subject: string, sendAt?: string) => {
      const sent = await t.request<SendReplyResponse>('/api/emails/send-reply', {
        method: 'POST',
        token,
        body: { emailId: email.id, teamId, to: ['alice@example.com'], subject, body: 'On its way.', sendAt },
      });
      expect(sent.status).toBe(202);
      return sent.body.replyId;
    };
    const cancel = async (replyId: string) => {
      const cancelled = await t.request<CancelScheduledSendResponse>(`/api/replies/${replyId}/schedule`, {
        method: 'DELETE',
        token,
      });
      expect(cancelled.status).toBe(200);
      return cancelled.body.draftId;
    };
    const undone = await send('Re: undone');
    await cancel(undone);
    const tomorrow = inHours(20);
    const cancelled = await send('Re: cancelled', tomorrow);
    await cancel(cancelled);
    const later = inHours(30);
    const waiting = await send('Re: waiting', later);

    const history = (await t.request<EmailHistoryEntry[]>(`/api/emails/${email.id}/history`, { token })).body;
    const sending = history
      .filter((entry) => entry.type === 'ReplyQueued' || entry.type === 'ReplySendCancelled')
      .map((entry) => [entry.type, entry.change.replyId, entry.change.scheduledFor, entry.actor]);
    const byAdmin = expect.objectContaining({ kind: 'user', userId: admin.id });
    expect(sending).toEqual([
      ['ReplyQueued', undone, undefined, byAdmin],
      ['ReplySendCancelled', undone, undefined, byAdmin],
      ['ReplyQueued', cancelled, tomorrow, byAdmin],
      ['ReplySendCancelled', cancelled, tomorrow, byAdmin],
      ['ReplyQueued', waiting, later, byAdmin],
    ]);

    // Now: the two cancelled sends are drafts again, the one sent for later waits for its time.
    const now = (
      await t.request<EmailAsOf>(`/api/emails/${email.id}?asOf=${encodeURIComponent(new Date().toISOString())}`, {
        token,
      })
    ).body;
    expect(
      now.replies
        .map((reply) => [reply.subject, reply.status, reply.scheduledFor ?? null])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual([
      ['Re: cancelled', 'DRAFT', null],
      ['Re: undone', 'DRAFT', null],
      ['Re: waiting', 'QUEUED', later],
    ]);

    const activity = await readUntil(
      async () => (await t.request<Page<TeamActivityEntry>>('/api/team/actions?size=100', { token })).body.content,
      (entries) => entries.filter((entry) => entry.type === 'REPLY_SENT').length === 3,
    );
    const ofReply = (replyId: string) =>
      activity
        .filter((entry) => entry.details.replyId === replyId)
        .map((entry) => [
          entry.type,
          entry.actorUserId,
          entry.emailId,
          entry.details.status,
          entry.details.scheduledFor,
        ])
        .reverse();
    expect(ofReply(undone)).toEqual([
      ['REPLY_SENT', admin.id, email.id, 'CANCELLED', undefined],
      ['SEND_UNDONE', admin.id, email.id, undefined, undefined],
    ]);
    expect(ofReply(cancelled)).toEqual([
      ['REPLY_SENT', admin.id, email.id, 'CANCELLED', tomorrow],
      ['SCHEDULED_SEND_CANCELLED', admin.id, email.id, undefined, tomorrow],
    ]);
    expect(ofReply(waiting)).toEqual([['REPLY_SENT', admin.id, email.id, 'SCHEDULED', later]]);
    // The log rebuilt from the first event reads the same.
    await t.app.get(ProjectionRunner).rebuild(TEAM_ACTIVITY_PROJECTION);
    expect((await t.request<Page<TeamActivityEntry>>('/api/team/actions?size=100', { token })).body.content).toEqual(
      activity,
    );

    const audit = await readUntil(
      async () => (await t.request<Page<TeamAuditEntry>>('/api/team/audit?type=ReplySendCancelled', { token })).body,
      (page) => page.totalElements === 2,
    );
    expect(
      audit.content.map((entry) => [entry.actorUserId, entry.actorName, entry.emailId, entry.payload.replyId]),
    ).toEqual([
      [admin.id, expect.any(String), email.id, cancelled],
      [admin.id, expect.any(String), email.id, undone],
    ]);
  });
});
