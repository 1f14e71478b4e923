import type { Email, EmailServerConfig, Page } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { connectSocket } from '../../../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../../../test/app/test-app';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../../../../../test/mail/dovecot';
import { readUntil } from '../../../../../test/support/until';
import { MailboxSupervisor } from './mailbox-supervisor';
import { MailboxSync } from './mailbox-sync';
import { MessageIngestion } from './message-ingestion';

const message = (id: string, subject: string, extra = '') =>
  `From: Alice <alice@example.com>\r\nTo: support@example.com\r\nSubject: ${subject}\r\nMessage-ID: <${id}@example.com>\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\n${extra}\r\nHello ${subject}\r\n`;

/** Reads until the value is as wanted or the time is up, and answers the last value read (the expectations judge it). */
const until = <T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000) =>
  readUntil(read, ok, timeoutMs);

describe('mailbox ingestion from a real Dovecot', () => {
  let t: TestApp;
  let dovecot: TestDovecot;
  let token: string;
  let supervisor: MailboxSupervisor;

  const emails = async () => (await t.request<Page<Email>>('/api/emails?size=100', { token })).body.content;

  beforeAll(async () => {
    dovecot = await startDovecot();
    t = await startTestApp();
    supervisor = t.app.get(MailboxSupervisor);
    supervisor.tuning = { ...supervisor.tuning, batchSize: 3, pollIntervalMs: 1000, minBackoffMs: 100 };
    token = (await t.signUp('ingest')).token;
    await t.request('/api/team', { method: 'PUT', token, body: 'ingest team' });
  });
  afterAll(async () => {
    await t?.close();
    await dovecot?.stop();
  });

  it('imports mail already marked \\Seen without changing flags, then pushes live APPENDs over the socket', async () => {
    const imap = await dovecot.client();
    await imap.append('INBOX', message('seen-1', 'Seen before sync'), ['\\Seen']);
    await imap.append('INBOX', message('unseen-1', 'Unseen before sync'));

    const saved = await t.request('/api/email-server-config', {
      method: 'POST',
      token,
      body: dovecotMailbox(dovecot),
    });
    expect(saved.status).toBe(200);
    const first = await until(emails, (list) => list.length >= 2);
    expect(first.map((e) => e.subject).sort()).toEqual(['Seen before sync', 'Unseen before sync']);
    expect(first.every((e) => e.status === 'NEW' && e.receivedAt === '2026-11-02T10:00:00.000Z')).toBe(true);

    await imap.mailboxOpen('INBOX');
    const flags = new Map<number, string[]>();
    for await (const m of imap.fetch('1:*', { uid: true, flags: true })) flags.set(m.uid, [...(m.flags ?? [])]);
    expect([...flags.values()].map((f) => f.includes('\\Seen'))).toEqual([true, false]);

    const connected = await connectSocket(t, token);
    if (!('socket' in connected)) throw connected.error;
    const pushed = new Promise<Email>((resolve) =>
      connected.socket.once('team.emails.created', (emails: Email[]) => resolve(emails[0])),
    );
    await until(
      async () =>
        (await t.request<{ syncProgress: unknown; lastSyncAt: string | null }>('/api/email-server-config', { token }))
          .body,
      (config) => config.lastSyncAt !== null && config.syncProgress === null,
    );
    await new Promise((r) => setTimeout(r, 200));
    const appendedAt = Date.now();
    await imap.append('INBOX', message('live-1', 'Live one'));
    const email = await pushed;
    const latency = Date.now() - appendedAt;
    console.log(`APPEND -> team.emails.created latency: ${latency} ms`);
    expect(email.subject).toBe('Live one');
    expect(latency).toBeLessThan(5000);
    connected.socket.close();
    expect((await until(emails, (list) => list.length === 3)).length).toBe(3);
    await imap.logout();
  });

  it('resumes after a restart mid-sync, showing progress, without losing or doubling', async () => {
    const teamId = (await t.request<{ teamId: string }>('/api/loggedInUser', { token })).body.teamId;
    const before = (await emails()).length;
    await supervisor.stop(teamId);
    const imap = await dovecot.client();
    for (let i = 0; i < 12; i++) await imap.append('INBOX', message(`bulk-${i}`, `Bulk ${i}`));
    const lastUid = ((await imap.status('INBOX', { uidNext: true })) as { uidNext: number }).uidNext - 1;

    // Slow each batch down so that the stop lands in the middle of the first sync.
    const ingestion = t.app.get(MessageIngestion);
    const write = ingestion.write.bind(ingestion);
    const slow = jest.spyOn(ingestion, 'write').mockImplementation(async (...args) => {
      await new Promise((r) => setTimeout(r, 150));
      return write(...args);
    });
    await supervisor.reload(teamId);
    const progress = await until(
      async () => (await t.request<EmailServerConfig>('/api/email-server-config', { token })).body.syncProgress,
      (value) => (value?.done ?? 0) >= 3,
    );
    expect(progress).toMatchObject({ total: 12 });
    await supervisor.stop(teamId);
    const [state] = await t.app
      .get(DataSource)
      .query('SELECT last_uid FROM mailbox_folder_state WHERE team_id = $1 AND folder = $2', [teamId, 'INBOX']);
    expect(Number(state.last_uid)).toBeLessThan(lastUid);
    slow.mockRestore();

    await supervisor.reload(teamId);
    const all = await until(emails, (list) => list.length >= before + 12);
    expect(all).toHaveLength(before + 12);
    expect(new Set(all.map((e) => e.subject)).size).toBe(all.length);
    const done = await until(
      async () => (await t.request<EmailServerConfig>('/api/email-server-config', { token })).body,
      (config) => config.syncProgress === null,
    );
    expect(done.syncProgress).toBeNull();

    // A crash after the appends but before the folder state was saved: the same UIDs are fetched again and
    // append nothing (deterministic event ids), so every email stream still holds one event.
    await supervisor.stop(teamId);
    await t.app.get(DataSource).query('UPDATE mailbox_folder_state SET last_uid = 0 WHERE team_id = $1', [teamId]);
    await t.request('/api/emails/fetch', { method: 'POST', token });
    expect(await emails()).toHaveLength(before + 12);
    const perStream: { n: string }[] = await t.app
      .get(DataSource)
      .query(`SELECT count(*) AS n FROM events WHERE type = 'EmailReceived' GROUP BY stream_id HAVING count(*) > 1`);
    expect(perStream).toEqual([]);
    await imap.logout();
  });

  it('resyncs a recreated folder (new UIDVALIDITY) without duplicates', async () => {
    const teamId = (await t.request<{ teamId: string }>('/api/loggedInUser', { token })).body.teamId;
    const current = (await t.request<EmailServerConfig>('/api/email-server-config', { token })).body;
    const saved = await t.request('/api/email-server-config', {
      method: 'PUT',
      token,
      body: { ...current, imapFolders: ['INBOX', 'Projects'] },
    });
    expect(saved.status).toBe(200);
    const imap = await dovecot.client();
    await imap.mailboxCreate('Projects');
    const raws = [1, 2, 3].map((i) => message(`project-${i}`, `Project ${i}`));
    for (const raw of raws) await imap.append('Projects', raw);
    await t.request('/api/emails/fetch', { method: 'POST', token });
    const withProjects = await until(
      emails,
      (list) => list.filter((e) => e.subject.startsWith('Project')).length === 3,
    );
    const oldValidity = ((await imap.status('Projects', { uidValidity: true })) as { uidValidity: bigint }).uidValidity;

    await supervisor.stop(teamId);
    await imap.mailboxDelete('Projects');
    await new Promise((r) => setTimeout(r, 1100));
    await imap.mailboxCreate('Projects');
    for (const raw of raws) await imap.append('Projects', raw);
    const newValidity = ((await imap.status('Projects', { uidValidity: true })) as { uidValidity: bigint }).uidValidity;
    expect(newValidity).not.toBe(oldValidity);

    await supervisor.reload(teamId);
    const res = await t.request('/api/emails/fetch', { method: 'POST', token });
    expect(res.body).toEqual({ success: true, message: 'Fetched 0 new emails' });
    const [state] = await t.app
      .get(DataSource)
      .query('SELECT uidvalidity FROM mailbox_folder_state WHERE team_id = $1 AND folder = $2', [teamId, 'Projects']);
    expect(BigInt(state.uidvalidity)).toBe(newValidity);
    expect(await emails()).toHaveLength(withProjects.length);
    await imap.logout();
  });

  it('ingests or quarantines a malformed corpus and keeps going', async () => {
    const teamId = (await t.request<{ teamId: string }>('/api/loggedInUser', { token })).body.teamId;
    const before = (await emails()).length;
    const imap = await dovecot.client();
    let nested = 'Content-Type: text/plain\r\n\r\ndeep\r\n';
    for (let i = 0; i < 60; i++) {
      nested = `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n${nested}\r\n--b${i}--\r\n`;
    }
    const corpus = [
      `From: x@example.com\r\nSubject: broken boundary\r\nMessage-ID: <c1@x>\r\nContent-Type: multipart/mixed; boundary="zzz"\r\n\r\n--zzz\r\nContent-Type: text/plain\r\n\r\nno end`,
      `From: x@example.com\r\nSubject: bad charset\r\nMessage-ID: <c2@x>\r\nContent-Type: text/plain; charset=x-no-such-charset\r\n\r\n\xe9t\xe9\r\n`,
      `From: =?utf-8?B?broken?= <x@example.com>\r\nSubject: =?utf-8?Q?RFC_2047=E2=80?= =?iso-8859-2?Q?_=BE?=\r\nMessage-ID: <c3@x>\r\n\r\nbody\r\n`,
      `From: x@example.com\r\nSubject: no message id\r\n\r\nbody\r\n`,
      `From: x@example.com\r\nSubject: same id A\r\nMessage-ID: <same@x>\r\n\r\nA\r\n`,
      `From: x@example.com\r\nSubject: same id B\r\nMessage-ID: <same@x>\r\n\r\nB\r\n`,
      `From: x@example.com\r\nSubject: huge header\r\nX-Huge: ${'a'.repeat(200_000)}\r\nMessage-ID: <c6@x>\r\n\r\nbody\r\n`,
      `From: x@example.com\r\nSubject: deep nesting\r\nMessage-ID: <c7@x>\r\n${nested}`,
      `From: x@example.com\r\nSubject: rfc822 part\r\nMessage-ID: <c8@x>\r\nContent-Type: multipart/mixed; boundary="o"\r\n\r\n--o\r\nContent-Type: message/rfc822\r\n\r\nFrom: inner@example.com\r\nSubject: inner\r\n\r\ninner body\r\n--o--\r\n`,
      `From: x@example.com\r\nSubject: invalid date\r\nMessage-ID: <c9@x>\r\nDate: not a date at all\r\nAuto-Submitted: auto-replied\r\n\r\nbody\r\n`,
      `From: x@example.com\r\nSubject: with attachment\r\nMessage-ID: <c10@x>\r\nContent-Type: multipart/mixed; boundary="a"\r\n\r\n--a\r\nContent-Type: text/plain\r\n\r\nsee file\r\n--a\r\nContent-Type: text/plain; name="notes.txt"\r\nContent-Disposition: attachment; filename="notes.txt"\r\n\r\nattached notes\r\n--a--\r\n`,
      message('after-corpus', 'Valid after corpus'),
    ];
    for (const raw of corpus) await imap.append('INBOX', Buffer.from(raw, 'latin1'));
    // Every message ends in the inbox or in quarantine: the wait is for all of them, not only for the last one.
    const outcome = async () => {
      const list = await emails();
      const quarantined: unknown[] = await t.app
        .get(DataSource)
        .query(`SELECT 1 FROM events WHERE type = 'EmailQuarantined'`);
      return { all: list, settled: list.length - before + quarantined.length };
    };
    const { all, settled } = await until(
      outcome,
      ({ all: list, settled: count }) => count >= corpus.length && list.some((e) => e.subject === 'Valid after corpus'),
      30_000,
    );
    expect(settled).toBe(corpus.length);
    const invalidDate = all.find((e) => e.subject === 'invalid date');
    expect(invalidDate && Math.abs(Date.parse(invalidDate.receivedAt) - Date.now())).toBeLessThan(5 * 60_000);
    expect(all.filter((e) => e.subject.startsWith('same id'))).toHaveLength(2);
    const withAttachment = all.find((e) => e.subject === 'with attachment');
    expect(withAttachment?.attachments).toEqual([
      {
        id: expect.any(String),
        filename: 'notes.txt',
        contentType: 'text/plain',
        size: 14,
        contentId: null,
        inline: false,
      },
    ]);
    const [stored] = await t.app
      .get(DataSource)
      .query('SELECT content FROM attachment WHERE id = $1 AND team_id = $2', [
        withAttachment?.attachments[0].id,
        teamId,
      ]);
    expect(stored.content.toString()).toBe('attached notes');
    const raw: unknown[] = await t.app.get(DataSource).query('SELECT 1 FROM raw_message WHERE team_id = $1', [teamId]);
    expect(raw.length).toBeGreaterThanOrEqual(all.length);
    await imap.logout();
  });
  it('threads emails by In-Reply-To and References, also when a reply arrives before its parent', async () => {
    const imap = await dovecot.client();
    const reply = (id: string, subject: string, parent: string, refs: string) =>
      message(id, subject, `In-Reply-To: <${parent}@example.com>\r\nReferences: ${refs}\r\n`);
    await imap.append('INBOX', reply('t-3', 'Re: Re: Order', 't-2', '<t-1@example.com> <t-2@example.com>'));
    await imap.append('INBOX', message('t-1', 'Order'));
    await imap.append('INBOX', reply('t-2', 'Re: Order', 't-1', '<t-1@example.com>'));
    await imap.append('INBOX', message('t-other', 'Unrelated'));
    await t.request('/api/emails/fetch', { method: 'POST', token });
    const all = await until(emails, (list) => list.some((e) => e.subject === 'Unrelated'));
    const root = all.find((e) => e.subject === 'Order')!;
    const thread = await until(
      async () => (await t.request<Email[]>(`/api/emails/${root.id}/thread`, { token })).body,
      (list) => Array.isArray(list) && list.length === 3,
    );
    expect(thread.map((e) => e.subject).sort()).toEqual(['Order', 'Re: Order', 'Re: Re: Order']);
    const unrelated = all.find((e) => e.subject === 'Unrelated')!;
    expect((await t.request<Email[]>(`/api/emails/${unrelated.id}/thread`, { token })).body).toHaveLength(1);
    const stranger = await t.signUp('stranger');
    await t.request('/api/team', { method: 'PUT', token: stranger.token, body: 'stranger team' });
    expect((await t.request(`/api/emails/${root.id}/thread`, { token: stranger.token })).status).toBe(404);
    await imap.logout();
  });

  it('watches every selected folder with IDLE: new mail in a second folder arrives without waiting for the poll', async () => {
    const teamId = (await t.request<{ teamId: string }>('/api/loggedInUser', { token })).body.teamId;
    const imap = await dovecot.client();
    await imap.mailboxCreate('Watched');
    const current = (await t.request<EmailServerConfig>('/api/email-server-config', { token })).body;
    const previous = supervisor.tuning;
    supervisor.tuning = { ...previous, pollIntervalMs: 120_000 };
    try {
      await t.request('/api/email-server-config', {
        method: 'PUT',
        token,
        body: { ...current, imapFolders: ['INBOX', 'Watched'] },
      });
      await supervisor.reload(teamId);
      await until(
        async () => (await t.request<EmailServerConfig>('/api/email-server-config', { token })).body,
        (config) => config.lastSyncAt !== null && config.syncProgress === null,
      );
      await new Promise((r) => setTimeout(r, 500));
      const appendedAt = Date.now();
      await imap.append('Watched', message('watched-1', 'In the second folder'));
      const list = await until(emails, (found) => found.some((e) => e.subject === 'In the second folder'), 10_000);
      const latency = Date.now() - appendedAt;
      console.log(`APPEND to a second folder -> read model: ${latency} ms`);
      expect(list.some((e) => e.subject === 'In the second folder')).toBe(true);
      expect(latency).toBeLessThan(5_000);
    } finally {
      supervisor.tuning = previous;
      await imap.logout();
    }
  });

  it('takes mail that arrives while a sync round ends without waiting for the poll, in every watched folder', async () => {
    const teamId = (await t.request<{ teamId: string }>('/api/loggedInUser', { token })).body.teamId;
    const imap = await dovecot.client();
    const current = (await t.request<EmailServerConfig>('/api/email-server-config', { token })).body;
    expect(current.imapFolders).toEqual(['INBOX', 'Watched']);
    const sync = t.app.get(MailboxSync);
    const original = sync.syncFolders.bind(sync);
    let appended = 0;
    // Mail arrives right after the worker's first round searched every folder, before it settles into IDLE.
    const spy = jest.spyOn(sync, 'syncFolders').mockImplementation(async (...args) => {
      const fresh = await original(...args);
      if (appended++ === 0) {
        await imap.append('INBOX', message('race-inbox', 'Raced into the inbox'));
        await imap.append('Watched', message('race-watched', 'Raced into the second folder'));
      }
      return fresh;
    });
    const previous = supervisor.tuning;
    supervisor.tuning = { ...previous, pollIntervalMs: 120_000 };
    try {
      await supervisor.reload(teamId);
      const subjects = ['Raced into the inbox', 'Raced into the second folder'];
      const list = await until(emails, (found) => subjects.every((s) => found.some((e) => e.subject === s)), 10_000);
      expect(subjects.filter((s) => !list.some((e) => e.subject === s))).toEqual([]);
    } finally {
      spy.mockRestore();
      supervisor.tuning = previous;
      await imap.logout();
    }
  });
});
