import {
  APPLY_RULES_TO_FIRST_SYNC_MESSAGE,
  type EmailServerConfig,
  type SuccessMessageResponse,
} from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../../../../test/mail/dovecot';

describe('email server configuration over HTTP', () => {
  let t: TestApp;
  let dovecot: TestDovecot;

  beforeAll(async () => {
    dovecot = await startDovecot();
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await dovecot?.stop();
  });

  async function userWithTeam(name: string) {
    const user = await t.signUp(name);
    expect((await t.request('/api/team', { method: 'PUT', token: user.token, body: `${name} team` })).status).toBe(200);
    return user;
  }

  const body = (overrides: Record<string, unknown> = {}) =>
    dovecotMailbox(dovecot, {
      smtpUsername: 'support@example.com',
      smtpPassword: 'smtp-secret-pw',
      fromName: 'Support',
      isActive: false,
      ...overrides,
    });

  it('answers 404 before a configuration exists and to a user without a team', async () => {
    const { token } = await userWithTeam('noconfig');
    expect((await t.request('/api/email-server-config', { token })).status).toBe(404);
    const teamless = await t.signUp('teamless');
    const res = await t.request<SuccessMessageResponse>('/api/email-server-config', { token: teamless.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/team/i);
  });

  it('validates with the spec messages', async () => {
    const { token } = await userWithTeam('validation');
    const cases: [Record<string, unknown>, string][] = [
      [{ imapHost: '' }, 'Please fill in all IMAP settings'],
      [{ imapPassword: '' }, 'Please fill in all IMAP settings'],
      [{ smtpHost: '' }, 'Please fill in all SMTP settings'],
      [{ smtpPassword: undefined }, 'Please fill in all SMTP settings'],
      [{ fromEmail: ' ' }, 'Please fill in the From Email address'],
    ];
    for (const [overrides, message] of cases) {
      const res = await t.request('/api/email-server-config', { method: 'POST', token, body: body(overrides) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
  });

  it('saves, never returns or stores passwords in plain text, keeps them on an empty PUT, and hides it from other teams', async () => {
    const { token } = await userWithTeam('config');
    const created = await t.request<EmailServerConfig>('/api/email-server-config', {
      method: 'POST',
      token,
      body: body(),
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      imapHost: dovecot.host,
      imapPasswordSet: true,
      smtpPasswordSet: true,
      isActive: false,
    });
    expect(JSON.stringify(created.body)).not.toContain(dovecot.password);
    expect(created.body).not.toHaveProperty('imapPassword');

    const updated = await t.request<EmailServerConfig>('/api/email-server-config', {
      method: 'PUT',
      token,
      body: body({ imapPassword: '', smtpPassword: undefined, fromName: 'Helpdesk' }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.body.id,
      fromName: 'Helpdesk',
      imapPasswordSet: true,
      smtpPasswordSet: true,
    });

    const read = await t.request<EmailServerConfig>('/api/email-server-config', { token });
    expect(read.body).toMatchObject({ fromName: 'Helpdesk', imapPasswordSet: true, syncProgress: null });

    const events: { type: string; data: unknown; actor: string }[] = await t.app
      .get(DataSource)
      .query(
        `SELECT type, data, metadata->>'actorUserId' AS actor FROM events WHERE stream_id = $1 ORDER BY stream_version`,
        [`mailbox-${(await t.request<{ teamId: string }>('/api/loggedInUser', { token })).body.teamId}`],
      );
    expect(events.map((e) => e.type)).toEqual([
      'MailboxConfigured',
      'MailboxConfigChanged',
      'MailboxConfigUpdated',
      'MailboxConfigChanged',
    ]);
    // The team's history: who changed what, never a secret (not even sealed).
    const me = (await t.request<{ id: string }>('/api/loggedInUser', { token })).body.id;
    const history = events.filter((e) => e.type === 'MailboxConfigChanged');
    expect(history.map((e) => e.actor)).toEqual([me, me]);
    expect(history[1].data).toMatchObject({ changes: [{ field: 'fromName', from: 'Support', to: 'Helpdesk' }] });
    expect(history[0].data).toMatchObject({
      changes: expect.arrayContaining([
        { field: 'imapPassword', to: 'set' },
        { field: 'smtpPassword', to: 'set' },
      ]),
    });
    expect(JSON.stringify(history)).not.toMatch(/v1\.|smtp-secret-pw/);
    expect(JSON.stringify(history)).not.toContain(dovecot.password);
    const rows = await t.app.get(DataSource).query('SELECT settings FROM mailbox_config');
    for (const stored of [JSON.stringify(events), JSON.stringify(rows)]) {
      expect(stored).not.toContain(dovecot.password);
      expect(stored).not.toContain('smtp-secret-pw');
      expect(stored).toContain('v1.');
    }

    const other = await userWithTeam('other');
    expect((await t.request('/api/email-server-config', { token: other.token })).status).toBe(404);

    const folders = await t.request<string[]>('/api/email-server-config/imap-folders', { token });
    expect(folders.status).toBe(200);
    expect(folders.body).toContain('INBOX');
    expect((await t.request('/api/email-server-config/imap-folders', { token: other.token })).status).toBe(400);
  });

  it('saves whether rules act on old mail of the first sync, keeps it when a save leaves it out, refuses a non-boolean', async () => {
    const { token } = await userWithTeam('first-sync-rules');
    const save = (method: 'POST' | 'PUT', overrides: Record<string, unknown>) =>
      t.request<EmailServerConfig>('/api/email-server-config', { method, token, body: body(overrides) });
    expect((await save('POST', {})).body.applyRulesToFirstSync).toBe(true);
    expect((await save('PUT', { applyRulesToFirstSync: false })).body.applyRulesToFirstSync).toBe(false);
    // A save without it (a screen that does not show it) keeps the choice.
    const other = await save('PUT', { fromName: 'Helpdesk' });
    expect(other.body).toMatchObject({ fromName: 'Helpdesk', applyRulesToFirstSync: false });
    for (const value of ['yes', 1, {}]) {
      const bad = await save('PUT', { applyRulesToFirstSync: value, fromName: 'Lost' });
      expect([bad.status, bad.body]).toEqual([
        400,
        expect.objectContaining({ success: false, message: APPLY_RULES_TO_FIRST_SYNC_MESSAGE }),
      ]);
    }
    const read = await t.request<EmailServerConfig>('/api/email-server-config', { token });
    expect(read.body).toMatchObject({ fromName: 'Helpdesk', applyRulesToFirstSync: false });
    expect((await save('PUT', { applyRulesToFirstSync: true })).body.applyRulesToFirstSync).toBe(true);
    const stored: { apply: boolean }[] = await t.app
      .get(DataSource)
      .query(`SELECT (settings->>'applyRulesToFirstSync')::boolean AS apply FROM mailbox_config WHERE team_id = $1`, [
        (await t.request<{ teamId: string }>('/api/loggedInUser', { token })).body.teamId,
      ]);
    expect(stored).toEqual([{ apply: true }]);
  });

  it('tests the IMAP connection and reports a wrong password without echoing it', async () => {
    const { token } = await userWithTeam('tester');
    const wrong = 'Wr0ng-Passw0rd-xyz';
    const failed = await t.request<SuccessMessageResponse>('/api/email-server-config/test', {
      method: 'POST',
      token,
      body: body({ imapPassword: wrong }),
    });
    expect(failed.body.success).toBe(false);
    expect(failed.body.message).toMatch(/IMAP/);
    expect(failed.body.message).not.toContain(wrong);

    // IMAP succeeds; SMTP then fails (no server at that port): the answer names SMTP.
    const smtpFails = await t.request<SuccessMessageResponse>('/api/email-server-config/test', {
      method: 'POST',
      token,
      body: body({ smtpHost: '127.0.0.1', smtpPort: 1, smtpUseTls: false }),
    });
    expect(smtpFails.body).toMatchObject({ success: false });
    expect(smtpFails.body.message).toMatch(/^SMTP connection failed/);
  });

  it('fetches on demand and counts new emails once', async () => {
    const { token } = await userWithTeam('fetcher');
    await t.request('/api/email-server-config', { method: 'POST', token, body: body({ imapFolders: ['Fetch'] }) });
    const imap = await dovecot.client();
    await imap.mailboxCreate('Fetch');
    await imap.append('Fetch', 'From: a@example.com\r\nSubject: one\r\nMessage-ID: <f1@x>\r\n\r\nhello\r\n');
    await imap.append('Fetch', 'From: a@example.com\r\nSubject: two\r\nMessage-ID: <f2@x>\r\n\r\nhello\r\n');
    await imap.logout();
    const first = await t.request('/api/emails/fetch', { method: 'POST', token });
    expect(first.body).toEqual({ success: true, message: 'Fetched 2 new emails' });
    expect((await t.request('/api/emails/fetch', { method: 'POST', token })).body).toEqual({
      success: true,
      message: 'Fetched 0 new emails',
    });
  });

  it('records a manual fetch that cannot connect as the last error, with its time', async () => {
    const { token } = await userWithTeam('unreachable');
    await t.request('/api/email-server-config', { method: 'POST', token, body: body({ imapPort: 1 }) });
    const res = await t.request<SuccessMessageResponse>('/api/emails/fetch', { method: 'POST', token });
    expect(res.body.success).not.toBe(true);
    const config = (
      await t.request<{ lastError: string | null; lastErrorAt: string | null }>('/api/email-server-config', { token })
    ).body;
    expect(config.lastError).toMatch(/refused/i);
    expect(config.lastErrorAt).not.toBeNull();
  });
});

describe('mail host guard over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ allowPrivateMailHosts: false });
  });
  afterAll(() => t?.close());

  it('refuses a loopback mail server when private hosts are not allowed', async () => {
    const user = await t.signUp('guarded');
    await t.request('/api/team', { method: 'PUT', token: user.token, body: 'guarded team' });
    const res = await t.request<SuccessMessageResponse>('/api/email-server-config/test', {
      method: 'POST',
      token: user.token,
      body: {
        imapHost: '127.0.0.1',
        imapUsername: 'u',
        imapPassword: 'p',
        smtpHost: 'smtp.example.com',
        smtpUsername: 'u',
        smtpPassword: 'p',
        fromEmail: 'a@example.com',
      },
    });
    expect(res.body).toEqual({
      success: false,
      message: 'IMAP connection failed: This mail server address is not allowed.',
    });
  });
});
