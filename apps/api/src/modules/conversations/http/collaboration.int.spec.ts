import type {
  Comment,
  CommentChange,
  Email,
  EmailAction,
  EmailChange,
  EmailPresence,
  Page,
  Reply,
  ReplyChange,
  ThreadMessage,
  UserPreferences,
} from '@teaminbox/contracts';
import {
  type ClientSocket,
  connectSocket,
  teamWith,
  teamWithSampleEmails,
} from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';
import { sendOnlyMailServer } from '../../../../test/support/smtp-sink';
import { PRESENCE_TTL_MS, PresenceRegistry } from '../infrastructure/presence.registry';
import { readUntil } from '../../../../test/support/until';

const until = <T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 15_000) =>
  readUntil(read, ok, timeoutMs);

/** Socket events of one type as they arrive, with a wait for the first one matching a predicate. */
function collect<T>(socket: ClientSocket, event: string) {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return {
    seen,
    next: (ok: (payload: T) => boolean = () => true, timeoutMs = 5000) =>
      until(
        async () => seen.find(ok),
        (found) => found !== undefined,
        timeoutMs,
      ).then((found) => {
        if (found === undefined) throw new Error(`no matching '${event}' within ${timeoutMs} ms`);
        return found;
      }),
  };
}

describe('comments, replies, presence, collision safety and preferences over HTTP', () => {
  const sockets: ClientSocket[] = [];
  const { t, sink } = suiteWithApp({ sockets });

  async function teamWithEmail() {
    const team = await teamWithSampleEmails(t, sink);
    return { ...team, email: team.emails[0] };
  }

  async function socketOf(token: string) {
    const connected = await connectSocket(t, token);
    if (!('socket' in connected)) throw connected.error;
    sockets.push(connected.socket);
    return connected.socket;
  }

  it('adds, lists, edits and deletes comments; only the author may change one; mentions are resolved', async () => {
    const { admin, members, email } = await teamWithEmail();
    const [member] = members;
    const path = `/api/emails/${email.id}/comments`;
    const memberSocket = await socketOf(member.token);
    const live = new Promise<CommentChange>((resolve) => memberSocket.once('email.comment', resolve));

    const added = await t.request<Comment>(path, {
      method: 'POST',
      token: admin.token,
      body: { message: `Can you take this, @${member.email}?` },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      emailId: email.id,
      userId: admin.id,
      userEmail: admin.email,
      mentions: [member.id],
    });
    expect(await live).toMatchObject({ emailId: email.id, kind: 'added', comment: { id: added.body.id } });

    expect((await t.request(path, { method: 'POST', token: admin.token, body: { message: '   ' } })).status).toBe(400);
    const listed = await t.request<Comment[]>(path, { token: member.token });
    expect(listed.body.map((c) => c.id)).toEqual([added.body.id]);

    const byOther = await t.request<{ message: string }>(`${path}/${added.body.id}`, {
      method: 'PUT',
      token: member.token,
      body: { message: 'hijacked' },
    });
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe('Forbidden!');
    expect((await t.request(`${path}/${added.body.id}`, { method: 'DELETE', token: member.token })).status).toBe(403);

    const edited = await t.request<Comment>(`${path}/${added.body.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { message: 'No mention any more' },
    });
    expect(edited.body).toMatchObject({ message: 'No mention any more', mentions: [] });
    expect(edited.body.updatedAt).not.toBeNull();
    expect((await t.request(`${path}/${added.body.id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect((await t.request<Comment[]>(path, { token: admin.token })).body).toEqual([]);
    expect((await t.request(`${path}/${added.body.id}`, { method: 'DELETE', token: admin.token })).status).toBe(404);

    const stranger = await teamWithEmail();
    expect((await t.request(path, { token: stranger.admin.token })).status).toBe(404);
    expect(
      (await t.request(path, { method: 'POST', token: stranger.admin.token, body: { message: 'hi' } })).status,
    ).toBe(404);
  });

  it('refuses a comment that mentions more than 20 members with a clear 400, and records nothing', async () => {
    const { admin, members } = await teamWith(
      t,
      sink,
      Array.from({ length: 21 }, () => 'MEMBER' as const),
    );
    await t.request('/api/emails/sample', { method: 'POST', token: admin.token });
    const [email] = (await t.request<Page<Email>>('/api/emails', { token: admin.token })).body.content;
    const path = `/api/emails/${email.id}/comments`;
    const mentioning = (people: typeof members) => people.map((m) => `@${m.email}`).join(' ');

    const refused = await t.request<{ success: boolean; message: string }>(path, {
      method: 'POST',
      token: admin.token,
      body: { message: `All hands: ${mentioning(members)}` },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, message: 'A comment can mention at most 20 people.' });
    expect((await t.request<Comment[]>(path, { token: admin.token })).body).toEqual([]);

    const twenty = await t.request<Comment>(path, {
      method: 'POST',
      token: admin.token,
      body: { message: `Twenty: ${mentioning(members.slice(0, 20))}` },
    });
    expect(twenty.status).toBe(200);
    expect(twenty.body.mentions).toHaveLength(20);
    const edited = await t.request(`${path}/${twenty.body.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { message: `Now all: ${mentioning(members)}` },
    });
    expect(edited.status).toBe(400);
  }, 120_000);

  it('shows who views and who replies to an email, live, and forgets them on leave', async () => {
    const { admin, members, email } = await teamWithEmail();
    const [member] = members;
    const adminSocket = await socketOf(admin.token);
    const seen: EmailPresence[] = [];
    adminSocket.on('email.presence', (presence: EmailPresence) => seen.push(presence));

    const joined = await t.request<EmailPresence>(`/api/emails/${email.id}/presence/join`, {
      method: 'POST',
      token: admin.token,
    });
    expect(joined.body.userIds).toEqual([admin.id]);
    await t.request(`/api/emails/${email.id}/presence/join`, { method: 'POST', token: member.token });
    const replying = await t.request<EmailPresence>(`/api/emails/${email.id}/presence/replying`, {
      method: 'POST',
      token: member.token,
      body: { replying: true },
    });
    expect(replying.body.viewers).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: member.id, email: member.email, replying: true })]),
    );
    const left = await t.request<EmailPresence>(`/api/emails/${email.id}/presence/leave`, {
      method: 'POST',
      token: member.token,
    });
    expect(left.body.userIds).toEqual([admin.id]);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.map((p) => p.userIds.length)).toEqual([1, 2, 2, 1]);

    const stranger = await teamWithEmail();
    expect(
      (await t.request(`/api/emails/${email.id}/presence/join`, { method: 'POST', token: stranger.admin.token }))
        .status,
    ).toBe(404);
  });

  it('keeps the detail view mode, availability and list density per user', async () => {
    const { admin, members } = await teamWithEmail();
    expect((await t.request<UserPreferences>('/api/user/preferences', { token: admin.token })).body).toEqual({
      emailDetailViewMode: 'classic',
      onVacation: false,
      language: 'en',
      listDensity: 'comfortable',
      undoSendSeconds: 0,
    });
    const set = await t.request<UserPreferences>('/api/user/preferences', {
      method: 'PUT',
      token: admin.token,
      body: { emailDetailViewMode: 'timeline' },
    });
    expect(set.body).toEqual({
      emailDetailViewMode: 'timeline',
      onVacation: false,
      language: 'en',
      listDensity: 'comfortable',
      undoSendSeconds: 0,
    });
    const away = await t.request<UserPreferences>('/api/me/availability', {
      method: 'PUT',
      token: admin.token,
      body: { onVacation: true },
    });
    expect(away.body).toEqual({
      emailDetailViewMode: 'timeline',
      onVacation: true,
      language: 'en',
      listDensity: 'comfortable',
      undoSendSeconds: 0,
    });
    expect(
      (
        await t.request('/api/user/preferences', {
          method: 'PUT',
          token: admin.token,
          body: { emailDetailViewMode: 'x' },
        })
      ).status,
    ).toBe(400);
    expect((await t.request<UserPreferences>('/api/user/preferences', { token: members[0].token })).body).toEqual({
      emailDetailViewMode: 'classic',
      onVacation: false,
      language: 'en',
      listDensity: 'comfortable',
      undoSendSeconds: 0,
    });
    // The inbox list's density is the person's own too: saved, read back, and only the two densities are taken.
    const compact = await t.request<UserPreferences>('/api/user/preferences', {
      method: 'PUT',
      token: members[0].token,
      body: { listDensity: 'compact' },
    });
    expect(compact.body).toEqual({
      emailDetailViewMode: 'classic',
      onVacation: false,
      language: 'en',
      listDensity: 'compact',
      undoSendSeconds: 0,
    });
    expect((await t.request<UserPreferences>('/api/user/preferences', { token: members[0].token })).body).toEqual(
      compact.body,
    );
    expect((await t.request<UserPreferences>('/api/user/preferences', { token: admin.token })).body.listDensity).toBe(
      'comfortable',
    );
    expect(
      (
        await t.request('/api/user/preferences', {
          method: 'PUT',
          token: members[0].token,
          body: { listDensity: 'dense' },
        })
      ).status,
    ).toBe(400);
  });

  /** Makes the team's replies go to the test SMTP server (no mailbox sync: the configuration is inactive). */
  async function configureSmtp(token: string) {
    const saved = await t.request('/api/email-server-config', {
      method: 'POST',
      token,
      body: sendOnlyMailServer(sink),
    });
    if (saved.status !== 200) throw new Error(`config failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  }

  it('keeps team reply drafts that any member may edit; a sent reply cannot be deleted; the thread shows it', async () => {
    const { admin, members, email, teamId } = await teamWithEmail();
    const [member] = members;
    await configureSmtp(admin.token);
    const path = `/api/emails/${email.id}/replies`;
    const replies = collect<ReplyChange>(await socketOf(member.token), 'email.reply');

    const draft = await t.request<Reply>(path, {
      method: 'POST',
      token: admin.token,
      body: { to: [email.fromEmail], subject: `Re: ${email.subject}`, body: 'Draft text' },
    });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({
      emailId: email.id,
      teamId,
      status: 'DRAFT',
      authorId: admin.id,
      authorEmail: admin.email,
      body: 'Draft text',
      sentAt: null,
      cc: [],
    });
    expect(await replies.next((c) => c.kind === 'draft-saved')).toMatchObject({ reply: { id: draft.body.id } });

    const edited = await t.request<Reply>(`${path}/${draft.body.id}`, {
      method: 'PUT',
      token: member.token,
      body: { to: [email.fromEmail], cc: ['boss@example.com'], subject: 'Re: edited', body: 'Better text' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: draft.body.id,
      authorId: admin.id,
      body: 'Better text',
      cc: ['boss@example.com'],
    });
    expect(edited.body.updatedAt).not.toBeNull();
    expect((await t.request<Reply[]>(path, { token: member.token })).body.map((r) => r.id)).toEqual([draft.body.id]);

    // Sent from the draft: the draft goes, the queued reply comes, then it is sent.
    const sent = await t.request<{ replyId: string }>('/api/emails/send-reply', {
      method: 'POST',
      token: member.token,
      body: {
        emailId: email.id,
        teamId,
        to: [email.fromEmail],
        subject: 'Re: edited',
        body: 'Better text',
        draftId: draft.body.id,
      },
    });
    expect(sent.status).toBe(202);
    const afterSend = (await t.request<Reply[]>(path, { token: admin.token })).body;
    expect(afterSend.map((r) => [r.id, r.status === 'DRAFT'])).toEqual([[sent.body.replyId, false]]);
    expect(afterSend[0]).toMatchObject({ authorId: member.id, from: 'support@example.com' });
    expect(await replies.next((c) => c.kind === 'draft-deleted')).toMatchObject({ reply: { id: draft.body.id } });
    expect(await replies.next((c) => c.kind === 'queued')).toMatchObject({ reply: { id: sent.body.replyId } });
    const delivered = await replies.next((c) => c.kind === 'sent', 20_000);
    expect(delivered.reply).toMatchObject({ id: sent.body.replyId, status: 'SENT' });
    expect(delivered.reply.sentAt).not.toBeNull();

    const refused = await t.request<{ message: string }>(`${path}/${sent.body.replyId}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A sent reply cannot be deleted');
    const unchangeable = await t.request<{ message: string }>(`${path}/${sent.body.replyId}`, {
      method: 'PUT',
      token: admin.token,
      body: { body: 'x' },
    });
    expect(unchangeable.status).toBe(409);
    expect(unchangeable.body.message).toBe('Only drafts can be changed');

    const thread = (await t.request<ThreadMessage[]>(`/api/emails/${email.id}/thread`, { token: admin.token })).body;
    expect(thread.map((m) => [m.id, m.direction])).toEqual([
      [email.id, 'incoming'],
      [sent.body.replyId, 'outgoing'],
    ]);
    expect(thread[1]).toMatchObject({
      deliveryStatus: 'SENT',
      fromEmail: 'support@example.com',
      fromName: 'Support Team',
    });

    // A second draft is deleted by another member; deleting it again answers 404.
    const second = await t.request<Reply>(path, { method: 'POST', token: admin.token, body: { body: 'Later' } });
    const deleted = await t.request(`${path}/${second.body.id}`, { method: 'DELETE', token: member.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Draft deleted' });
    expect((await t.request(`${path}/${second.body.id}`, { method: 'DELETE', token: member.token })).status).toBe(404);

    // Another team sees nothing and changes nothing.
    const stranger = await teamWithEmail();
    const third = await t.request<Reply>(path, { method: 'POST', token: admin.token, body: { body: 'Mine' } });
    for (const [method, url, body] of [
      ['GET', path, undefined],
      ['POST', path, { body: 'x' }],
      ['PUT', `${path}/${third.body.id}`, { body: 'x' }],
      ['DELETE', `${path}/${third.body.id}`, undefined],
      ['PUT', `/api/emails/${stranger.email.id}/replies/${third.body.id}`, { body: 'x' }],
      ['DELETE', `/api/emails/${stranger.email.id}/replies/${third.body.id}`, undefined],
      ['GET', `/api/emails/${email.id}/thread`, undefined],
      ['GET', '/api/emails/not-a-uuid/replies', undefined],
      ['DELETE', `/api/emails/${stranger.email.id}/replies/not-a-uuid`, undefined],
    ] as const) {
      const res = await t.request(url, { method, token: stranger.admin.token, body });
      expect([method, url, res.status]).toEqual([method, url, 404]);
      expect(JSON.stringify(res.body)).not.toContain('Mine');
    }
    expect(
      (await t.request<Reply[]>(path, { token: admin.token })).body.find((r) => r.id === third.body.id),
    ).toMatchObject({ body: 'Mine' });
  }, 60_000);

  it('refuses a reply when someone else commented or replied since it was started, unless confirmed', async () => {
    const { admin, members, email, teamId } = await teamWithEmail();
    const [member] = members;
    await configureSmtp(admin.token);
    const send = (token: string, extra: Record<string, unknown>) =>
      t.request<{ success: boolean; message: string; replyId?: string; collision?: unknown }>(
        '/api/emails/send-reply',
        {
          method: 'POST',
          token,
          body: { emailId: email.id, teamId, to: [email.fromEmail], subject: 'Re', body: 'Answer', ...extra },
        },
      );

    const startedAt = new Date(Date.now() - 1000).toISOString();
    // The caller's own comment is no collision.
    await t.request(`/api/emails/${email.id}/comments`, {
      method: 'POST',
      token: admin.token,
      body: { message: 'mine' },
    });
    await t.request(`/api/emails/${email.id}/comments`, {
      method: 'POST',
      token: member.token,
      body: { message: 'hm' },
    });
    const collided = await send(admin.token, { startedAt });
    expect(collided.status).toBe(409);
    expect(collided.body).toMatchObject({
      success: false,
      message: 'New activity on this email since you started your reply',
      collision: { comments: 1, replies: 0, since: startedAt },
    });
    expect((await t.request<Reply[]>(`/api/emails/${email.id}/replies`, { token: admin.token })).body).toEqual([]);

    const memberReply = await send(member.token, {});
    expect(memberReply.status).toBe(202);
    expect((await send(admin.token, { startedAt })).body).toMatchObject({ collision: { comments: 1, replies: 1 } });
    // Started after all of that: no collision.
    expect((await send(admin.token, { startedAt: new Date(Date.now() + 1000).toISOString() })).status).toBe(202);
    const confirmed = await send(admin.token, { startedAt, confirmed: true });
    expect(confirmed.status).toBe(202);
    const queued = (await t.request<Reply[]>(`/api/emails/${email.id}/replies`, { token: admin.token })).body;
    expect(queued.map((r) => r.id)).toContain(confirmed.body.replyId);
    expect(queued).toHaveLength(3);
  }, 60_000);

  it('forgets a viewer after the TTL and when their last socket closes', async () => {
    const { admin, members, email } = await teamWithEmail();
    const [member] = members;
    const presence = collect<EmailPresence>(await socketOf(admin.token), 'email.presence');
    const memberSocket = await socketOf(member.token);
    const join = (token: string) =>
      t.request<EmailPresence>(`/api/emails/${email.id}/presence/join`, { method: 'POST', token });

    await join(admin.token);
    expect((await join(member.token)).body.userIds.sort()).toEqual([admin.id, member.id].sort());
    memberSocket.close();
    expect(await presence.next((p) => p.emailId === email.id && p.userIds.length === 1)).toMatchObject({
      userIds: [admin.id],
    });

    // No heartbeat for longer than the TTL: the viewer is dropped and the team is told.
    const registry = t.app.get(PresenceRegistry);
    expect(await registry.sweep(Date.now() + PRESENCE_TTL_MS + 1000)).toBeGreaterThanOrEqual(1);
    expect(await presence.next((p) => p.emailId === email.id && p.userIds.length === 0)).toMatchObject({
      viewers: [],
    });
    expect(
      (await t.request(`/api/emails/not-a-uuid/presence/join`, { method: 'POST', token: admin.token })).status,
    ).toBe(404);
  });

  it('logs actions with their actor, answers repeated commands without new history, and pushes changes', async () => {
    const { admin, members, email } = await teamWithEmail();
    const [member] = members;
    const memberSocket = await socketOf(member.token);
    const changes = collect<EmailChange>(memberSocket, 'team.email.updated');
    const counts = collect<number>(memberSocket, 'team.unread-count');
    const token = admin.token;

    const first = await t.request<Email>(`/api/emails/${email.id}/archive`, { method: 'PUT', token });
    const second = await t.request<Email>(`/api/emails/${email.id}/archive`, { method: 'PUT', token });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(await changes.next((c) => c.id === email.id && c.isArchived === true)).toMatchObject({
      actorUserId: admin.id,
    });
    await counts.next();
    await t.request(`/api/emails/${email.id}/notifications/mute`, { method: 'PUT', token: member.token });
    expect(await changes.next((c) => c.id === email.id && c.actorUserId === member.id)).toMatchObject({ id: email.id });

    const logged = await t.request<EmailAction[]>(`/api/emails/${email.id}/actions`, {
      method: 'POST',
      token: member.token,
      body: { type: 'ASSIGN', details: { note: 'asked to take it' } },
    });
    expect(logged.status).toBe(200);
    expect(logged.body.map((a) => [a.type, a.actorUserId, a.actorEmail])).toEqual([
      ['ARCHIVED', admin.id, admin.email],
      ['ASSIGN', member.id, member.email],
    ]);
    expect(logged.body[1].details).toMatchObject({ note: 'asked to take it' });
    const bad = await t.request(`/api/emails/${email.id}/actions`, { method: 'POST', token, body: { type: 'NOPE' } });
    expect(bad.status).toBe(400);
    const stranger = await teamWithEmail();
    expect(
      (
        await t.request(`/api/emails/${email.id}/actions`, {
          method: 'POST',
          token: stranger.admin.token,
          body: { type: 'SPAM' },
        })
      ).status,
    ).toBe(404);
    expect((await t.request(`/api/emails/${email.id}/labels/not-a-uuid`, { method: 'DELETE', token })).status).toBe(
      404,
    );
  });
});
