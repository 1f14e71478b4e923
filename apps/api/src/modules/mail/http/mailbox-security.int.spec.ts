import type { EmailServerConfig, SuccessMessageResponse } from '@teaminbox/contracts';
import { teamWith } from '../../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';
import { startDovecot, type TestDovecot } from '../../../../test/mail/dovecot';
import { startOAuthMock, type TestOAuthMock } from '../../../../test/mail/oauth-mock';
import {
  type RecordingServer,
  startRecordingImapServer,
  startRecordingSmtpServer,
} from '../../../../test/mail/recording-servers';
import { type SmtpSink, startSmtpSink } from '../../../../test/support/smtp-sink';

const IMAP_PASSWORD = 'stored-imap-pass-7f3a';
const SMTP_PASSWORD = 'stored-smtp-pass-91c2';

/** Every form a client may send a password in: as typed, and base64 inside SASL PLAIN or LOGIN. */
function leaks(received: string, password: string, user: string): boolean {
  const forms = [
    password,
    Buffer.from(password).toString('base64'),
    Buffer.from(`\u0000${user}\u0000${password}`).toString('base64'),
    Buffer.from(`${user}\u0000${user}\u0000${password}`).toString('base64'),
  ];
  return forms.some((form) => received.includes(form));
}

describe('mailbox secrets and roles', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let dovecot: TestDovecot;
  let mock: TestOAuthMock;
  let imapTrap: RecordingServer;
  let smtpTrap: RecordingServer;

  beforeAll(async () => {
    sink = await startSmtpSink();
    mock = await startOAuthMock();
    dovecot = await startDovecot('support', IMAP_PASSWORD);
    imapTrap = await startRecordingImapServer();
    smtpTrap = await startRecordingSmtpServer();
    t = await startTestApp({
      smtpUrl: sink.url,
      oauth: {
        google: {
          clientId: 'google-app',
          clientSecret: 'google-secret',
          authUrl: `${mock.url}/authorize`,
          tokenUrl: `${mock.url}/token`,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await imapTrap?.close();
    await smtpTrap?.close();
    await dovecot?.stop();
    await mock?.stop();
    await sink?.close();
  });

  const config = () => ({
    imapHost: dovecot.host,
    imapPort: dovecot.port,
    imapUsername: dovecot.user,
    imapPassword: IMAP_PASSWORD,
    imapUseSsl: false,
    smtpHost: '127.0.0.1',
    smtpPort: Number(new URL(sink.url).port),
    smtpUsername: 'mailer',
    smtpPassword: SMTP_PASSWORD,
    smtpUseSsl: false,
    smtpUseTls: false,
    fromEmail: 'support@example.com',
  });

  it('never sends a stored password to a changed host, on test or on save: the request must carry it', async () => {
    const { admin } = await teamWith(t, sink, []);
    const token = admin.token;
    const saved = await t.request<EmailServerConfig>('/api/email-server-config', {
      method: 'POST',
      token,
      body: config(),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ imapPasswordSet: true, smtpPasswordSet: true });

    // The same server with an empty password still works from the stored one.
    const same = await t.request<SuccessMessageResponse>('/api/email-server-config/test', {
      method: 'POST',
      token,
      body: { ...config(), imapPassword: '', smtpHost: '127.0.0.1', smtpPort: smtpTrap.port, smtpPassword: 'typed' },
    });
    expect(same.body.message).toMatch(/^SMTP connection failed/);

    const moved = {
      ...config(),
      imapPort: imapTrap.port,
      imapPassword: '',
      smtpPort: smtpTrap.port,
      smtpPassword: '',
    };
    const tested = await t.request<SuccessMessageResponse>('/api/email-server-config/test', {
      method: 'POST',
      token,
      body: moved,
    });
    expect(tested.body).toEqual({
      success: false,
      message: 'Enter the IMAP password again: the server, port, username, SSL or authentication changed.',
    });
    const put = await t.request<SuccessMessageResponse>('/api/email-server-config', {
      method: 'PUT',
      token,
      body: moved,
    });
    expect(put.status).toBe(400);
    expect(put.body.message).toMatch(/^Enter the IMAP password again/);
    const smtpOnly = { ...config(), smtpPort: smtpTrap.port, smtpPassword: '' };
    const smtpTested = await t.request<SuccessMessageResponse>('/api/email-server-config/test', {
      method: 'POST',
      token,
      body: smtpOnly,
    });
    expect(smtpTested.body.message).toMatch(/^Enter the SMTP password again/);
    expect((await t.request('/api/email-server-config', { method: 'PUT', token, body: smtpOnly })).status).toBe(400);

    // A moved host with a typed password reaches the new server with that password only.
    const typed = await t.request<SuccessMessageResponse>('/api/email-server-config/test', {
      method: 'POST',
      token,
      body: { ...moved, imapPassword: 'typed-for-the-new-host', smtpPassword: 'typed-for-smtp' },
    });
    expect(typed.body.message).toMatch(/^IMAP connection failed/);
    expect(imapTrap.connections()).toBeGreaterThan(0);
    expect(leaks(imapTrap.received(), 'typed-for-the-new-host', dovecot.user)).toBe(true);

    expect(leaks(imapTrap.received(), IMAP_PASSWORD, dovecot.user)).toBe(false);
    expect(leaks(smtpTrap.received(), SMTP_PASSWORD, 'mailer')).toBe(false);
    const stored = (await t.request<EmailServerConfig>('/api/email-server-config', { token })).body;
    expect(stored).toMatchObject({
      imapPort: dovecot.port,
      imapPasswordSet: true,
      smtpPort: Number(new URL(sink.url).port),
    });
  });

  it('lets a MEMBER read the configuration but change nothing (403 Forbidden!); ADMIN and MAINTAINER can', async () => {
    const { admin, members } = await teamWith(t, sink, ['MEMBER', 'MAINTAINER']);
    const [member, maintainer] = members;
    expect(
      (await t.request('/api/email-server-config', { method: 'POST', token: admin.token, body: config() })).status,
    ).toBe(200);
    const anyId = '0193a0a0-0000-7000-8000-000000000001';
    const calls: { method: string; path: string; body?: unknown }[] = [
      { method: 'POST', path: '/api/email-server-config', body: config() },
      { method: 'PUT', path: '/api/email-server-config', body: config() },
      { method: 'POST', path: '/api/email-server-config/test', body: config() },
      { method: 'GET', path: '/api/email-server-config/imap-folders' },
      { method: 'POST', path: '/api/emails/fetch' },
      { method: 'GET', path: '/api/email-server-config/oauth/google/url' },
      { method: 'GET', path: '/api/email-server-config/quarantine' },
      { method: 'GET', path: `/api/email-server-config/quarantine/${anyId}/raw` },
      { method: 'POST', path: `/api/email-server-config/quarantine/${anyId}/retry` },
    ];
    for (const call of calls) {
      const res = await t.request<{ message: string }>(call.path, {
        method: call.method,
        token: member.token,
        body: call.body,
      });
      expect({ call: `${call.method} ${call.path}`, status: res.status, message: res.body.message }).toEqual({
        call: `${call.method} ${call.path}`,
        status: 403,
        message: 'Forbidden!',
      });
    }
    const read = await t.request<EmailServerConfig>('/api/email-server-config', { token: member.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ imapHost: dovecot.host, imapPasswordSet: true });

    for (const who of [admin, maintainer]) {
      for (const call of calls) {
        const res = await t.request(call.path, { method: call.method, token: who.token, body: call.body });
        expect({ call: `${call.method} ${call.path}`, forbidden: res.status === 403 }).toEqual({
          call: `${call.method} ${call.path}`,
          forbidden: false,
        });
      }
    }
  });

  it('rechecks the role when an OAuth consent completes: a MAINTAINER demoted meanwhile connects nothing', async () => {
    const { admin, members } = await teamWith(t, sink, ['MAINTAINER']);
    const [maintainer] = members;
    const started = await t.request<{ url: string }>('/api/email-server-config/oauth/google/url', {
      token: maintainer.token,
    });
    expect(started.status).toBe(200);
    const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0];
    const authorize = await fetch(started.body.url, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location') as string);
    const demoted = await t.request(`/api/team/member/${maintainer.id}/role`, {
      method: 'PUT',
      token: admin.token,
      body: 'MEMBER',
    });
    expect(demoted.status).toBe(200);
    const done = await fetch(`${t.baseUrl}${back.pathname}${back.search}`, {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(done.headers.get('location')).toMatch(/\?oauth=error$/);
    expect((await t.request('/api/email-server-config', { token: admin.token })).status).toBe(404);
  });

  it('limits manual fetches and connection tests per team, not across teams', async () => {
    const busy = (await teamWith(t, sink, [])).admin;
    const calm = (await teamWith(t, sink, [])).admin;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await t.request('/api/emails/fetch', { method: 'POST', token: busy.token })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const refused = await t.request<{ message: string }>('/api/emails/fetch', { method: 'POST', token: busy.token });
    expect(refused.body.message).toBe('Too many attempts. Please wait a minute and try again.');
    expect((await t.request('/api/emails/fetch', { method: 'POST', token: calm.token })).status).toBe(200);
    const invalid = { imapHost: '' };
    const tests: number[] = [];
    for (let i = 0; i < 11; i++) {
      tests.push(
        (await t.request('/api/email-server-config/test', { method: 'POST', token: busy.token, body: invalid })).status,
      );
    }
    expect(tests.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(tests[10]).toBe(429);
  });
});
