import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * What the next token answers do: normal, a short-lived access token, one failure, a short-lived access token
 * whose refresh answers carry no new refresh token (as Google's do), or tokens issued for another client's app
 * (`aud`) or by another issuer (`iss`).
 */
export type OAuthMockMode =
  'normal' | 'short-lived' | 'fail-once' | 'short-lived-google' | 'foreign-audience' | 'foreign-issuer';

/**
 * oauth2-mock-server on 127.0.0.1 in a child process (it is ESM-only); its tokens carry `email` and a unique `jti`.
 * Refresh tokens rotate as Microsoft's do: a refresh answer with a new refresh token uses the presented one up,
 * and a used one is refused with invalid_grant.
 */
export interface TestOAuthMock {
  /** Base URL, e.g. http://127.0.0.1:40123 (endpoints /authorize, /token, /userinfo). */
  url: string;
  email: string;
  setMode(mode: OAuthMockMode): Promise<void>;
  stop(): Promise<void>;
}

const CHILD = `
import { OAuth2Server } from 'oauth2-mock-server';
import { createInterface } from 'node:readline';
import { randomUUID } from 'node:crypto';
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
let mode = 'normal';
const issued = new Set();
server.service.on('beforeTokenSigning', (token) => { token.payload.email = process.env.MOCK_EMAIL;
  token.payload.jti = randomUUID();
  if (mode === 'foreign-audience') token.payload.aud = 'another-app';
  if (mode === 'foreign-issuer') token.payload.iss = 'https://idp.attacker.example';
});
const usedRefreshTokens = new Set();
server.service.on('beforeResponse', (response, req) => {
  const body = req.body || {};
  const refreshing = body.grant_type === 'refresh_token';
  if (refreshing && usedRefreshTokens.has(body.refresh_token)) {
    response.statusCode = 400;
    response.body = { error: 'invalid_grant', error_description: 'The refresh token was already used' };
    return;
  }
  if (mode === 'fail-once') {
    mode = 'normal';
    response.statusCode = 400;
    response.body = { error: 'invalid_grant' };
  } else if (mode === 'short-lived' || mode === 'short-lived-google') {
    response.body.expires_in = 30;
    if (mode === 'short-lived-google' && refreshing) delete response.body.refresh_token;
  }
  if (response.body.access_token) issued.add(response.body.access_token);
  if (refreshing && response.body.refresh_token) usedRefreshTokens.add(body.refresh_token);
});
// Token validation for a mail server (GET with 'Authorization: Bearer', as Dovecot's introspection_mode = auth
// sends it): active only for access tokens this server issued, with the mailbox address as username.
server.service.on('beforeUserinfo', (response, req) => {
  const token = String(req.headers.authorization || '').replace(/^Bearer\\s+/i, '');
  response.body = issued.has(token) ? { username: process.env.MOCK_EMAIL, active: true } : { active: false };
  response.statusCode = issued.has(token) ? 200 : 401;
});
createInterface({ input: process.stdin }).on('line', (line) => {
  mode = line.trim();
  process.stdout.write('ok\\n');
});
await server.start(0, '127.0.0.1');
process.stdout.write(JSON.stringify({ url: server.issuer.url }) + '\\n');
`;

export async function startOAuthMock(email = 'owner@mail.example.com'): Promise<TestOAuthMock> {
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
    cwd: resolve(__dirname, '..', '..', '..', '..'),
    env: { ...process.env, MOCK_EMAIL: email },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const pending: ((line: string) => void)[] = [];
  const buffered: string[] = [];
  lines.on('line', (line) => {
    const waiter = pending.shift();
    if (waiter) waiter(line);
    else buffered.push(line);
  });
  const nextLine = () =>
    new Promise<string>((resolveLine, reject) => {
      const early = buffered.shift();
      if (early !== undefined) return resolveLine(early);
      const timer = setTimeout(() => reject(new Error('oauth2-mock-server did not answer')), 15_000);
      pending.push((line) => {
        clearTimeout(timer);
        resolveLine(line);
      });
    });
  const { url } = JSON.parse(await nextLine()) as { url: string };
  return {
    url: url.replace(/\/+$/, ''),
    email,
    async setMode(mode) {
      child.stdin!.write(`${mode}\n`);
      await nextLine();
    },
    async stop() {
      if (child.exitCode !== null) return;
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    },
  };
}
