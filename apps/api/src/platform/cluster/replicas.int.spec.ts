import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Email, EmailChange, Notification, Page } from '@teaminbox/contracts';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { type Person, teamWith } from '../../../test/app/identity-fixtures';
import { freePort, healthy, type Replica, startReplica, stopReplica } from '../../../test/app/replica-process';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../../../test/mail/dovecot';
import { startSmtpSink, type SmtpSink } from '../../../test/support/smtp-sink';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';

/**
 * Two API processes, each started with the product's own entry (src/main.ts), on one PostgreSQL with a real
 * Dovecot: pushes, mailbox leases and their failover, shared rate limits, and ended sessions across replicas.
 */
const PER_ADDRESS = 6;

const message = (id: string, subject: string) =>
  `From: Alice <alice@example.com>\r\nTo: support@example.com\r\nSubject: ${subject}\r\nMessage-ID: <${id}@example.com>\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\n\r\nHello ${subject}\r\n`;

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function connect(replica: Replica, token: string): Promise<Socket> {
  const socket = io(replica.baseUrl, { path: '/ws', transports: ['websocket'], reconnection: false, auth: { token } });
  return new Promise((ok, fail) => {
    socket.once('connect', () => ok(socket));
    socket.once('connect_error', fail);
  });
}

/** The mailboxes (team ids) a replica watches now, from its log. */
function watchedBy(replica: Replica, teamIds: string[]): string[] {
  const lines = replica.output();
  return teamIds.filter(
    (teamId) =>
      lines.lastIndexOf(`Watching the mailbox of team ${teamId}`) >
      lines.lastIndexOf(`Stopped watching the mailbox of team ${teamId}`),
  );
}

