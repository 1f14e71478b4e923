import type { CurrentUser, Team } from '@teaminbox/contracts';
import { suiteWithApp } from '../../../test/app/suite';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';

describe('request context over HTTP', () => {
  const { t } = suiteWithApp();

  it('attributes the events of a request to its caller, under the request id it answers', async () => {
    const { token } = await t.signUp('traced');
    const me = (await t.request<CurrentUser>('/api/loggedInUser', { token })).body;
    const created = await t.request<Team>('/api/team', {
      method: 'PUT',
      token,
      body: 'Traced',
      headers: { 'X-Request-Id': 'create-team-7' },
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('x-request-id')).toBe('create-team-7');

    const store = t.app.get<EventStore>(EVENT_STORE);
    const [teamCreated, joined] = await store.readStream(`team-${created.body.id}`);
    const [seat] = (await store.readStream(`user-${me.id}`)).filter((e) => e.type === 'TeamMembershipClaimed');
    for (const event of [teamCreated, joined, seat]) {
      expect(event.metadata).toMatchObject({
        actorUserId: me.id,
        actorKind: 'user',
        teamId: created.body.id,
        correlationId: 'create-team-7',
        causationId: null,
      });
    }
  });

  it('gives a request without an id a new one, different each time', async () => {
    const first = await t.request('/api/team');
    const second = await t.request('/api/team');
    expect(first.status).toBe(401);
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });
});
