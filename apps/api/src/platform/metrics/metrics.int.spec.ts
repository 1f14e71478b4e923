import { randomUUID } from 'node:crypto';
import type { CurrentUser, Email, Page } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { connectSocket } from '../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../test/app/test-app';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../../../test/mail/dovecot';
import { unprojectableEmailReceived } from '../../../test/notifications/receive-email';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';
import { ProjectionRunner } from '../projections/projection-runner';
import { readUntil } from '../../../test/support/until';

/** The samples of a Prometheus text exposition: `name{labels}` -> value. */
function samples(text: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    result.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return result;
}

describe('GET /metrics (Prometheus)', () => {
  let t: TestApp;
  let dovecot: TestDovecot;
  let token: string;
  let me: CurrentUser;

  const scrape = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.baseUrl}/metrics`, { headers });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };
  const value = async (sample: string) => samples((await scrape()).text).get(sample) ?? 0;

  beforeAll(async () => {
    dovecot = await startDovecot();
    t = await startTestApp();
    token = (await t.signUp('metrics')).token;
    await t.request('/api/team', { method: 'PUT', token, body: 'metrics team' });
    me = (await t.request<CurrentUser>('/api/loggedInUser', { token })).body;
  });
  afterAll(async () => {
    await t?.close();
    await dovecot?.stop();
  });

  it('answers the text exposition with Node’s default metrics, outside /api', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(res.text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect((await fetch(`${t.baseUrl}/api/metrics`)).status).toBe(404);
  });

  it('times API requests by method, route template and status; an unknown path is "unmatched"', async () => {
    const ok = 'teaminbox_http_request_duration_seconds_count{method="GET",route="/api/loggedInUser",status="200"}';
    const missing = 'teaminbox_http_request_duration_seconds_count{method="GET",route="/api/emails/:id",status="404"}';
    const unmatched = 'teaminbox_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}';
    const before = [await value(ok), await value(missing), await value(unmatched)];
    await t.request('/api/loggedInUser', { token });
    await t.request('/api/loggedInUser', { token });
    await t.request(`/api/emails/${randomUUID()}`, { token });
    await t.request(`/api/no-such-route-${randomUUID()}`, { token });
    const after = await readUntil(
      async () => [await value(ok), await value(missing), await value(unmatched)],
      (v) => v[0] >= before[0] + 2 && v[1] >= before[1] + 1 && v[2] >= before[2] + 1,
    );
    expect(after[0] - before[0]).toBe(2);
    expect(after[1] - before[1]).toBe(1);
    expect(after[2] - before[2]).toBe(1);
    // Label values are templates, never URLs, ids or people.
    const text = (await scrape()).text;
    expect(text).not.toContain('no-such-route');
    expect(text).not.toContain(me.teamId);
    expect(text).not.toContain(me.email);
  });

  it('counts the socket.io connections this process holds', async () => {
    const before = await value('teaminbox_sockets_connected');
    const connected = await connectSocket(t, token);
    if (!('socket' in connected)) throw connected.error;
    expect(
      await readUntil(
        () => value('teaminbox_sockets_connected'),
        (n) => n === before + 1,
      ),
    ).toBe(before + 1);
    connected.socket.close();
    expect(
      await readUntil(
        () => value('teaminbox_sockets_connected'),
        (n) => n === before,
      ),
    ).toBe(before);
  });

  it('reports each subscriber’s lag behind the log and its parked events', async () => {
    const lag = 'teaminbox_subscriber_lag_events{subscriber="inbox-email",kind="projection"}';
    const parked = 'teaminbox_subscriber_parked_events{subscriber="inbox-email",kind="projection"}';
    expect(
      await readUntil(
        () => value(lag),
        (n) => n === 0,
      ),
    ).toBe(0);
    const runner = t.app.get(ProjectionRunner);
    const store = t.app.get<EventStore>(EVENT_STORE);
    await runner.stop();
    try {
      // An email the inbox cannot project (PostgreSQL cannot cast its date): it is parked once the runner runs.
      const { streamId, event } = unprojectableEmailReceived(me.teamId as string);
      await store.appendToStream(streamId, [event], 'no_stream');
      // The appended event becomes visible to the log's readers once its commit is (poll, at most 10 s).
      const deadline = Date.now() + 10_000;
      while ((await value(lag)) !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await value(lag)).toBe(1);
    } finally {
      await runner.start();
    }
    expect(
      await readUntil(
        () => value(parked),
        (n) => n === 1,
      ),
    ).toBe(1);
    expect(
      await readUntil(
        () => value(lag),
        (n) => n === 0,
      ),
    ).toBe(0);
  }, 60_000);

  it('reports the outbox’s jobs waiting and failed', async () => {
    const waiting = 'teaminbox_outbox_jobs{queue="send-email",state="waiting"}';
    const failed = 'teaminbox_outbox_jobs{queue="send-email",state="failed"}';
    const before = [await value(waiting), await value(failed)];
    // A job due in an hour (waiting) and one whose retries are spent, as pg-boss keeps them.
    const db = t.app.get(DataSource);
    await db.query(
      `INSERT INTO pgboss.job (name, data, state, start_after) VALUES ('send-email', '{}', 'created', now() + interval '1 hour')`,
    );
    await db.query(`INSERT INTO pgboss.job (name, data, state) VALUES ('send-email', '{}', 'failed')`);
    expect(await value(waiting)).toBe(before[0] + 1);
    expect(await value(failed)).toBe(before[1] + 1);
  });

  it('counts the messages ingested from a real mailbox', async () => {
    const received = 'teaminbox_mail_messages_ingested_total{outcome="received"}';
    const before = await value(received);
    const imap = await dovecot.client();
    for (const id of ['m-1', 'm-2']) {
      await imap.append(
        'INBOX',
        `From: Alice <alice@example.com>\r\nTo: support@example.com\r\nSubject: Metrics ${id}\r\nMessage-ID: <${id}@example.com>\r\n\r\nHello\r\n`,
      );
    }
    await imap.logout();
    const saved = await t.request('/api/email-server-config', {
      method: 'POST',
      token,
      body: dovecotMailbox(dovecot),
    });
    expect(saved.status).toBe(200);
    await readUntil(
      async () => (await t.request<Page<Email>>('/api/emails?size=100', { token })).body.content,
      (list) => list.filter((e) => e.subject.startsWith('Metrics ')).length === 2,
    );
    expect(await value(received)).toBe(before + 2);
  }, 60_000);

  it('with METRICS_TOKEN, answers only its bearer', async () => {
    const config = t.app.get<AppConfig>(APP_CONFIG);
    config.metricsToken = 'metrics-token-for-the-test-0123';
    try {
      expect((await scrape()).status).toBe(401);
      expect((await scrape({ authorization: 'Bearer wrong-token' })).status).toBe(401);
      const ok = await scrape({ authorization: `Bearer ${config.metricsToken}` });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('teaminbox_sockets_connected');
    } finally {
      config.metricsToken = undefined;
    }
  });
});
