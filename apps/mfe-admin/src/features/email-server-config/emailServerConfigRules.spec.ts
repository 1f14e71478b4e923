import type { EmailServerConfig } from '@teaminbox/contracts';
import {
  fieldLocks,
  NEW_CONFIG_DRAFT,
  requestOf,
  validateDraft,
  type EmailServerConfigDraft,
} from './emailServerConfigRules';

const complete: EmailServerConfigDraft = {
  ...NEW_CONFIG_DRAFT,
  imapHost: 'imap.example.com',
  imapUsername: 'support@example.com',
  imapPassword: 'a',
  smtpHost: 'smtp.example.com',
  smtpUsername: 'support@example.com',
  smtpPassword: 'b',
  fromEmail: 'support@example.com',
};
const storedWith = (fields: Partial<EmailServerConfig>) => fields as EmailServerConfig;

describe('validateDraft', () => {
  it('accepts a complete draft', () => {
    expect(validateDraft(complete, null)).toBeNull();
  });

  it('checks IMAP, then SMTP, then the From Email', () => {
    expect(validateDraft({ ...complete, imapHost: ' ', smtpHost: '', fromEmail: '' }, null)).toBe('imapRequired');
    expect(validateDraft({ ...complete, smtpUsername: '', fromEmail: '' }, null)).toBe('smtpRequired');
    expect(validateDraft({ ...complete, fromEmail: '' }, null)).toBe('fromEmailRequired');
  });

  it('needs the passwords unless one is stored or the authentication is OAuth2', () => {
    const noPasswords = { ...complete, imapPassword: '', smtpPassword: '' };
    expect(validateDraft(noPasswords, null)).toBe('imapRequired');
    expect(validateDraft(noPasswords, storedWith({ imapPasswordSet: true }))).toBe('smtpRequired');
    expect(validateDraft(noPasswords, storedWith({ imapPasswordSet: true, smtpPasswordSet: true }))).toBeNull();
    expect(validateDraft({ ...noPasswords, authType: 'OAUTH2', oauthProvider: 'MICROSOFT' }, null)).toBeNull();
  });
});

describe('requestOf', () => {
  it('sends a password only when one was typed, and no provider without OAuth2', () => {
    const body = requestOf({ ...complete, smtpPassword: '', oauthProvider: 'GOOGLE' });
    expect(body.imapPassword).toBe('a');
    expect(body).not.toHaveProperty('smtpPassword');
    expect(body.oauthProvider).toBeNull();
  });
});

describe('fieldLocks', () => {
  it('locks the server fields for Google, the passwords for any OAuth2, a stored From Email under OAuth2', () => {
    expect(fieldLocks(complete, null)).toEqual({ server: false, passwords: false, fromEmail: false });
    const google = { ...complete, authType: 'OAUTH2' as const, oauthProvider: 'GOOGLE' as const };
    expect(fieldLocks(google, null)).toEqual({ server: true, passwords: true, fromEmail: false });
    expect(fieldLocks({ ...google, oauthProvider: 'MICROSOFT' }, storedWith({ fromEmail: 'a@b.c' }))).toEqual({
      server: false,
      passwords: true,
      fromEmail: true,
    });
  });
});
