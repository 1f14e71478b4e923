import { createHash } from 'node:crypto';
import {
  authorizationUrl,
  emailFromIdToken,
  hashState,
  pkceChallenge,
  providerFromPath,
  randomToken,
} from './oauth-providers';

const idToken = (claims: Record<string, unknown>) =>
  ['header', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'signature'].join('.');

describe('OAuth2 provider helpers', () => {
  it('derives the S256 challenge: base64url of the SHA-256 of the verifier, without padding', () => {
    const verifier = randomToken();
    expect(pkceChallenge(verifier)).toBe(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
    expect(pkceChallenge(verifier)).toMatch(/^[\w-]{43}$/);
  });

  it('makes 32-byte random tokens and stores states only hashed', () => {
    const a = randomToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(randomToken()).not.toBe(a);
    expect(hashState(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashState(a)).not.toContain(a);
  });

  it('builds the Google URL with offline access and consent prompt, the Microsoft one without', () => {
    const app = { clientId: 'cid', clientSecret: 's', authUrl: 'https://idp.example/auth?tenant=x', tokenUrl: 'x' };
    const params = { redirectUri: 'https://inbox.example/cb', state: 'st', verifier: 'v'.repeat(43) };
    const google = new URL(authorizationUrl('GOOGLE', app, params)).searchParams;
    expect(Object.fromEntries(google)).toEqual({
      tenant: 'x',
      response_type: 'code',
      client_id: 'cid',
      redirect_uri: 'https://inbox.example/cb',
      scope: 'https://mail.google.com/ openid email',
      state: 'st',
      code_challenge: pkceChallenge('v'.repeat(43)),
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    });
    const microsoft = new URL(authorizationUrl('MICROSOFT', app, params)).searchParams;
    expect(microsoft.get('scope')).toBe(
      'offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send openid email',
    );
    expect(microsoft.has('prompt')).toBe(false);
  });

  it('reads the mailbox address from the id_token', () => {
    expect(emailFromIdToken(idToken({ email: 'Owner@Example.com' }))).toBe('owner@example.com');
    expect(emailFromIdToken(idToken({ preferred_username: 'ms@contoso.example' }))).toBe('ms@contoso.example');
    expect(emailFromIdToken(idToken({ sub: 'x' }))).toBeNull();
    expect(emailFromIdToken('not-a-jwt')).toBeNull();
    expect(emailFromIdToken(null)).toBeNull();
  });

  it('knows the providers by path segment', () => {
    expect(providerFromPath('google')).toBe('GOOGLE');
    expect(providerFromPath('microsoft')).toBe('MICROSOFT');
    expect(providerFromPath('yahoo')).toBeNull();
  });
});