describe('two API replicas on one PostgreSQL', () => {
  let database: TestDatabase;
  let dovecot: TestDovecot;
  let sink: SmtpSink;
  let workDir: string;
  let a: Replica;
  let b: Replica;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    [database, dovecot, sink] = await Promise.all([createTestDatabase(), startDovecot(), startSmtpSink()]);
    workDir = mkdtempSync(join(tmpdir(), 'teaminbox-replicas-'));
    chmodSync(workDir, 0o755);
    const [portA, portB] = [await freePort(), await freePort()];
    const shared = {
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRETS_KEY: randomBytes(32).toString('hex'),
      SMTP_URL: sink.url,
      MAIL_FROM: 'Team Inbox <no-reply@localhost>',
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      ALLOW_PRIVATE_MAIL_HOSTS: 'true',
      WEB_ROOT: workDir,
      LOG_LEVEL: 'log',
      RATE_LIMIT_PER_IP: '10000',
      RATE_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
    };
    // Both start at once on an empty database: one migrates while the other waits for the migration lock.
    [a, b] = await Promise.all([
      startReplica('a', portA, { ...shared, DATA_DIR: join(workDir, 'a') }, { sink }),
      startReplica('b', portB, { ...shared, DATA_DIR: join(workDir, 'b') }, { sink }),
    ]);
    await Promise.all([healthy(a), healthy(b)]);
  }, 150_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([stopReplica(a), stopReplica(b)]);
    await Promise.all([dovecot?.stop(), sink?.close(), database?.drop()]);
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it('migrated once, though both started together', async () => {
    const db = new Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ name: string; n: number }>(
        'SELECT name, count(*)::int AS n FROM typeorm_migrations GROUP BY name HAVING count(*) > 1',
      );
      expect(rows).toEqual([]);
      expect((await db.query('SELECT 1 FROM typeorm_migrations')).rowCount).toBeGreaterThan(10);
    } finally {
      await db.end();
    }
  });

  it('shares live mail, assignments, mailboxes, rate limits and ended sessions; survives the holder dying', async () => {
    // Two teams with one mailbox each (both on the test Dovecot account): one per replica.
    const one = await teamWith(a.client, sink, ['MEMBER']);
    const two = await teamWith(a.client, sink, []);
    const mailbox = dovecotMailbox(dovecot);
    for (const team of [one, two]) {
      const saved = await b.request('/api/email-server-config', {
        method: 'POST',
        token: team.admin.token,
        body: mailbox,
      });
      expect(saved.status).toBe(200);
    }
    const teamIds = [one.teamId, two.teamId];
    const spread = await until(
      async () => ({ a: watchedBy(a, teamIds), b: watchedBy(b, teamIds) }),
      (w) => w.a.length === 1 && w.b.length === 1,
      30_000,
    );
    // Each mailbox is watched by exactly one replica, one mailbox each.
    expect([...spread.a, ...spread.b].sort()).toEqual([...teamIds].sort());
    const holder = spread.a.includes(one.teamId) ? a : b;
    const other = holder === a ? b : a;

    // Live mail ingested by the holder reaches the admin's sockets on both replicas (whichever process pushes, one
    // of them is another process's socket).
    const adminSockets = [await connect(a, one.admin.token), await connect(b, one.admin.token)];
    sockets.push(...adminSockets);
    const created: Email[][] = adminSockets.map(() => []);
    const changed: EmailChange[][] = adminSockets.map(() => []);
    const notified: Notification[][] = adminSockets.map(() => []);
    const counted: number[][] = adminSockets.map(() => []);
    adminSockets.forEach((socket, i) => {
      socket.on('team.emails.created', (emails: Email[]) => created[i].push(...emails));
      socket.on('team.email.updated', (change: EmailChange) => changed[i].push(change));
      socket.on('user.notifications', (list: Notification[]) => notified[i].push(...list));
      socket.on('user.notification-count', (count: number) => counted[i].push(count));
    });
    const imap = await dovecot.client();
    await imap.append('INBOX', message('live-1', 'Live across replicas'));
    const live = await until(
      async () => created.map((list) => list.filter((email) => email.subject === 'Live across replicas')),
      (found) => found.every((list) => list.length === 1),
    );
    const liveId = live[0][0].id;
    expect(live[1][0].id).toBe(liveId);
    // The admin's notification of it reaches their sockets on both replicas too.
    await until(
      async () => notified.map((list) => list.filter((n) => n.emailId === liveId)),
      (found) => found.every((list) => list.length > 0),
    );

    // An assignment made through the holder reaches the sockets on both replicas.
    const member = one.members[0] as Person;
    const assigned = await holder.request(`/api/emails/${liveId}/assign`, {
      method: 'PUT',
      token: one.admin.token,
      body: { assignedTo: member.id },
    });
    expect(assigned.status).toBe(200);
    await until(
      async () => changed.map((list) => list.filter((c) => c.id === liveId && c.assignedTo === member.id)),
      (found) => found.every((list) => list.length > 0),
    );
    // The unread count follows the delivery reaction's turn at the notification: still once on each socket.
    await until(
      async () => counted,
      (counts) => counts.every((list) => list.includes(1)),
    );
    expect(notified.map((list) => list.filter((n) => n.emailId === liveId).length)).toEqual([1, 1]);

    // Rate limits count across both replicas.
    const statuses: number[] = [];
    for (let i = 0; i <= PER_ADDRESS; i++) {
      const replica = i % 2 === 0 ? a : b;
      statuses.push(
        (await replica.request('/api/sendLoginLink', { method: 'POST', body: { email: 'spray@example.com' } })).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(PER_ADDRESS).fill(200), 429]);

    // A removed member's sockets end on every replica.
    const memberSockets = [await connect(a, member.token), await connect(b, member.token)];
    sockets.push(...memberSockets);
    const ended = memberSockets.map(
      (socket) => new Promise<string>((ok) => socket.once('disconnect', (reason) => ok(reason))),
    );
    const removed = await b.request(`/api/team/member/${member.id}`, { method: 'DELETE', token: one.admin.token });
    expect(removed.status).toBe(200);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);

    // The holder dies; a burst arrives during the switch; the other replica takes the mailbox over within 30 s.
    await holder.kill();
    const killedAt = Date.now();
    const burst = Array.from({ length: 12 }, (_, i) => `Burst ${i}`);
    for (const [i, subject] of burst.entries()) await imap.append('INBOX', message(`burst-${i}`, subject));
    await imap.logout();
    await until(
      async () => watchedBy(other, teamIds),
      (w) => w.length === 2,
      30_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    const list = async (token: string) =>
      (await other.request<Page<Email>>('/api/emails?size=100', { token })).body.content ?? [];
    for (const team of [one, two]) {
      const emails = await until(
        () => list(team.admin.token),
        (found) => burst.every((subject) => found.some((email) => email.subject === subject)),
        30_000,
      );
      const subjects = emails.map((email) => email.subject);
      expect(subjects.filter((subject) => subject.startsWith('Burst ')).sort()).toEqual([...burst].sort());
      expect(new Set(subjects).size).toBe(subjects.length);
    }
  }, 180_000);
});
