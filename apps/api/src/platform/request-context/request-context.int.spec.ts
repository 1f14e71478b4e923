import type { CurrentUser, Email, Page, Team } from '@teaminbox/contracts';
import { teamWith } from '../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../test/app/suite';
import { emailReceived } from '../../../test/notifications/receive-email';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';
import { readUntil } from '../../../test/support/until';

describe('request context over HTTP', () => {
  const { t, sink } = suiteWithApp();

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

  it('answers the request id on error answers too, also those refused before any handler ran', async () => {
    const post = (body: string, id: string, path = '/api/register') =>
      fetch(`${t.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': id },
        body,
      });
    const invalid = await post(JSON.stringify({ email: 'not-an-address' }), 'bad-body-1');
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('x-request-id')).toBe('bad-body-1');
    const malformed = await post('{"email":', 'malformed-1');
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('x-request-id')).toBe('malformed-1');
    const tooLarge = await post(JSON.stringify({ email: 'x'.repeat(200_000) }), 'too-large-1');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('x-request-id')).toBe('too-large-1');
    const unknown = await post('{}', 'unknown-1', '/api/no-such-route');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-request-id')).toBe('unknown-1');
    const unsafe = await post('{}', 'has space', '/api/no-such-route');
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
  });

  it('traces an email command to its request, and a rule and the notifications to the event they react to', async () => {
    const { admin, teamId } = await teamWith(t, sink, ['MEMBER']);
    const store = t.app.get<EventStore>(EVENT_STORE);
    await t.request('/api/emails/sample', { method: 'POST', token: admin.token });
    const [email] = (await t.request<Page<Email>>('/api/emails?size=1', { token: admin.token })).body.content;
    const changed = await t.request(`/api/emails/${email.id}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'CLOSED' },
      headers: { 'X-Request-Id': 'close-email-1' },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('x-request-id')).toBe('close-email-1');
    const statusChanged = (await store.readStream(`email-${email.id}`)).find((e) => e.type === 'EmailStatusChanged');
    expect(statusChanged?.metadata).toMatchObject({
      actorUserId: admin.id,
      actorKind: 'user',
      teamId,
      correlationId: 'close-email-1',
      causationId: null,
    });

    const rule = await t.request('/api/rules', {
      method: 'POST',
      token: admin.token,
      body: {
        name: 'Traced rule',
        matchMode: 'ALL',
        conditions: [{ field: 'SUBJECT', operator: 'CONTAINS', value: 'traced' }],
        actions: [{ type: 'SET_PRIORITY', value: 'HIGH', skipIfOnVacation: false }],
        suppressNotifications: false,
        enabled: true,
      },
    });
    expect(rule.status).toBe(200);

    // A new email as mail ingestion records it: the system's, the first event of its chain.
    const received = emailReceived(teamId, {
      subject: 'A traced email',
      fromName: 'Customer',
      metadata: { actorKind: 'system', correlationId: 'mail-sync-7' },
    });
    const { emailId } = received;
    const receivedId = received.event.eventId;
    await store.appendToStream(received.streamId, [received.event], 'no_stream');
    const byRule = await readUntil(
      async () => (await store.readStream(`email-${emailId}`)).filter((e) => e.metadata.actorKind === 'rule'),
      (events) => events.some((e) => e.type === 'EmailPriorityChanged'),
    );
    expect(byRule.map((e) => e.type)).toEqual(expect.arrayContaining(['EmailRuleApplied', 'EmailPriorityChanged']));
    for (const event of byRule) {
      expect(event.metadata).toMatchObject({
        actorUserId: null,
        actorKind: 'rule',
        actorRule: { name: 'Traced rule' },
        teamId,
        correlationId: 'mail-sync-7',
        causationId: receivedId,
      });
    }
    const notified = await readUntil(
      () => store.readStream(`notifications-${receivedId}`),
      (events) => events.length > 0,
    );
    expect(notified[0].metadata).toMatchObject({
      actorKind: 'system',
      teamId,
      correlationId: 'mail-sync-7',
      causationId: receivedId,
    });
  });
});
