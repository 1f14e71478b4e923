import { randomUUID } from 'node:crypto';
import type { CurrentUser, Email, Page } from '@teaminbox/contracts';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';
import { startTestApp, type TestApp } from '../../../test/app/test-app';
import { unprojectableEmailReceived } from '../../../test/notifications/receive-email';
import { DataSource } from 'typeorm';
import { ProjectionRunner } from '../projections/projection-runner';
import type { HealthReport, Readiness } from './health.controller';

const HEALTH_TOKEN = 'health-token-for-the-test-0123456789';

describe('GET /api/health', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ healthToken: HEALTH_TOKEN });
  });
  afterAll(() => t?.close());

  const details = () =>
    t.request<HealthReport>('/api/health', { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });

  it('answers anyone only ok or not ok; the details need the health token', async () => {
    const anonymous = await t.request('/api/health');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ status: 'ok' });
    const wrong = await t.request('/api/health', { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.body).toEqual({ status: 'ok' });
    const { token } = await t.signUp('health');
    expect((await t.request('/api/health', { token })).body).toEqual({ status: 'ok' });
    const full = await details();
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ status: 'ok', database: { ok: true }, eventStore: { ok: true } });
    expect(full.body.subscribers.find((s) => s.name === 'inbox-email')).toMatchObject({
      kind: 'projection',
      parked: 0,
    });
  });

  it('answers 503 to anyone, naming the component that is down only with the token', async () => {
    const eventStore = t.app.get<EventStore>(EVENT_STORE);
    const spy = jest.spyOn(eventStore, 'health').mockRejectedValue(new Error('connection refused'));
    try {
      const res = await t.request('/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'error' });
      const full = await details();
      expect(full.status).toBe(503);
      expect(full.body).toMatchObject({
        status: 'error',
        database: { ok: true },
        eventStore: { ok: false, detail: 'connection refused' },
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('live answers 200 to anyone, and stays 200 while a dependency is down', async () => {
    const spy = jest.spyOn(t.app.get<EventStore>(EVENT_STORE), 'health').mockRejectedValue(new Error('down'));
    try {
      const res = await t.request('/api/health/live');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      spy.mockRestore();
    }
  });

  it('ready answers 200 with every check when the app can serve, 503 naming the check that fails', async () => {
    const ready = await t.request<Readiness>('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ok',
      checks: { database: true, migrations: true, eventStore: true, subscriptions: true, accepting: true },
    });

    const eventStore = jest.spyOn(t.app.get<EventStore>(EVENT_STORE), 'health').mockRejectedValue(new Error('down'));
    try {
      const res = await t.request<Readiness>('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'error',
        checks: expect.objectContaining({ eventStore: false, database: true }),
      });
    } finally {
      eventStore.mockRestore();
    }

    const pending = jest.spyOn(t.app.get(DataSource), 'showMigrations').mockResolvedValue(true);
    try {
      const res = await t.request<Readiness>('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks).toMatchObject({ migrations: false, database: true });
    } finally {
      pending.mockRestore();
    }

    const runner = t.app.get(ProjectionRunner);
    await runner.stop();
    try {
      const res = await t.request<Readiness>('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks).toMatchObject({ subscriptions: false });
    } finally {
      await runner.start();
    }
    expect((await t.request('/api/health/ready')).status).toBe(200);
  });

  it('an event the inbox cannot project is parked and reported, and other teams keep getting their mail', async () => {
    const { token } = await t.signUp('other-team');
    await t.request('/api/team', { method: 'PUT', token, body: 'other team' });
    const me = (await t.request<CurrentUser>('/api/loggedInUser', { token })).body;
    // An EmailReceived written before ingestion normalised dates (or by any other path): PostgreSQL cannot cast it.
    const { streamId, event } = unprojectableEmailReceived(randomUUID(), {
      fromEmail: 'mallory@example.com',
      metadata: { teamId: null },
    });
    await t.app.get<EventStore>(EVENT_STORE).appendToStream(streamId, [event], 'no_stream');
    const created = await t.request('/api/emails/sample', { method: 'POST', token });
    expect(created.status).toBe(200);
    const page = await t.request<Page<Email>>('/api/emails', { token });
    expect(page.body.totalElements).toBe(6);
    expect(page.body.content.every((email) => email.teamId === me.teamId)).toBe(true);
    const inbox = (await details()).body.subscribers.find((s) => s.name === 'inbox-email');
    expect(inbox).toMatchObject({ parked: 1, lag: 0 });
  }, 60_000);
});
