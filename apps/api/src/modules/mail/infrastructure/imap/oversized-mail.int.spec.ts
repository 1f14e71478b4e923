import type { CurrentUser, Email, Page, QuarantinedMessage } from '@teaminbox/contracts';
import { startTestApp, type TestApp } from '../../../../../test/app/test-app';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../../../../../test/mail/dovecot';
import { type InflatingProxy, startInflatingProxy } from '../../../../../test/mail/inflating-proxy';
import { MailboxSupervisor } from './mailbox-supervisor';
import { MessageParserPool } from './message-parser.pool';
import { readUntil } from '../../../../../test/support/until';

const until = <T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 60_000) =>
  readUntil(read, ok, timeoutMs);

const MB = 1024 * 1024;

const ordinary = (id: string, subject: string, body = 'Hello') =>
  `From: Alice <alice@example.com>\r\nTo: support@example.com\r\nSubject: ${subject}\r\nMessage-ID: <${id}@example.com>\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\n\r\n${body}\r\n`;

/**
 * The most memory held in buffers by this thread (the app's IMAP client runs in it: a fetched message is a Buffer
 * there) while `work` runs, sampled every 20 ms. The parser's worker threads are started before, so their own memory
 * does not count.
 */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peak: number; before: number }> {
  const before = process.memoryUsage().arrayBuffers;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  }, 20);
  try {
    return { result: await work(), peak, before };
  } finally {
    clearInterval(timer);
  }
}

describe('messages over the size limit (default 50 MB) never reach memory (real Dovecot)', () => {
  let t: TestApp;
  let dovecot: TestDovecot;
  let proxy: InflatingProxy | undefined;

  beforeAll(async () => {
    dovecot = await startDovecot();
    t = await startTestApp();
    const supervisor = t.app.get(MailboxSupervisor);
    supervisor.tuning = { ...supervisor.tuning, pollIntervalMs: 1000, minBackoffMs: 100, maxBackoffMs: 500 };
    // Start the parser's worker threads now, so that what they take does not count below.
    await t.app
      .get(MessageParserPool)
      .parse('warm-up', 'INBOX', 1n, [{ uid: 1, source: Buffer.from(ordinary('w', 'Warm-up')), internalDate: null }]);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await dovecot?.stop();
  });

  async function teamOn(port: number, folder: string) {
    const { token } = await t.signUp('oversized');
    await t.request('/api/team', { method: 'PUT', token, body: 'oversized team' });
    const me = (await t.request<CurrentUser>('/api/loggedInUser', { token })).body;
    const saved = await t.request('/api/email-server-config', {
      method: 'POST',
      token,
      body: dovecotMailbox(dovecot, { imapPort: port, imapFolder: folder }),
    });
    expect(saved.status).toBe(200);
    const subjects = async () =>
      (await t.request<Page<Email>>('/api/emails?size=50', { token })).body.content.map((e) => e.subject);
    const quarantine = async () =>
      (await t.request<QuarantinedMessage[]>('/api/email-server-config/quarantine', { token })).body;
    return { token, teamId: me.teamId as string, subjects, quarantine };
  }

  it('quarantines a 60 MB message by the size the server reports, without fetching it, and goes on', async () => {
    const imap = await dovecot.client();
    await imap.mailboxCreate('Huge');
    await imap.append('Huge', Buffer.from(ordinary('huge-1', 'Sixty megabytes', 'x'.repeat(60 * MB))));
    await imap.append('Huge', ordinary('after-huge', 'After the huge one'));
    await imap.logout();

    const { result, peak, before } = await peakMemory(async () => {
      const team = await teamOn(dovecot.port, 'Huge');
      await until(team.subjects, (list) => list.includes('After the huge one'));
      return team;
    });
    expect(await result.subjects()).toEqual(['After the huge one']);
    const [held] = await until(result.quarantine, (list) => list.length === 1);
    expect(held).toMatchObject({ folder: 'Huge', uid: 1, hasSource: false });
    expect(held.reason).toBe('The message is larger than the limit of 50 MB (60 MB); it was not imported.');
    console.log(`60 MB message: buffers ${Math.round(before / MB)} MB before, ${Math.round(peak / MB)} MB at most`);
    expect(peak - before).toBeLessThan(40 * MB);
  });

  it('quarantines a message the server sends more of than it announced, and the process keeps running', async () => {
    const imap = await dovecot.client();
    await imap.mailboxCreate('Liar');
    await imap.append('Liar', ordinary('liar-1', 'Announced small'));
    await imap.append('Liar', ordinary('after-liar', 'After the liar'));
    await imap.logout();
    // Between the app and Dovecot: UID 1's body becomes 60 MB although the server reported a few hundred bytes.
    proxy = await startInflatingProxy({ host: dovecot.host, port: dovecot.port }, 1, 60 * MB);
    const target = proxy;

    const { result, peak, before } = await peakMemory(async () => {
      const team = await teamOn(target.port, 'Liar');
      await until(team.subjects, (list) => list.includes('After the liar'));
      return team;
    });
    expect(await result.subjects()).toEqual(['After the liar']);
    const [held] = await until(result.quarantine, (list) => list.length === 1);
    expect(held).toMatchObject({ folder: 'Liar', uid: 1, hasSource: false });
    expect(held.reason).toBe(
      'The server sent more than the limit of 50 MB for this message (more than it announced); it was not imported.',
    );
    // The client refused the literal at its announcement: it took at most what was in flight, never 60 MB.
    expect(target.inflations().length).toBeGreaterThanOrEqual(2);
    for (const accepted of target.inflations()) expect(accepted).toBeLessThan(60 * MB);
    console.log(`inflated literal: buffers ${Math.round(before / MB)} MB before, ${Math.round(peak / MB)} MB at most`);
    expect(peak - before).toBeLessThan(40 * MB);

    // Still serving, and still ingesting.
    expect((await t.request('/api/health')).status).toBe(200);
    const later = await dovecot.client();
    await later.append('Liar', ordinary('later', 'Later on'));
    await later.logout();
    expect(await until(result.subjects, (list) => list.includes('Later on'))).toContain('Later on');
  });
});
