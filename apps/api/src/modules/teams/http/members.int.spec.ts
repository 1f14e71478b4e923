import type { CurrentUser, Team, TeamMember } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import {
  type ClientSocket,
  connectSocket,
  person,
  serverDisconnect,
  teamWith,
} from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';

describe('team members, roles and removals over HTTP', () => {
  const { t, sink } = suiteWithApp();
  const sockets: ClientSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  const setRole = (token: string, id: string, body: unknown) =>
    t.request<Team & { message?: string }>(`/api/team/member/${id}/role`, { method: 'PUT', token, body });
  const remove = (token: string, id: string) =>
    t.request<Team & { message?: string }>(`/api/team/member/${id}`, { method: 'DELETE', token });
  const roleOf = async (token: string, id: string) =>
    (await t.request<Team>('/api/team', { token })).body.members.find((m) => m.id === id)?.role;

  it('changes a role from a text/plain or a JSON body and answers the team', async () => {
    const { admin, members } = await teamWith(t, sink, ['MEMBER']);
    const [member] = members;
    const text = await setRole(admin.token, member.id, 'MAINTAINER');
    expect(text.status).toBe(200);
    expect(text.body.members.find((m) => m.id === member.id)?.role).toBe('MAINTAINER');
    const json = await setRole(admin.token, member.id, { role: 'MEMBER' });
    expect(json.status).toBe(200);
    const me = await t.request<CurrentUser>('/api/loggedInUser', { token: member.token });
    expect(me.body.role).toBe('MEMBER');
    const bad = await setRole(admin.token, member.id, 'OWNER');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      message: 'Role must be one of ADMIN, MAINTAINER, MEMBER, AUDITOR',
    });
  });

  it('enforces who may change which role', async () => {
    const { admin, members } = await teamWith(t, sink, ['MAINTAINER', 'MEMBER', 'MEMBER']);
    const [maintainer, member, other] = members;

    const byMember = await setRole(member.token, other.id, 'MAINTAINER');
    expect(byMember.status).toBe(403);
    expect(byMember.body).toMatchObject({ success: false });
    const own = await setRole(admin.token, admin.id, 'MEMBER');
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('You cannot change your own role.');
    expect((await setRole(maintainer.token, member.id, 'ADMIN')).status).toBe(403);
    expect((await setRole(maintainer.token, admin.id, 'MEMBER')).status).toBe(403);
    expect((await setRole(maintainer.token, member.id, 'MAINTAINER')).status).toBe(200);
    expect(await roleOf(admin.token, member.id)).toBe('MAINTAINER');

    // Two admins: one may demote the other, so the team always keeps one.
    expect((await setRole(admin.token, maintainer.id, 'ADMIN')).status).toBe(200);
    expect((await setRole(maintainer.token, admin.id, 'MEMBER')).status).toBe(200);
    expect((await setRole(admin.token, maintainer.id, 'MEMBER')).status).toBe(403);
  });

  it('answers 404 for another team’s member and an unknown id', async () => {
    const first = await teamWith(t, sink, ['MEMBER']);
    const second = await teamWith(t, sink, []);
    expect((await setRole(second.admin.token, first.members[0].id, 'MAINTAINER')).status).toBe(404);
    expect((await remove(second.admin.token, first.members[0].id)).status).toBe(404);
    expect((await remove(second.admin.token, 'not-a-uuid')).status).toBe(404);
    expect(await roleOf(first.admin.token, first.members[0].id)).toBe('MEMBER');
  });

  it('removes members by the rules: never by a MEMBER, never oneself, never an ADMIN', async () => {
    const { admin, members } = await teamWith(t, sink, ['MAINTAINER', 'MEMBER', 'MEMBER']);
    const [maintainer, member, other] = members;
    expect((await remove(member.token, other.id)).status).toBe(403);
    const self = await remove(maintainer.token, maintainer.id);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot remove yourself from the team.');
    const anAdmin = await remove(maintainer.token, admin.id);
    expect(anAdmin.status).toBe(403);
    expect(anAdmin.body.message).toBe('An ADMIN cannot be removed from the team.');

    const removed = await remove(maintainer.token, other.id);
    expect(removed.status).toBe(200);
    expect(removed.body.members.map((m) => m.id)).not.toContain(other.id);
    expect((await remove(admin.token, maintainer.id)).status).toBe(200);
    const left = await t.request<TeamMember[]>('/api/team/members', { token: admin.token });
    expect(left.body.map((m) => m.id).sort()).toEqual([admin.id, member.id].sort());
  });

  it('ends a removed member’s sessions and sockets at once', async () => {
    const { admin, members } = await teamWith(t, sink, ['MEMBER']);
    const [member] = members;
    const connected = await connectSocket(t, member.token);
    if (!('socket' in connected)) throw connected.error;
    sockets.push(connected.socket);
    const ended = serverDisconnect(connected.socket);

    expect((await remove(admin.token, member.id)).status).toBe(200);
    expect((await t.request('/api/loggedInUser', { token: member.token })).status).toBe(401);
    expect((await t.request('/api/team', { token: member.token })).status).toBe(401);
    expect(await ended).toBe('io server disconnect');
    const handshake = await connectSocket(t, member.token);
    expect('error' in handshake && handshake.error.message).toBe('Unauthorized');

    // The account stays: the person signs in again, without a team, and may start or join another.
    const again = await t.request<{ message: string }>('/api/auth/signin', {
      method: 'POST',
      body: { email: member.email, password: member.password },
    });
    const me = await t.request<CurrentUser>('/api/loggedInUser', { token: again.body.message });
    expect(me.body).toMatchObject({ teamId: null, role: null });
    expect((await t.request('/api/team', { method: 'PUT', token: again.body.message, body: 'Fresh' })).status).toBe(
      200,
    );
  });

  it('creates one team when one user sends two creations at once', async () => {
    const founder = await person(t, 'racer');
    const results = await Promise.all([
      t.request<Team>('/api/team', { method: 'PUT', token: founder.token, body: 'One' }),
      t.request<Team>('/api/team', { method: 'PUT', token: founder.token, body: 'Two' }),
      t.request<Team>('/api/team', { method: 'PUT', token: founder.token, body: 'Three' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const loser of results.filter((r) => r.status === 409)) {
      expect(loser.body).toMatchObject({ success: false, message: 'You already belong to a team.' });
    }
    const created: { n: string }[] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::text AS n FROM teams WHERE created_by = $1`, [founder.id]);
    expect(created[0].n).toBe('1');
  });
});
