import type { CurrentUser, InvitationResponse, SuccessMessageResponse, Team } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { advanceClock, invite, person, teamWith, uniqueEmail } from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';
import { linkIn } from '../../../../test/support/smtp-sink';

const EXPIRED = { success: false, message: 'Invitation has expired', flag: 0 };

describe('invitations over HTTP', () => {
  const { t, sink } = suiteWithApp({ config: { publicUrl: 'https://inbox.example.com' } });
  afterEach(() => {
    jest.restoreAllMocks();
    sink.refuse(false);
  });

  const lookup = (token: string) => t.request<InvitationResponse>(`/api/invitation/${token}`);
  const register = (email: string, password: string, invitationId?: string) =>
    t.request<SuccessMessageResponse>('/api/register', { method: 'POST', body: { email, password, invitationId } });
  const signIn = (email: string, password: string, invitationId?: string) =>
    t.request<SuccessMessageResponse>('/api/auth/signin', { method: 'POST', body: { email, password, invitationId } });

  async function adminWithTeam(name = 'Support') {
    const admin = await person(t, 'admin');
    await t.request('/api/team', { method: 'PUT', token: admin.token, body: name });
    return admin;
  }

  it('invites a new person, who registers through the emailed link and joins as MEMBER', async () => {
    const admin = await adminWithTeam('Support <&> "Care"');
    const email = uniqueEmail('newcomer');
    const sent = await t.request<Team>('/api/invitation', { method: 'PUT', token: admin.token, body: { email } });
    expect(sent.status).toBe(200);
    expect(sent.body.invitations).toEqual([{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), email, role: 'MEMBER' }]);

    const mail = await sink.waitFor(email);
    expect(mail.subject).toBe('You are invited to join Support <&> "Care" on Team Inbox');
    expect(mail.html).toContain('Support &lt;&amp;&gt; &quot;Care&quot;');
    const link = linkIn(mail, 'https://inbox.example.com', '/invitation/');
    const token = link.split('/invitation/')[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(sent.body.invitations[0].id);

    expect((await lookup(token)).body).toEqual({ success: true, message: email, flag: 0 });
    const registered = await register(email, 'new secret', token);
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({ success: true, message: 'Account created successfully' });

    const newcomer = (await signIn(email, 'new secret')).body.message;
    const me = await t.request<CurrentUser>('/api/loggedInUser', { token: newcomer });
    const team = await t.request<Team>('/api/team', { token: admin.token });
    expect(me.body).toMatchObject({ teamId: team.body.id, role: 'MEMBER' });
    expect(team.body.members.map((m) => [m.email, m.role])).toEqual([
      [admin.email, 'ADMIN'],
      [email, 'MEMBER'],
    ]);
    expect(team.body.invitations).toEqual([]);

    const reused = await lookup(token);
    expect(reused.status).toBe(410);
    expect(reused.body).toMatchObject(EXPIRED);
  });

  it('invites an existing user (flag 1), who signs in with the invitation and joins', async () => {
    const admin = await adminWithTeam();
    const existing = await person(t, 'existing');
    const token = await invite(t, sink, admin.token, existing.email);
    expect((await lookup(token)).body).toEqual({ success: true, message: existing.email, flag: 1 });

    const signedIn = await signIn(existing.email, existing.password, token);
    expect(signedIn.status).toBe(200);
    const me = await t.request<CurrentUser>('/api/loggedInUser', { token: signedIn.body.message });
    expect(me.body.role).toBe('MEMBER');
    expect(me.body.teamId).toBe((await t.request<Team>('/api/team', { token: admin.token })).body.id);
  });

  it('refuses to let someone with a team accept another one (409), and keeps the invitation', async () => {
    const admin = await adminWithTeam();
    const busy = await adminWithTeam('Elsewhere');
    const token = await invite(t, sink, admin.token, busy.email);
    const res = await signIn(busy.email, busy.password, token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: 'You already belong to a team.' });
    expect((await lookup(token)).status).toBe(200);
  });

  it('refuses an invitation used with another address', async () => {
    const admin = await adminWithTeam();
    const token = await invite(t, sink, admin.token, uniqueEmail('intended'));
    const res = await register(uniqueEmail('someone-else'), 'secret1', token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This invitation was sent to another email address.');
    const other = await person(t, 'other');
    expect((await signIn(other.email, other.password, token)).status).toBe(400);
    expect((await lookup(token)).status).toBe(200);
  });

  it('answers 404 for unknown and malformed tokens and 410 after 7 days', async () => {
    for (const bad of ['x', 'not-a-real-invitation-token', Buffer.alloc(32, 1).toString('base64url')]) {
      const res = await lookup(bad);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject(EXPIRED);
    }
    const admin = await adminWithTeam();
    const email = uniqueEmail('slow');
    const token = await invite(t, sink, admin.token, email);
    advanceClock(t, 7 * 24 * 3600_000 + 1000);
    expect((await lookup(token)).status).toBe(410);
    const res = await register(email, 'secret1', token);
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject(EXPIRED);
  });

  it('re-sends an invitation under the same id with a new link; the old link stops working', async () => {
    const admin = await adminWithTeam();
    const email = uniqueEmail('twice');
    const first = await invite(t, sink, admin.token, email);
    advanceClock(t, 61_000);
    const second = await invite(t, sink, admin.token, email.toUpperCase());
    expect(second).not.toBe(first);
    // Only the latest token's hash is kept: the first one is now unknown.
    const old = await lookup(first);
    expect(old.status).toBe(404);
    expect(old.body).toMatchObject(EXPIRED);
    expect((await lookup(second)).status).toBe(200);
    const team = await t.request<Team>('/api/team', { token: admin.token });
    expect(team.body.invitations.map((i) => i.email)).toEqual([email]);
  });

  it('limits invitations: a pause before re-sending to an address, and a most per address and day', async () => {
    const admin = await adminWithTeam();
    const email = uniqueEmail('quota');
    const send = (address: string) =>
      t.request<SuccessMessageResponse>('/api/invitation', {
        method: 'PUT',
        token: admin.token,
        body: { email: address },
      });
    await invite(t, sink, admin.token, email);
    const tooSoon = await send(email);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toBe(
      'An invitation was just sent to this address. Wait a minute before sending it again.',
    );
    for (let sent = 1; sent < 5; sent++) {
      advanceClock(t, sent * 61_000);
      expect((await send(email)).status).toBe(200);
    }
    advanceClock(t, 5 * 61_000);
    const sixth = await send(email);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('This address has been invited 5 times today, the most a day. Try again tomorrow.');
    expect((await send(uniqueEmail('other'))).status).toBe(200);
    advanceClock(t, 24 * 3600_000 + 6 * 61_000);
    expect((await send(email)).status).toBe(200);
  });

  it('deletes an invitation (its link stops working); another team’s id answers 404', async () => {
    const admin = await adminWithTeam();
    const stranger = await adminWithTeam('Stranger');
    const token = await invite(t, sink, admin.token, uniqueEmail('deleted'));
    const { id } = (await t.request<Team>('/api/team', { token: admin.token })).body.invitations[0];

    const foreign = await t.request(`/api/invitation/${id}`, { method: 'DELETE', token: stranger.token });
    expect(foreign.status).toBe(404);
    expect((await t.request(`/api/invitation/not-a-uuid`, { method: 'DELETE', token: admin.token })).status).toBe(404);

    const deleted = await t.request<Team>(`/api/invitation/${id}`, { method: 'DELETE', token: admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.invitations).toEqual([]);
    expect((await lookup(token)).status).toBe(410);
    expect((await t.request(`/api/invitation/${id}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
  });

  it('lets only an ADMIN or MAINTAINER invite and delete invitations', async () => {
    const { admin, members } = await teamWith(t, sink, ['MAINTAINER', 'MEMBER']);
    const [maintainer, member] = members;
    const byMaintainer = await t.request<Team>('/api/invitation', {
      method: 'PUT',
      token: maintainer.token,
      body: { email: uniqueEmail('by-maintainer') },
    });
    expect(byMaintainer.status).toBe(200);
    const byMember = await t.request('/api/invitation', {
      method: 'PUT',
      token: member.token,
      body: { email: uniqueEmail('by-member') },
    });
    expect(byMember.status).toBe(403);
    const { id } = byMaintainer.body.invitations[0];
    expect((await t.request(`/api/invitation/${id}`, { method: 'DELETE', token: member.token })).status).toBe(403);
    expect((await t.request(`/api/invitation/${id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
  });

  it('answers 400 for an invalid address, 409 for a member, 404 without a team, 401 without a session', async () => {
    const admin = await adminWithTeam();
    const bad = await t.request('/api/invitation', { method: 'PUT', token: admin.token, body: { email: 'nope' } });
    expect(bad.status).toBe(400);
    const member = await t.request('/api/invitation', {
      method: 'PUT',
      token: admin.token,
      body: { email: admin.email },
    });
    expect(member.status).toBe(409);
    expect(member.body).toMatchObject({ message: 'This person is already a member of the team.' });
    const loner = await person(t, 'loner');
    expect(
      (await t.request('/api/invitation', { method: 'PUT', token: loner.token, body: { email: uniqueEmail('x') } }))
        .status,
    ).toBe(404);
    expect((await t.request('/api/invitation', { method: 'PUT', body: { email: uniqueEmail('x') } })).status).toBe(401);
  });

  it('keeps the invitation and says so when its email cannot be sent', async () => {
    const admin = await adminWithTeam();
    const email = uniqueEmail('unsent');
    sink.refuse(true);
    const res = await t.request<SuccessMessageResponse>('/api/invitation', {
      method: 'PUT',
      token: admin.token,
      body: { email },
    });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      success: false,
      message: 'The invitation was saved, but its email could not be sent. Send the invitation again later.',
    });
    const team = await t.request<Team>('/api/team', { token: admin.token });
    expect(team.body.invitations.map((i) => i.email)).toEqual([email]);
  });

  it('stores no invitation token, only its hash', async () => {
    const admin = await adminWithTeam();
    const token = await invite(t, sink, admin.token, uniqueEmail('hashed'));
    const dataSource = t.app.get(DataSource);
    const inEvents: { n: string }[] = await dataSource.query(
      `SELECT count(*)::text AS n FROM events WHERE data::text LIKE $1`,
      [`%${token}%`],
    );
    const inReadModel: { n: string }[] = await dataSource.query(
      `SELECT count(*)::text AS n FROM team_invitations WHERE token_hash = $1 OR id::text = $1`,
      [token],
    );
    expect([inEvents[0].n, inReadModel[0].n]).toEqual(['0', '0']);
  });

  it('lets exactly one of two concurrent acceptances of one invitation win', async () => {
    const admin = await adminWithTeam();
    const email = uniqueEmail('contested');
    const token = await invite(t, sink, admin.token, email);
    await register(email, 'secret1');
    const results = await Promise.all([signIn(email, 'secret1', token), signIn(email, 'secret1', token)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status >= 400)).toHaveLength(1);
    const team = await t.request<Team>('/api/team', { token: admin.token });
    expect(team.body.members.filter((m) => m.email === email)).toHaveLength(1);
  });
});
