import type { CurrentUser, Team, TeamMember } from '@teaminbox/contracts';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';

describe('teams over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('creates a team from a text/plain name, with the creator as ADMIN', async () => {
    const { token, email } = await t.signUp('founder');
    expect((await t.request('/api/team', { token })).status).toBe(404);

    const created = await t.request<Team>('/api/team', { method: 'PUT', token, body: '  Customer Care  ' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Customer Care', invitations: [] });

    const me = await t.request<CurrentUser>('/api/loggedInUser', { token });
    expect(me.body).toMatchObject({ teamId: created.body.id, role: 'ADMIN' });

    const team = await t.request<Team>('/api/team', { token });
    expect(team.status).toBe(200);
    expect(team.body).toEqual({
      id: created.body.id,
      name: 'Customer Care',
      members: [{ id: me.body.id, name: email, email, role: 'ADMIN' }],
      invitations: [],
    });
    const members = await t.request<TeamMember[]>('/api/team/members', { token });
    expect(members.body).toEqual(team.body.members);
  });

  it('accepts JSON {name} too', async () => {
    const { token } = await t.signUp('json');
    const created = await t.request<Team>('/api/team', { method: 'PUT', token, body: { name: 'Sales' } });
    expect(created.status).toBe(200);
    expect(created.body.name).toBe('Sales');
  });

  it('answers 409 when the user already has a team', async () => {
    const { token } = await t.signUp('dup');
    expect((await t.request('/api/team', { method: 'PUT', token, body: 'First' })).status).toBe(200);
    const second = await t.request('/api/team', { method: 'PUT', token, body: 'Second' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, message: 'You already belong to a team.' });
  });

  it('answers 400 on a blank name', async () => {
    const { token } = await t.signUp('blank');
    for (const body of ['   ', { name: '' }, {}]) {
      const res = await t.request('/api/team', { method: 'PUT', token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: 'Team name is required' });
    }
  });

  it('answers an empty member list for a user without a team, and 401 without a token', async () => {
    const { token } = await t.signUp('loner');
    expect((await t.request('/api/team/members', { token })).body).toEqual([]);
    expect((await t.request('/api/team')).status).toBe(401);
    expect((await t.request('/api/team', { method: 'PUT', body: 'X' })).status).toBe(401);
  });
});
