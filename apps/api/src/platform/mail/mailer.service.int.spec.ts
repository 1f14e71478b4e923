import { rmSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { testConfig } from '../../../test/app/test-app';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { renderLinkMail } from './mail-content';
import { MailerService, smtpOptionsFromUrl } from './mailer.service';

describe('MailerService', () => {
  let sink: SmtpSink;
  let mailer: MailerService;
  const configs: AppConfig[] = [];
  const config = (overrides: Partial<AppConfig>) => {
    configs.push(testConfig(overrides));
    return configs[configs.length - 1];
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = new MailerService(config({ smtpUrl: sink.url, mailFrom: 'Team Inbox <robot@example.com>' }));
  });
  afterAll(async () => {
    mailer?.onModuleDestroy();
    await sink?.close();
    for (const { dataDir } of configs) rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    sink.refuse(false);
    sink.slowFor(null);
  });

  it('sends a login link at once while a burst of notification emails waits on a slow server (a lane each)', async () => {
    sink.slowFor(/^burst-/, 1500);
    const burst = Array.from({ length: 16 }, (_, n) =>
      mailer.send(
        { to: `burst-${n}@example.com`, subject: 'Notification', text: 'n', html: '<p>n</p>' },
        'notification',
      ),
    );
    // The notification lane's connections are all busy with the burst now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await mailer.send({ to: 'waiting@example.com', subject: 'Your login link', text: 'l', html: '<p>l</p>' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(sink.messages.filter((mail) => mail.to[0].startsWith('burst-')).length).toBeLessThan(16);
    await Promise.all(burst);
  }, 30_000);

  it('sends plain text and HTML from MAIL_FROM through SMTP_URL, with values escaped', async () => {
    const content = renderLinkMail({
      subject: 'Join <b>"Ops"</b>\r\nBcc: victim@example.com',
      intro: ['Team <script>alert(1)</script> & co'],
      link: 'https://inbox.example.com/invitation/abc?x="y"&z=<1>',
      linkLabel: 'Accept',
      outro: ['Bye'],
    });
    await mailer.send({ to: 'reader@example.com', ...content });
    const mail = await sink.waitFor('reader@example.com');
    expect(mail.from).toBe('robot@example.com');
    expect(mail.to).toEqual(['reader@example.com']);
    expect(mail.subject).toBe('Join <b>"Ops"</b> Bcc: victim@example.com');
    expect(mail.raw).not.toMatch(/^Bcc:/m);
    expect(mail.text).toContain('Team <script>alert(1)</script> & co');
    expect(mail.text).toContain('https://inbox.example.com/invitation/abc?x="y"&z=<1>');
    expect(mail.html).toContain('Team &lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    expect(mail.html).toContain('href="https://inbox.example.com/invitation/abc?x=&quot;y&quot;&amp;z=&lt;1&gt;"');
    expect(mail.html).not.toContain('<script>');
  });

  it('refuses an invalid recipient (no header injection through the address)', async () => {
    await expect(
      mailer.send({ to: 'a@example.com\r\nBcc: b@example.com', subject: 's', text: 't', html: 'h' }),
    ).rejects.toThrow('invalid address');
  });

  it('rejects when the server refuses; trySend logs the error without secrets and answers false', async () => {
    sink.refuse(true);
    const errors: string[] = [];
    jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => {
      errors.push(String(message));
    });
    const mail = { to: 'reader@example.com', subject: 's', text: 'secret link', html: '<p>secret link</p>' };
    await expect(mailer.send(mail)).rejects.toThrow(/554/);
    expect(await mailer.trySend(mail, 'test mail')).toBe(false);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Sending the test mail failed: .*554/);
    expect(errors[0]).not.toContain('s3cret');
    expect(errors[0]).not.toContain('secret link');
  });

  it('without SMTP_URL logs the message, its link in full only in development, and warns at start', async () => {
    const logged: string[] = [];
    const warned: string[] = [];
    jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => {
      logged.push(String(message));
    });
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      warned.push(String(message));
    });
    const token = 'AbCdEf0123456789_-abcdefghijklmnopqrstuvwxy';
    expect(token).toHaveLength(43);
    const mail = { to: 'dev@example.com', subject: 'Link', text: `http://localhost/loginLink/${token}`, html: '' };
    const devMailer = new MailerService({ ...config({}), development: true });
    await devMailer.send(mail);
    expect(logged.join('\n')).toContain(`http://localhost/loginLink/${token}`);
    expect(warned.join('\n')).toMatch(/SMTP_URL is not set: .* in full \(development\)/);

    logged.length = 0;
    warned.length = 0;
    const prodMailer = new MailerService(config({}));
    await prodMailer.send(mail);
    await prodMailer.send({ ...mail, text: `Join us: http://localhost/invitation/${token}` });
    expect(logged.join('\n')).toContain('http://localhost/loginLink/AbCdEf…');
    expect(logged.join('\n')).toContain('http://localhost/invitation/AbCdEf…');
    expect(logged.join('\n')).not.toContain(token);
    expect(logged.join('\n')).not.toContain('dev@example.com');
    expect(logged.join('\n')).toContain('mail to <address> not sent');
    expect(warned.join('\n')).toMatch(/SMTP_URL is not set: login links and invitations cannot be delivered/);
  });

  it('reads smtp:// and smtps:// URLs with encoded credentials, pooled', () => {
    expect(smtpOptionsFromUrl('smtps://us%40er:p%3Ass@mail.example.com')).toMatchObject({
      pool: true,
      host: 'mail.example.com',
      port: 465,
      secure: true,
      auth: { user: 'us@er', pass: 'p:ss' },
    });
    expect(smtpOptionsFromUrl('smtp://relay.local:2525')).toMatchObject({
      host: 'relay.local',
      port: 2525,
      secure: false,
      auth: undefined,
    });
  });
});
