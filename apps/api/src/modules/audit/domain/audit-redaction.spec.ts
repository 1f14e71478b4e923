import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DROPPED_FIELDS, REDACTED, isSecretField, redactPayload } from './audit-redaction';

/** Every .ts file of the contracts library, where every event payload is declared. */
function contractFiles(dir = join(__dirname, '../../../../../../libs/contracts/src')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return contractFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** A field name that may hold a secret: wider than SECRET_FIELD on purpose, so a new one is reviewed by a person. */
const LOOKS_LIKE_SECRET = /pass|secret|seal|token|hash|credential|key|oauth|auth|cookie|session|signature|otp/i;

/**
 * Every field name of the contracts that looks like a secret, and whether the audit trail redacts it. A new field
 * named like a secret fails the test below until it is added here (and to SECRET_FIELD or NOT_SECRET_FIELDS).
 */
const REVIEWED: Record<string, 'redacted' | 'kept'> = {
  accessTokenExpiresAt: 'kept',
  accessTokenSealed: 'redacted',
  auth: 'redacted',
  authType: 'kept',
  authorEmail: 'kept',
  authorId: 'kept',
  authorName: 'kept',
  currentPassword: 'redacted',
  // A message (an address not proven yet), never a one-time password.
  emailNotProven: 'kept',
  htmlSignature: 'kept',
  idempotencyKey: 'kept',
  imapPassword: 'redacted',
  imapPasswordSealed: 'redacted',
  imapPasswordSet: 'kept',
  // The ids of data subjects' keys (an erasure's, an event's metadata), never a key.
  keyIds: 'kept',
  keys: 'redacted',
  newPassword: 'redacted',
  oauth: 'redacted',
  oauthConnected: 'kept',
  oauthProvider: 'kept',
  password: 'redacted',
  passwordCleared: 'kept',
  passwordHash: 'redacted',
  personalDataKeys: 'kept',
  publicKey: 'kept',
  refreshTokenSealed: 'redacted',
  smtpPassword: 'redacted',
  smtpPasswordSealed: 'redacted',
  smtpPasswordSet: 'kept',
  token: 'redacted',
  tokenHash: 'redacted',
};

describe('the audit trail redaction', () => {
  it('has reviewed every field of the contracts named like a secret', () => {
    const fields = new Set<string>();
    for (const file of contractFiles()) {
      for (const match of readFileSync(file, 'utf8').matchAll(/^\s+(?:readonly )?([a-z_]\w*)\??:/gm)) {
        if (LOOKS_LIKE_SECRET.test(match[1])) fields.add(match[1]);
      }
    }
    expect(fields.size).toBeGreaterThan(10);
    const unreviewed = [...fields].filter((field) => !(field in REVIEWED)).sort();
    expect(unreviewed).toEqual([]);
    for (const [field, verdict] of Object.entries(REVIEWED))
      expect([field, isSecretField(field)]).toEqual([field, verdict === 'redacted']);
  });

  it('redacts the sealed passwords and OAuth tokens of a mailbox, keeping what is not secret', () => {
    const settings = {
      configId: 'c1',
      imapHost: 'imap.example.test',
      authType: 'OAUTH2',
      oauthProvider: 'GOOGLE',
      imapPasswordSealed: 'v1:sealed-imap',
      smtpPasswordSealed: null,
      oauth: { refreshTokenSealed: 'v1:r', accessTokenSealed: 'v1:a', accessTokenExpiresAt: '2026-01-01T00:00:00Z' },
    };
    const data = { teamId: 't1', settings };
    const redacted = redactPayload('MailboxConfigured', data);
    expect(redacted).toEqual({
      teamId: 't1',
      settings: {
        configId: 'c1',
        imapHost: 'imap.example.test',
        authType: 'OAUTH2',
        oauthProvider: 'GOOGLE',
        imapPasswordSealed: REDACTED,
        smtpPasswordSealed: null,
        oauth: REDACTED,
      },
    });
    expect(JSON.stringify(redacted)).not.toMatch(/sealed-imap|v1:/);
    expect(data.settings.imapPasswordSealed).toBe('v1:sealed-imap');
  });

  it('redacts password hashes, token hashes and invitation tokens at any depth, in arrays too', () => {
    expect(
      redactPayload('InvitationSent', { teamId: 't', email: 'a@example.test', tokenHash: 'abc', expiresAt: 'x' }),
    ).toEqual({
      teamId: 't',
      email: 'a@example.test',
      tokenHash: REDACTED,
      expiresAt: 'x',
    });
    expect(redactPayload('UserRegistered', { userId: 'u', passwordHash: '$argon2id$v=19$x' })).toEqual({
      userId: 'u',
      passwordHash: REDACTED,
    });
    expect(
      redactPayload('X', { list: [{ token: 't1', name: 'n' }, { apiKey: 'k' }], nested: { deeper: { secret: 's' } } }),
    ).toEqual({
      list: [{ token: REDACTED, name: 'n' }, { apiKey: REDACTED }],
      nested: { deeper: { secret: REDACTED } },
    });
  });

  it('leaves out the content of a received email, keeping its facts', () => {
    const received = {
      emailId: 'e',
      teamId: 't',
      subject: 'Invoice',
      fromEmail: 'a@example.test',
      text: 'body',
      html: '<p>body</p>',
      headers: [{ name: 'X', value: 'y' }],
    };
    expect(DROPPED_FIELDS.EmailReceived).toEqual(['text', 'html', 'headers']);
    expect(redactPayload('EmailReceived', received)).toEqual({
      emailId: 'e',
      teamId: 't',
      subject: 'Invoice',
      fromEmail: 'a@example.test',
    });
    // Other types keep fields of the same names.
    expect(redactPayload('CommentAdded', { text: 'kept' })).toEqual({ text: 'kept' });
  });

  it('reads a payload that is not an object as empty', () => {
    expect(redactPayload('X', null)).toEqual({});
    expect(redactPayload('X', 'text')).toEqual({});
    expect(redactPayload('X', [1])).toEqual({});
  });
});
