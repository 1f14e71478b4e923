import type { Comment, CommentChange, Email, EmailPresence, Page, UserPreferences } from '@teaminbox/contracts';
import { type ClientSocket, connectSocket, teamWith } from '../../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';
import { type SmtpSink, startSmtpSink } from '../../../../test/support/smtp-sink';

describe('comments with mentions, presence and preferences over HTTP', () => {
  let sink: SmtpSink;
  let t: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ smtpUrl: sink.url });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
    await sink?.close();
  });

  async function teamWithEmail() {
    const team = await teamWith(t, sink, ['MEMBER']);
    await t.request('/api/emails/sample', { method: 'POST', token: team.admin.token });
    const page = await t.request<Page<Email>>('/api/emails', { token: team.admin.token });
    return { ...team, email: page.body.content[0] };
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

  it('keeps the detail view mode and availability per user', async () => {
    const { admin, members } = await teamWithEmail();
    expect((await t.request<UserPreferences>('/api/user/preferences', { token: admin.token })).body).toEqual({
      emailDetailViewMode: 'classic',
      onVacation: false,
    });
    const set = await t.request<UserPreferences>('/api/user/preferences', {
      method: 'PUT',
      token: admin.token,
      body: { emailDetailViewMode: 'timeline' },
    });
    expect(set.body).toEqual({ emailDetailViewMode: 'timeline', onVacation: false });
    const away = await t.request<UserPreferences>('/api/me/availability', {
      method: 'PUT',
      token: admin.token,
      body: { onVacation: true },
    });
    expect(away.body).toEqual({ emailDetailViewMode: 'timeline', onVacation: true });
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
    });
  });
});
