import { randomBytes } from 'node:crypto';
import type { Email, EmailDetail, EmailServerConfig, Page, SuccessMessageResponse } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { connectSocket } from '../../../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../../../test/app/test-app';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../../../../../test/mail/dovecot';
import { closedPort, startFlakyProxy, startSilentServer } from '../../../../../test/mail/faulty-servers';
import { captureLogs, type LogCapture } from '../../../../../test/mail/log-capture';
import { MailboxSupervisor } from './mailbox-supervisor';
import { readUntil } from '../../../../../test/support/until';

const until = <T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 15_000) =>
  readUntil(read, ok, timeoutMs);

const message = (id: string, subject: string, extra = '') =>
  `From: Alice <alice@example.com>\r\nTo: support@example.com\r\nSubject: ${subject}\r\nMessage-ID: <${id}@example.com>\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\n${extra}\r\nHello ${subject}\r\n`;

/** Secrets that must never show in a log line, an answer or a stored error. */
const WRONG_IMAP_PASSWORD = `Wr0ng-Imap-${randomBytes(8).toString('hex')}`;
const SMTP_PASSWORD = `Smtp-Secret-${randomBytes(8).toString('hex')}`;

describe('mailbox workers next to failing mail servers (real Dovecot)', () => {
  let t: TestApp;
  let dovecot: TestDovecot;
  /** A second server for the wrong password: Dovecot slows logins down per address after failures. */
  let otherDovecot: TestDovecot;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let proxy: Awaited<ReturnType<typeof startFlakyProxy>> | undefined;
  let logs: LogCapture;
  let supervisor: MailboxSupervisor;
  const teams = new Map<string, { token: string; teamId: string }>();

  const configOf = async (token: string) =>
    (await t.request<EmailServerConfig>('/api/email-server-config', { token })).body;
  const emailsOf = async (token: string) =>
    (await t.request<Page<Email>>('/api/emails?size=100', { token })).body.content;

  async function teamWithMailbox(name: string, overrides: Record<string, unknown> = {}) {
    const user = await t.signUp(name);
    expect((await t.request('/api/team', { method: 'PUT', token: user.token, body: `${name} team` })).status).toBe(200);
    const teamId = (await t.request<{ teamId: string }>('/api/loggedInUser', { token: user.token })).body.teamId;
    const saved = await t.request('/api/email-server-config', {
      method: 'POST',
      token: user.token,
      body: dovecotMailbox(dovecot, { smtpUsername: 'mailer', smtpPassword: SMTP_PASSWORD, ...overrides }),
    });
    expect(saved.status).toBe(200);
    const team = { token: user.token, teamId };
    teams.set(name, team);
    return team;
  }

  beforeAll(async () => {
    logs = captureLogs();
    [dovecot, otherDovecot, silent] = await Promise.all([
      startDovecot(),
      startDovecot('support', 'other-dovecot-pw'),
      startSilentServer(),
    ]);
    t = await startTestApp();
    supervisor = t.app.get(MailboxSupervisor);
    supervisor.tuning = { ...supervisor.tuning, minBackoffMs: 100, maxBackoffMs: 1000, pollIntervalMs: 60_000 };
  });
  afterAll(async () => {
    // Ends the connections the workers wait on, so that the application stops at once.
    await silent?.close();
    await proxy?.close();
    await t?.close();
    await dovecot?.stop();
    await otherDovecot?.stop();
    logs?.stop();
  });

  it('one failing team never stalls another: a wrong password, a refused port and a silent server next to a healthy team', async () => {
    const wrong = await teamWithMailbox('wrong-password', {
      imapHost: otherDovecot.host,
      imapPort: otherDovecot.port,
      imapPassword: WRONG_IMAP_PASSWORD,
    });
    const refused = await teamWithMailbox('refused', { imapPort: await closedPort() });
    const hanging = await teamWithMailbox('silent', { imapPort: silent.port });
    // The silent server holds a worker in its connect (greeting timeout 10 s) while the healthy team works.
    expect(await until(silent.connections, (n) => n >= 1)).toBeGreaterThanOrEqual(1);

    const imap = await dovecot.client();
    try {
      await imap.append('INBOX', message('healthy-1', 'Before the healthy team'));
      const healthy = await teamWithMailbox('healthy');
      const first = await until(
        () => emailsOf(healthy.token),
        (list) => list.length === 1,
      );
      expect(first.map((e) => e.subject)).toEqual(['Before the healthy team']);
      await until(
        () => configOf(healthy.token),
        (config) => config.lastSyncAt !== null && config.syncProgress === null,
      );

      // Live mail reaches the socket, then the new unread count, while the other teams keep failing.
      const connected = await connectSocket(t, healthy.token);
      if (!('socket' in connected)) throw connected.error;
      const created: Email[] = [];
      const counts: number[] = [];
      connected.socket.on('team.emails.created', (emails: Email[]) => created.push(...emails));
      connected.socket.on('team.unread-count', (count: number) => counts.push(count));
      try {
        await imap.append('INBOX', message('healthy-2', 'Live while others fail'));
        await until(
          () => ({ created, counts }),
          (pushed) => pushed.created.some((e) => e.subject === 'Live while others fail') && pushed.counts.includes(2),
          10_000,
        );
        expect(created.map((e) => e.subject)).toContain('Live while others fail');
        expect(counts).toContain(2);
        expect((await t.request<number>('/api/emails/unread/count', { token: healthy.token })).body).toBe(2);
      } finally {
        connected.socket.close();
      }
      expect((await configOf(healthy.token)).lastError).toBeNull();
    } finally {
      await imap.logout();
    }

    // Each failing team shows its error with its time, and its worker keeps trying.
    const failing: [{ token: string; teamId: string }, RegExp][] = [
      [wrong, /^Authentication failed/],
      [refused, /refused the connection/],
      [hanging, /did not answer in time/],
    ];
    for (const [team, expected] of failing) {
      const config = await until(
        () => configOf(team.token),
        (c) => expected.test(c.lastError ?? ''),
        30_000,
      );
      expect(config.lastError).toMatch(expected);
      expect(Math.abs(Date.parse(config.lastErrorAt ?? '') - Date.now())).toBeLessThan(60_000);
      expect(config.lastSyncAt).toBeNull();
      expect(supervisor.isRunning(team.teamId)).toBe(true);
    }
    expect(await emailsOf(wrong.token)).toEqual([]);
  }, 90_000);

  it('retries a failing connection with growing delays, then recovers by itself and clears the error', async () => {
    const imap = await dovecot.client();
    await imap.append('INBOX', message('flaky-1', 'Waiting behind a flaky link'));
    await imap.logout();
    proxy = await startFlakyProxy(dovecot.port);
    const flaky = await teamWithMailbox('flaky', { imapPort: proxy.port });

    const link = proxy;
    const dropped = await until(
      () => link.dropped,
      (times) => times.length >= 5,
      20_000,
    );
    expect(dropped.length).toBeGreaterThanOrEqual(5);
    // Backoff 100 ms doubling (±20 % jitter): the first five attempts span at least 0.8 × (100+200+400+800) ms.
    // Without backoff they would come about 100 ms apart.
    expect(dropped[4] - dropped[0]).toBeGreaterThanOrEqual(1100);
    const failed = await until(
      () => configOf(flaky.token),
      (config) => config.lastError !== null,
    );
    expect(failed.lastErrorAt).not.toBeNull();

    link.repair();
    const emails = await until(
      () => emailsOf(flaky.token),
      (list) => list.some((e) => e.subject === 'Waiting behind a flaky link'),
    );
    expect(emails.map((e) => e.subject)).toContain('Waiting behind a flaky link');
    const recovered = await until(
      () => configOf(flaky.token),
      (config) => config.lastError === null && config.lastSyncAt !== null,
    );
    expect(recovered).toMatchObject({ lastError: null, lastErrorAt: null });
  }, 60_000);

  it('finds new mail by polling in a folder that no IDLE connection watches', async () => {
    const imap = await dovecot.client();
    await imap.mailboxCreate('Polled');
    const previous = supervisor.tuning;
    // One watched folder (INBOX, on the main connection): 'Polled' is left to the re-check.
    supervisor.tuning = { ...previous, maxWatchedFolders: 1, pollIntervalMs: 500 };
    try {
      const polled = await teamWithMailbox('polled', { imapFolders: ['INBOX', 'Polled'] });
      await until(
        () => configOf(polled.token),
        (config) => config.lastSyncAt !== null && config.syncProgress === null,
      );
      await imap.append('Polled', message('polled-1', 'Only the poll sees this'));
      const list = await until(
        () => emailsOf(polled.token),
        (found) => found.some((e) => e.subject === 'Only the poll sees this'),
      );
      expect(list.map((e) => e.subject)).toContain('Only the poll sees this');
    } finally {
      supervisor.tuning = previous;
      await imap.logout();
    }
  });

  it('marks auto-replies (each header) and bounces (multipart/report) in the email detail', async () => {
    const imap = await dovecot.client();
    await imap.mailboxCreate('Automatic');
    const bounce = [
      'From: MAILER-DAEMON@example.com',
      'To: support@example.com',
      'Subject: Undelivered Mail Returned to Sender',
      'Message-ID: <bounce-1@example.com>',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="r"',
      '',
      '--r',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--r',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.com',
      '',
      'Final-Recipient: rfc822; nobody@example.com',
      'Action: failed',
      'Status: 5.1.1',
      '--r--',
      '',
    ].join('\r\n');
    const expected: Record<string, { isAutoReply: boolean; isBounce: boolean }> = {
      'auto submitted': { isAutoReply: true, isBounce: false },
      'auto generated': { isAutoReply: true, isBounce: false },
      'precedence bulk': { isAutoReply: true, isBounce: false },
      'precedence auto_reply': { isAutoReply: true, isBounce: false },
      'x autoreply': { isAutoReply: true, isBounce: false },
      'x autorespond': { isAutoReply: true, isBounce: false },
      'not automatic': { isAutoReply: false, isBounce: false },
      'Undelivered Mail Returned to Sender': { isAutoReply: false, isBounce: true },
    };
    try {
      await imap.append('Automatic', message('auto-1', 'auto submitted', 'Auto-Submitted: auto-replied\r\n'));
      await imap.append('Automatic', message('auto-2', 'auto generated', 'Auto-Submitted: auto-generated\r\n'));
      await imap.append('Automatic', message('auto-3', 'precedence bulk', 'Precedence: bulk\r\n'));
      await imap.append('Automatic', message('auto-4', 'precedence auto_reply', 'Precedence: auto_reply\r\n'));
      await imap.append('Automatic', message('auto-5', 'x autoreply', 'X-Autoreply: yes\r\n'));
      await imap.append('Automatic', message('auto-6', 'x autorespond', 'X-Autorespond: yes\r\n'));
      await imap.append('Automatic', message('auto-7', 'not automatic', 'Auto-Submitted: no\r\n'));
      await imap.append('Automatic', bounce);
    } finally {
      await imap.logout();
    }
    const team = await teamWithMailbox('automatic', { imapFolders: ['Automatic'], isActive: false });
    const fetched = await t.request<SuccessMessageResponse>('/api/emails/fetch', { method: 'POST', token: team.token });
    expect(fetched.body).toEqual({ success: true, message: 'Fetched 8 new emails' });
    const emails = await until(
      () => emailsOf(team.token),
      (list) => list.length === 8,
    );
    const marks: Record<string, { isAutoReply: boolean; isBounce: boolean }> = {};
    for (const email of emails) {
      const detail = (await t.request<EmailDetail>(`/api/emails/${email.id}`, { token: team.token })).body;
      marks[detail.subject] = { isAutoReply: detail.isAutoReply, isBounce: detail.isBounce };
    }
    expect(marks).toEqual(expected);
  });

  it('never logs, answers or stores a password', async () => {
    const wrong = teams.get('wrong-password');
    if (!wrong) throw new Error('the first test did not run');
    // A test and a fetch with the stored (wrong) password, after the worker's failed logins.
    const tested = await t.request<SuccessMessageResponse>('/api/email-server-config/test', {
      method: 'POST',
      token: wrong.token,
      body: {
        imapHost: otherDovecot.host,
        imapPort: otherDovecot.port,
        imapUsername: otherDovecot.user,
        imapUseSsl: false,
        smtpHost: 'smtp.example.com',
        smtpUsername: 'mailer',
        fromEmail: 'support@example.com',
      },
    });
    expect(tested.body).toEqual({
      success: false,
      message: 'IMAP connection failed: Authentication failed: check the username and password.',
    });
    const fetched = await t.request<SuccessMessageResponse>('/api/emails/fetch', {
      method: 'POST',
      token: wrong.token,
    });
    expect(fetched.body.success).toBe(false);

    const lines = logs.lines();
    // The capture does see the failures it checks.
    expect(lines.some((line) => line.includes(wrong.teamId) && line.includes('Authentication failed'))).toBe(true);
    const stored = JSON.stringify(await t.app.get(DataSource).query('SELECT * FROM mailbox_status'));
    const answers = JSON.stringify([tested.body, fetched.body, await configOf(wrong.token)]);
    for (const secret of [WRONG_IMAP_PASSWORD, SMTP_PASSWORD, dovecot.password, otherDovecot.password]) {
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
      expect(stored).not.toContain(secret);
      expect(answers).not.toContain(secret);
    }
  });
});
