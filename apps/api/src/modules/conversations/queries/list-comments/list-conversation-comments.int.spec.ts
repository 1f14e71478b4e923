import type { Comment, ConversationComments, ThreadMessage } from '@teaminbox/contracts';
import { teamWith } from '../../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../../test/app/suite';
import { receiveEmail } from '../../../../../test/notifications/receive-email';
import { readUntil } from '../../../../../test/support/until';

describe('GET /emails/{id}/comments?scope=conversation (real PostgreSQL, the whole app)', () => {
  const { t, sink } = suiteWithApp();

  it("lists the comments of every email of the conversation with scope, the email's own without; another team's email is 404", async () => {
    const { admin, members, teamId } = await teamWith(t, sink, ['MEMBER']);
    const [member] = members;
    const first = await receiveEmail(t, teamId, {
      subject: 'Printer on fire',
      fromName: 'Carol Customer',
      fromEmail: 'carol@customer.example',
      receivedAt: '2026-11-02T10:00:00.000Z',
    });
    const second = await receiveEmail(t, teamId, {
      subject: 'Re: Printer on fire',
      fromName: 'Carol Customer',
      fromEmail: 'carol@customer.example',
      inReplyTo: `<${first}@example.com>`,
      receivedAt: '2026-11-02T11:00:00.000Z',
    });
    const unrelated = await receiveEmail(t, teamId, {
      subject: 'Something else',
      receivedAt: '2026-11-02T12:00:00.000Z',
    });
    // The two messages form one conversation once the thread projection has them.
    const thread = await readUntil(
      async () => (await t.request<ThreadMessage[]>(`/api/emails/${second}/thread`, { token: admin.token })).body,
      (messages) => Array.isArray(messages) && messages.length === 2,
    );
    expect(thread.map((message) => message.id).sort()).toEqual([first, second].sort());

    const comment = async (emailId: string, token: string, message: string) => {
      const added = await t.request<Comment>(`/api/emails/${emailId}/comments`, {
        method: 'POST',
        token,
        body: { message },
      });
      expect(added.status).toBe(200);
      return added.body;
    };
    const onFirst = await comment(first, admin.token, 'The customer called about this');
    const onSecond = await comment(second, member.token, 'Replacement ordered');
    await comment(unrelated, admin.token, 'Not part of the conversation');

    // Without the parameter (and with scope=email): the spec's answer, the email's own comments.
    const own = await t.request<Comment[]>(`/api/emails/${second}/comments`, { token: admin.token });
    expect(own.status).toBe(200);
    expect(own.body.map((c) => c.id)).toEqual([onSecond.id]);
    const ownScoped = await t.request<Comment[]>(`/api/emails/${second}/comments?scope=email`, { token: admin.token });
    expect(ownScoped.body.map((c) => c.id)).toEqual([onSecond.id]);

    // With the conversation scope, from either message: both comments, oldest first, each on its email.
    for (const asked of [first, second]) {
      const shared = await t.request<ConversationComments>(`/api/emails/${asked}/comments?scope=conversation`, {
        token: member.token,
      });
      expect(shared.status).toBe(200);
      expect(shared.body.emailIds).toEqual([first, second]);
      expect(shared.body.comments.map((c) => [c.id, c.emailId, c.message])).toEqual([
        [onFirst.id, first, 'The customer called about this'],
        [onSecond.id, second, 'Replacement ordered'],
      ]);
      expect(shared.body.comments[0].email).toEqual({
        id: first,
        subject: 'Printer on fire',
        fromName: 'Carol Customer',
        fromEmail: 'carol@customer.example',
        receivedAt: '2026-11-02T10:00:00.000Z',
      });
      expect(shared.body.comments[1]).toMatchObject({
        userId: member.id,
        email: { id: second, subject: 'Re: Printer on fire', receivedAt: '2026-11-02T11:00:00.000Z' },
      });
    }

    // An email alone is its own conversation.
    const alone = await t.request<ConversationComments>(`/api/emails/${unrelated}/comments?scope=conversation`, {
      token: admin.token,
    });
    expect(alone.body.emailIds).toEqual([unrelated]);
    expect(alone.body.comments.map((c) => c.message)).toEqual(['Not part of the conversation']);

    // Another team sees nothing of it: 404 for the email, with or without the scope.
    const other = await teamWith(t, sink, []);
    for (const path of [`/api/emails/${first}/comments?scope=conversation`, `/api/emails/${first}/comments`]) {
      const foreign = await t.request(path, { token: other.admin.token });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ message: 'Email not found' });
    }

    // An unknown scope is a clear 400.
    const bad = await t.request(`/api/emails/${first}/comments?scope=team`, { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: "Unknown comment scope 'team'" });
  });
});
