import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { repoRoot, type RunningApp, startApp } from './app-server';

/** How the mock answers the next token request: normally, or once with `invalid_grant`. */
export type OAuthMockMode = 'normal' | 'fail-once';

/**
 * oauth2-mock-server on 127.0.0.1 (in a child process: the package is ESM-only). Its /authorize approves at
 * once and redirects back with a code; its /token checks PKCE and issues an id_token carrying `email`.
 */
export interface OAuthMock {
  /** Base URL, e.g. http://127.0.0.1:40123 (endpoints /authorize and /token). */
  url: string;
  /** The mailbox address the signed-in "account" has. */
  email: string;
  setMode(mode: OAuthMockMode): Promise<void>;
  stop(): Promise<void>;
}

const CHILD = `
import { OAuth2Server } from 'oauth2-mock-server';
import { createInterface } from 'node:readline';
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
let mode = 'normal';
server.service.on('beforeTokenSigning', (token) => {
  token.payload.email = process.env.MOCK_EMAIL;
});
server.service.on('beforeResponse', (response) => {
  if (mode !== 'fail-once') return;
  mode = 'normal';
  response.statusCode = 400;
  response.body = { error: 'invalid_grant' };
});
createInterface({ input: process.stdin }).on('line', (line) => {
  mode = line.trim();
  process.stdout.write('ok\\n');
});
await server.start(0, '127.0.0.1');
process.stdout.write(JSON.stringify({ url: server.issuer.url }) + '\\n');
`;

export async function startOAuthMock(email: string): Promise<OAuthMock> {
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
    cwd: repoRoot,
    env: { ...process.env, MOCK_EMAIL: email },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const waiter = waiters.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const early = lines.shift();
      if (early !== undefined) return resolve(early);
      const timer = setTimeout(() => reject(new Error('oauth2-mock-server did not answer within 15 s')), 15_000);
      waiters.push((line) => {
        clearTimeout(timer);
        resolve(line);
      });
    });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    const { url } = JSON.parse(await nextLine()) as { url: string };
    return {
      url: url.replace(/\/+$/, ''),
      email,
      async setMode(mode) {
        child.stdin!.write(`${mode}\n`);
        await nextLine();
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A second instance of the built product whose Google and Microsoft sign-in both go to the mock
 * (OAUTH_* endpoints); its PUBLIC_URL is its own address, so the providers redirect back to it.
 */
export function startAppWithOAuth(mock: OAuthMock): Promise<RunningApp> {
  return startApp({
    GOOGLE_CLIENT_ID: 'e2e-google-app',
    GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
    OAUTH_GOOGLE_AUTH_URL: `${mock.url}/authorize`,
    OAUTH_GOOGLE_TOKEN_URL: `${mock.url}/token`,
    MICROSOFT_CLIENT_ID: 'e2e-microsoft-app',
    MICROSOFT_CLIENT_SECRET: 'e2e-microsoft-secret',
    OAUTH_MICROSOFT_AUTH_URL: `${mock.url}/authorize`,
    OAUTH_MICROSOFT_TOKEN_URL: `${mock.url}/token`,
  });
}
