import type { MailboxSettings } from '@teaminbox/contracts';
import { mailboxSettings } from '../../../../../test/mail/mailbox-settings';
import type { AppConfig } from '../../../../platform/config/app-config';
import { SecretBox } from '../../../../platform/crypto';
import { MAIL_HOST_NOT_ALLOWED_MESSAGE } from '../../../../platform/net';
import type { MailboxOAuthTokens } from '../oauth/mailbox-oauth-tokens';
import { describeMailError, MailConnections } from './mail-connections';

const box = new SecretBox('k'.repeat(40));

const settings = (host: string): MailboxSettings =>
  mailboxSettings({
    configId: 'c',
    imapHost: host,
    smtpHost: host,
    imapPasswordSealed: box.seal('imap-pw'),
    smtpPasswordSealed: box.seal('smtp-pw'),
  });

describe('MailConnections and the mail host guard', () => {
  const connections = (allowPrivateMailHosts: boolean) =>
    new MailConnections({ allowPrivateMailHosts } as AppConfig, box, {} as MailboxOAuthTokens);

  it.each([
    '169.254.169.254',
    '[fd00:ec2::254]',
    '::1',
    '[::1]',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '10.0.0.1',
    '127.0.0.1',
  ])('refuses %s for IMAP and SMTP before connecting', async (host) => {
    const guarded = connections(false);
    await expect(guarded.connectImap(settings(host))).rejects.toThrow(MAIL_HOST_NOT_ALLOWED_MESSAGE);
    await expect(guarded.verifySmtp(settings(host))).rejects.toThrow(MAIL_HOST_NOT_ALLOWED_MESSAGE);
    await expect(guarded.listFolders(settings(host))).rejects.toThrow(MAIL_HOST_NOT_ALLOWED_MESSAGE);
  });

  it('connects to a private host when ALLOW_PRIVATE_MAIL_HOSTS=true (here: nothing listens on port 1)', async () => {
    const error = await connections(true)
      .connectImap({ ...settings('127.0.0.1'), imapPort: 1, imapUseSsl: false })
      .catch((e: unknown) => e);
    expect(describeMailError(error)).toBe('The mail server refused the connection.');
  });
});

describe('describeMailError', () => {
  it('answers fixed texts for failed logins and timeouts, whatever the server said', () => {
    expect(describeMailError({ authenticationFailed: true, responseText: 'LOGIN pw=imap-pw' })).toBe(
      'Authentication failed: check the username and password.',
    );
    expect(describeMailError({ code: 'EAUTH', message: 'Invalid login: 535 smtp-pw' })).toBe(
      'Authentication failed: check the username and password.',
    );
    expect(describeMailError({ code: 'GREETING_TIMEOUT' })).toBe('The mail server did not answer in time.');
  });

  it('masks every given secret in any other message', () => {
    expect(describeMailError(new Error('Unexpected answer to imap-pw and smtp-pw'), ['imap-pw', 'smtp-pw', ''])).toBe(
      'Unexpected answer to *** and ***',
    );
  });
});
