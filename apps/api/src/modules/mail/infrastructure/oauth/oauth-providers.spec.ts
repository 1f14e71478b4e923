import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import {
  authorizationUrl,
  emailFromClaims,
  exchangeCode,
  hashState,
  isLocalHttpEndpoint,
  newConsentSecrets,
  OAuthTokenError,
  providerClient,
  providerFromPath,
  randomToken,
  refreshTokens,
} from './oauth-providers';

/** An unsigned-looking RS256 id_token: the token endpoint's answer is trusted over TLS, its claims are checked. */
const idToken = (claims: Record<string, unknown>) =>
  [
    Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url'),
    Buffer.from(JSON.stringify(claims)).toString('base64url'),
    'c2lnbmF0dXJl',
  ].join('.');

const now = () => Math.floor(Date.now() / 1000);

/** A token endpoint on 127.0.0.1 that answers every request with `answer` and records the requests' bodies. */
async function tokenEndpoint(answer: () => { status: number; body: unknown }) {
  const bodies: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      bodies.push(new URLSearchParams(raw));
      const { status, body } = answer();
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('OAuth2 provider helpers', () => {
  it('makes the state and PKCE verifier from 32 random bytes and stores states only hashed', () => {
    const { state, verifier } = newConsentSecrets();
    expect(Buffer.from(state, 'base64url')).toHaveLength(32);
    expect(Buffer.from(verifier, 'base64url')).toHaveLength(32);
    expect(state).not.toBe(verifier);
    const a = randomToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(randomToken()).not.toBe(a);
    expect(hashState(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashState(a)).not.toContain(a);
  });

  it('builds the Google URL with offline access and consent prompt, the Microsoft one without', async () => {
    const app = { clientId: 'cid', clientSecret: 's', authUrl: 'https://idp.example/auth?tenant=x', tokenUrl: 'x' };
    const params = { redirectUri: 'https://inbox.example/cb', state: 'st', verifier: 'v'.repeat(43) };
    const google = new URL(await authorizationUrl('GOOGLE', app, params)).searchParams;
    expect(Object.fromEntries(google)).toEqual({
      tenant: 'x',
      response_type: 'code',
      client_id: 'cid',
      redirect_uri: 'https://inbox.example/cb',
      scope: 'https://mail.google.com/ openid email',
      state: 'st',
      // S256: base64url of the SHA-256 of the verifier, without padding.
      code_challenge: createHash('sha256').update('v'.repeat(43), 'ascii').digest('base64url'),
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    });
    const microsoft = new URL(await authorizationUrl('MICROSOFT', app, params)).searchParams;
    expect(microsoft.get('scope')).toBe(
      'offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send openid email',
    );
    expect(microsoft.has('prompt')).toBe(false);
  });

  it('reads the mailbox address from the validated id_token claims', () => {
    expect(emailFromClaims({ email: 'Owner@Example.com' })).toBe('owner@example.com');
    expect(emailFromClaims({ preferred_username: 'ms@contoso.example' })).toBe('ms@contoso.example');
    expect(emailFromClaims({ sub: 'x' })).toBeNull();
    expect(emailFromClaims(null)).toBeNull();
  });

  it('knows the providers by path segment', () => {
    expect(providerFromPath('google')).toBe('GOOGLE');
    expect(providerFromPath('microsoft')).toBe('MICROSOFT');
    expect(providerFromPath('yahoo')).toBeNull();
  });

  it('allows plain HTTP only for a token endpoint on this machine, and refuses any other before sending anything', async () => {
    expect(isLocalHttpEndpoint('http://127.0.0.1:8080/token')).toBe(true);
    expect(isLocalHttpEndpoint('http://localhost/token')).toBe(true);
    expect(isLocalHttpEndpoint('http://[::1]:9000/token')).toBe(true);
    expect(isLocalHttpEndpoint('http://idp.example.test/token')).toBe(false);
    expect(isLocalHttpEndpoint('http://127.0.0.1.nip.io/token')).toBe(false);
    expect(isLocalHttpEndpoint('https://127.0.0.1/token')).toBe(false);
    const app = {
      clientId: 'cid',
      clientSecret: 's',
      authUrl: 'http://idp.example.test/auth',
      tokenUrl: 'http://idp.example.test/token',
    };
    const failure = await refreshTokens(app, 'refresh-secret').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OAuthTokenError);
    expect((failure as Error).message).toMatch(/only requests to HTTPS are allowed/);
    expect((failure as Error).message).not.toContain('refresh-secret');
  });

  describe('against a local token endpoint', () => {
    const claims = (endpoint: string, extra: Record<string, unknown> = {}) => ({
      iss: endpoint,
      aud: 'cid',
      sub: 'user-1',
      iat: now(),
      exp: now() + 600,
      email: 'owner@example.com',
      ...extra,
    });
    const codeCallback = (state: string) => new URLSearchParams({ code: 'the-code', state });

    it('exchanges the code with the verifier and client credentials, and validates the id_token', async () => {
      let body: unknown = null;
      const endpoint = await tokenEndpoint(() => ({ status: 200, body }));
      try {
        const app = {
          clientId: 'cid',
          clientSecret: 'csecret',
          authUrl: `${endpoint.url}/a`,
          tokenUrl: `${endpoint.url}/t`,
        };
        body = {
          access_token: 'at',
          refresh_token: 'rt',
          token_type: 'Bearer',
          expires_in: 1800,
          id_token: idToken(claims(endpoint.url)),
        };
        const params = { expectedState: 'st', redirectUri: 'https://inbox.example/cb', verifier: 'v'.repeat(43) };
        const tokens = await exchangeCode(app, { ...params, callback: codeCallback('st') });
        expect(tokens).toMatchObject({ accessToken: 'at', refreshToken: 'rt', expiresInSeconds: 1800 });
        expect(tokens.idTokenClaims).toMatchObject({ email: 'owner@example.com', aud: 'cid' });
        expect(Object.fromEntries(endpoint.bodies[0])).toEqual({
          grant_type: 'authorization_code',
          code: 'the-code',
          redirect_uri: 'https://inbox.example/cb',
          code_verifier: 'v'.repeat(43),
          client_id: 'cid',
          client_secret: 'csecret',
        });

        // A redirect for another state, a provider's refusal and id_tokens of another audience or issuer fail.
        await expect(exchangeCode(app, { ...params, callback: codeCallback('other') })).rejects.toThrow(
          /unexpected "state" response parameter value/,
        );
        await expect(
          exchangeCode(app, { ...params, callback: new URLSearchParams({ error: 'access_denied', state: 'st' }) }),
        ).rejects.toThrow('The provider refused the consent (access_denied).');
        body = { access_token: 'at', token_type: 'Bearer', id_token: idToken(claims(endpoint.url, { aud: 'x' })) };
        await expect(exchangeCode(app, { ...params, callback: codeCallback('st') })).rejects.toThrow(/"aud"/);
        body = { access_token: 'at', token_type: 'Bearer', id_token: idToken(claims('https://other.example')) };
        await expect(exchangeCode(app, { ...params, callback: codeCallback('st') })).rejects.toThrow(/"iss"/);
        // An answer without an id_token does not complete a consent.
        body = { access_token: 'at', refresh_token: 'rt', token_type: 'Bearer' };
        await expect(exchangeCode(app, { ...params, callback: codeCallback('st') })).rejects.toBeInstanceOf(
          OAuthTokenError,
        );
      } finally {
        await endpoint.close();
      }
    });

    it("maps the provider's error answer to its code only", async () => {
      const endpoint = await tokenEndpoint(() => ({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'refresh token rt-secret was revoked' },
      }));
      try {
        const app = { clientId: 'cid', clientSecret: '', authUrl: `${endpoint.url}/a`, tokenUrl: `${endpoint.url}/t` };
        const failure = await refreshTokens(app, 'rt-secret').catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(OAuthTokenError);
        expect((failure as Error).message).toBe('Token endpoint answered 400 (invalid_grant)');
        // A client without a secret sends only its id.
        expect(Object.fromEntries(endpoint.bodies[0])).toEqual({
          grant_type: 'refresh_token',
          refresh_token: 'rt-secret',
          client_id: 'cid',
        });
      } finally {
        await endpoint.close();
      }
    });
  });

  describe("the id_token's issuer", () => {
    const TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
    const OTHER_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
    const entraIssuer = (tid: string) => `https://login.microsoftonline.com/${tid}/v2.0`;
    const microsoft = (tenant: string) => ({
      clientId: 'ms-app',
      clientSecret: 's',
      authUrl: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
      tokenUrl: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
    });
    /** The library's validation of a token answer (as after a real request), with our provider's settings. */
    const validate = async (app: ReturnType<typeof microsoft>, claims: Record<string, unknown>) => {
      const c = providerClient(app);
      const answer = new Response(
        JSON.stringify({
          access_token: 'at',
          token_type: 'Bearer',
          id_token: idToken({ aud: app.clientId, sub: 's', iat: now(), exp: now() + 600, ...claims }),
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
      return oauth.processRefreshTokenResponse(c.as, c.client, answer);
    };

    it("is Microsoft's per-tenant issuer of the token's own tenant on the multi-tenant endpoints", async () => {
      for (const tenant of ['common', 'organizations', 'contoso.onmicrosoft.com']) {
        await expect(validate(microsoft(tenant), { iss: entraIssuer(TENANT), tid: TENANT })).resolves.toMatchObject({
          access_token: 'at',
        });
        // The issuer must name the tenant the token says it is from.
        await expect(validate(microsoft(tenant), { iss: entraIssuer(TENANT), tid: OTHER_TENANT })).rejects.toThrow(
          /"iss"/,
        );
        await expect(validate(microsoft(tenant), { iss: entraIssuer('{tenantid}') })).rejects.toThrow(/"iss"/);
        await expect(validate(microsoft(tenant), { iss: 'https://sts.windows.net/x/', tid: TENANT })).rejects.toThrow(
          /"iss"/,
        );
      }
    });

    it('is exactly the configured tenant when a tenant id is configured', async () => {
      await expect(validate(microsoft(TENANT), { iss: entraIssuer(TENANT), tid: TENANT })).resolves.toMatchObject({
        access_token: 'at',
      });
      await expect(validate(microsoft(TENANT), { iss: entraIssuer(OTHER_TENANT), tid: OTHER_TENANT })).rejects.toThrow(
        /"iss"/,
      );
    });

    it("is Google's for Google's token endpoint", async () => {
      const google = {
        clientId: 'g-app',
        clientSecret: 's',
        authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
      };
      await expect(validate(google, { iss: 'https://accounts.google.com' })).resolves.toBeTruthy();
      await expect(validate(google, { iss: 'accounts.google.com' })).resolves.toBeTruthy();
      await expect(validate(google, { iss: 'https://oauth2.googleapis.com' })).rejects.toThrow(/"iss"/);
    });
  });
});
