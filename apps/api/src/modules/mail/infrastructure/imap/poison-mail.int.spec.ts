import type { CurrentUser, Email, EmailDetail, Page, QuarantinedMessage } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../../../../test/app/test-app';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../../../../../test/mail/dovecot';
import { withAttachment } from '../../../../../test/mail/mime';
import { POISON_MESSAGES } from '../../../../../test/mail/poison-messages';
import { MailboxSupervisor } from './mailbox-supervisor';
import { readUntil } from '../../../../../test/support/until';

const until = <T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 15_000) =>
  readUntil(read, ok, timeoutMs);

/**
 * The live latency budget of this test: APPEND to listed. The benchmark's target is 1 s at p95 on a quiet machine
 * (docs/benchmarks.md); tests share two cores with other suites, so they allow 5 s, as the other live tests do.
 */
const LIVE_BUDGET_MS = 5_000;

const ordinary = (id: string, subject: string) =>
  `From: Alice <alice@example.com>\r\nTo: support@example.com\r\nSubject: ${subject}\r\nMessage-ID: <${id}@example.com>\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\n\r\nHello ${subject}\r\n`;

interface Member {
  token: string;
  teamId: string;
  id: string;
}

describe('poison mail never stops a mailbox or another team (real Dovecot, real PostgreSQL)', () => {
  let t: TestApp;
  let dovecot: TestDovecot;
  let a: Member;
  let b: Member;

  const list = async (member: Member) =>
    (await t.request<Page<Email>>('/api/emails?size=100', { token: member.token })).body.content;
  const quarantine = async (member: Member) =>
    (await t.request<QuarantinedMessage[]>('/api/email-server-config/quarantine', { token: member.token })).body;

  async function member(prefix: string): Promise<Member> {
    const { token } = await t.signUp(prefix);
    await t.request('/api/team', { method: 'PUT', token, body: `${prefix} team` });
    const me = (await t.request<CurrentUser>('/api/loggedInUser', { token })).body;
    return { token, teamId: me.teamId as string, id: me.id };
  }

  async function connect(who: Member, folder: string) {
    const saved = await t.request('/api/email-server-config', {
      method: 'POST',
      token: who.token,
      body: dovecotMailbox(dovecot, { imapFolder: folder }),
    });
    expect(saved.status).toBe(200);
  }

  beforeAll(async () => {
    dovecot = await startDovecot();
    t = await startTestApp();
    const supervisor = t.app.get(MailboxSupervisor);
    supervisor.tuning = { ...supervisor.tuning, pollIntervalMs: 2000, minBackoffMs: 100, maxBackoffMs: 1000 };
    a = await member('poisoned');
    b = await member('bystander');
    const imap = await dovecot.client();
    await imap.mailboxCreate('TeamB');
    await imap.append('TeamB', ordinary('b-0', 'Team B first'));
    await imap.logout();
    await connect(a, 'INBOX');
    await connect(b, 'TeamB');
    expect(
      (
        await until(
          () => list(b),
          (emails) => emails.length === 1,
        )
      ).map((e) => e.subject),
    ).toEqual(['Team B first']);
  });
  afterAll(async () => {
    await t?.close();
    await dovecot?.stop();
  });

  /**
   * Team B works on its own folder meanwhile: a new message arrives, an email is archived and another assigned,
   * and its list shows each change.
   */
  async function bystanderKeepsWorking(round: string) {
    const imap = await dovecot.client();
    await imap.append('TeamB', ordinary(`b-${round}`, `Team B during ${round}`));
    await imap.logout();
    const withNew = await until(
      () => list(b),
      (emails) => emails.some((e) => e.subject === `Team B during ${round}`),
      LIVE_BUDGET_MS,
    );
    const fresh = withNew.find((e) => e.subject === `Team B during ${round}`);
    expect(fresh).toBeDefined();
    const archived = await t.request(`/api/emails/${fresh?.id}/archive`, { method: 'PUT', token: b.token });
    expect(archived.status).toBe(200);
    expect((await list(b)).some((e) => e.id === fresh?.id)).toBe(false);
    const target = (await list(b))[0];
    const assigned = await t.request(`/api/emails/${target.id}/assign`, {
      method: 'PUT',
      token: b.token,
      body: { assignedTo: b.id },
    });
    expect(assigned.status).toBe(200);
    expect((await list(b)).find((e) => e.id === target.id)?.assignedTo).toBe(b.id);
  }

  it.each(POISON_MESSAGES.map((poison) => [poison.name, poison] as const))(
    '%s: the next message is listed within the live budget, the poison is listed normalised or quarantined',
    async (name, poison) => {
      const round = name.replace(/\W+/g, '-');
      const imap = await dovecot.client();
      await imap.append('INBOX', poison.source);
      const appendedAt = Date.now();
      await imap.append('INBOX', ordinary(`after-${round}`, `After ${round}`));
      await imap.logout();
      const emails = await until(
        () => list(a),
        (found) => found.some((e) => e.subject === `After ${round}`),
        LIVE_BUDGET_MS,
      );
      const latency = Date.now() - appendedAt;
      expect({ name, listed: emails.some((e) => e.subject === `After ${round}`) }).toEqual({ name, listed: true });
      expect(latency).toBeLessThan(LIVE_BUDGET_MS);

      // The inbox and the quarantine are two read models, each at its own pace: the poison may show in the
      // quarantine a moment after the next message is listed.
      const { poisoned, held } = await until(
        async () => ({
          poisoned: (await list(a)).find((e) => e.subject === poison.subject),
          held: await quarantine(a),
        }),
        (outcome) => Boolean(outcome.poisoned) || outcome.held.length > 0,
        LIVE_BUDGET_MS,
      );
      expect({ name, listed: Boolean(poisoned), quarantined: held.length > 0 }).not.toEqual({
        name,
        listed: false,
        quarantined: false,
      });
      if (poisoned) {
        const detail = (await t.request<EmailDetail>(`/api/emails/${poisoned.id}`, { token: a.token })).body;
        expect(JSON.stringify(detail)).not.toMatch(/\\u0000|\\ud[89ab]/i);
        expect(Date.parse(detail.receivedAt)).toBeLessThan(Date.UTC(10000, 0, 1));
        if (name.includes('10000')) expect(detail.dateHeader).toBe('Sat, 1 Jan 10000 10:00:00 +0000');
      }
      await bystanderKeepsWorking(round);
    },
  );

  it('a message PostgreSQL still refuses is quarantined alone with its reason, and its batch and folder go on', async () => {
    // A real refusal by the database for one message: a CHECK constraint on the attachment names.
    await t.app
      .get(DataSource)
      .query(`ALTER TABLE attachment ADD CONSTRAINT refuses_one_name CHECK (filename <> 'refused-by-database.bin')`);
    const refused = withAttachment(
      [
        'From: Mallory <mallory@example.com>',
        'To: support@example.com',
        'Subject: Refused by the database',
        'Message-ID: <refused@example.com>',
      ],
      'see attachment',
      [
        'Content-Type: application/octet-stream; name="refused-by-database.bin"',
        'Content-Disposition: attachment; filename="refused-by-database.bin"',
      ],
    );
    const supervisor = t.app.get(MailboxSupervisor);
    await supervisor.stop(a.teamId);
    const imap = await dovecot.client();
    // In one batch: an ordinary message before, the refused one, and one after.
    await imap.append('INBOX', ordinary('same-batch-1', 'Same batch before'));
    await imap.append('INBOX', refused);
    await imap.append('INBOX', ordinary('same-batch-2', 'Same batch after'));
    await imap.logout();
    await supervisor.reload(a.teamId);
    const emails = await until(
      () => list(a),
      (found) => ['Same batch before', 'Same batch after'].every((s) => found.some((e) => e.subject === s)),
    );
    expect(
      emails
        .filter((e) => e.subject.startsWith('Same batch'))
        .map((e) => e.subject)
        .sort(),
    ).toEqual(['Same batch after', 'Same batch before']);
    expect(emails.some((e) => e.subject === 'Refused by the database')).toBe(false);
    const held = await until(
      () => quarantine(a),
      (rows) => rows.some((row) => /refuses_one_name/.test(row.reason)),
    );
    const row = held.find((r) => /refuses_one_name/.test(r.reason));
    expect(row).toMatchObject({ folder: 'INBOX', hasSource: true, attempts: 1 });
    expect(row?.reason).toMatch(/^The message could not be stored: /);
    const raw = await fetch(`${t.baseUrl}/api/email-server-config/quarantine/${row?.id}/raw`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('message/rfc822');
    expect(await raw.text()).toBe(refused);
    const [state] = await t.app
      .get(DataSource)
      .query('SELECT last_uid FROM mailbox_folder_state WHERE team_id = $1 AND folder = $2', [a.teamId, 'INBOX']);
    expect(Number(state.last_uid)).toBe(row ? row.uid + 1 : -1);

    // Still refused: the retry records the attempt. Once the cause is gone, the retry imports it.
    // Meanwhile another transaction, begun before the retry's append, is still open (as a projection's batch may be):
    // the log's readers do not see the attempt until it ends, and the answer waits for the attempt itself.
    const older = t.app.get(DataSource).createQueryRunner();
    await older.connect();
    await older.startTransaction();
    await older.query('SELECT pg_current_xact_id()');
    const ended = new Promise((resolve) => setTimeout(resolve, 500)).then(async () => {
      await older.commitTransaction();
      await older.release();
    });
    const again = await t.request<{ success: boolean; message: string }>(
      `/api/email-server-config/quarantine/${row?.id}/retry`,
      { method: 'POST', token: a.token },
    );
    expect(again.body).toMatchObject({ success: false });
    expect((await quarantine(a)).find((r) => r.id === row?.id)?.attempts).toBe(2);
    await ended;
    await t.app.get(DataSource).query('ALTER TABLE attachment DROP CONSTRAINT refuses_one_name');
    const retried = await t.request<{ success: boolean; message: string }>(
      `/api/email-server-config/quarantine/${row?.id}/retry`,
      { method: 'POST', token: a.token },
    );
    expect(retried.body).toEqual({ success: true, message: 'The message was imported into the inbox.' });
    expect((await quarantine(a)).some((r) => r.id === row?.id)).toBe(false);
    expect((await list(a)).some((e) => e.subject === 'Refused by the database')).toBe(true);
    await bystanderKeepsWorking('after-refusal');
  });
});
