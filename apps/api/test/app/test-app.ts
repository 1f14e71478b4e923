import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/create-app';
import { userDecider, userStreamId } from '../../src/modules/identity/domain/user.decider';
import { USERS_PROJECTION } from '../../src/modules/identity/projections/users/users.projection';
import { EventSourcedRepository } from '../../src/platform/event-sourcing';
import { RequestContext } from '../../src/platform/request-context';
import type { AppConfig } from '../../src/platform/config/app-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { ShutdownTrace } from './shutdown-trace';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  method?: string;
  token?: string;
  /** Sent as JSON unless it is a string, which goes as text/plain. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  database: TestDatabase;
  baseUrl: string;
  request<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /**
   * Registers and signs in a fresh user; returns its token and email. The address counts as proven (as after a login
   * link, the password kept) unless `proven: false`: only proven accounts send invitations and get notification email.
   */
  signUp(prefix?: string, options?: { proven?: boolean }): Promise<{ token: string; email: string; password: string }>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'teaminbox-api-test-'));
  return {
    port: 0,
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    secretsKey: randomBytes(32).toString('hex'),
    mailFrom: 'Team Inbox <no-reply@localhost>',
    publicUrl: 'http://localhost',
    allowPrivateMailHosts: true,
    logLevel: 'error',
    webRoot: dataDir,
    // Suites sign many users up from one address; the rate-limit suite lowers these.
    rateLimit: { perAddress: 1000, perIp: 10_000, windowMs: 60_000 },
    // Sends go at once unless a suite (or the person's preference) gives them an undo window.
    undoSendDefaultSeconds: 0,
    ...overrides,
  };
}

/** Calls the API at baseUrl: a JSON (or text) body, an optional bearer token; the answer's JSON parsed. */
export function apiRequester(baseUrl: string) {
  return async <T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (typeof options.body === 'string') {
      body = options.body;
      headers['content-type'] ??= 'text/plain';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(baseUrl + path, { method: options.method ?? 'GET', headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T };
  };
}

/** The whole application on a fresh database, listening on a free port of 127.0.0.1. */
export async function startTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await createTestDatabase();
  let app: NestExpressApplication;
  try {
    app = await createApp({ config, databaseUrl: database.url });
    await app.listen(0, '127.0.0.1');
  } catch (error) {
    await database.drop();
    throw error;
  }
  const address = app.getHttpServer().address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const request = apiRequester(baseUrl);
  const shutdown = new ShutdownTrace(app);

  let counter = 0;
  const signIn = async (email: string, password: string) => {
    const signedIn = await request<{ success: boolean; message: string }>('/api/auth/signin', {
      method: 'POST',
      body: { email, password },
    });
    if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
    return signedIn.body.message;
  };
  const signUp = async (prefix = 'user', { proven = true }: { proven?: boolean } = {}) => {
    const email = `${prefix}.${Date.now().toString(36)}.${counter++}@example.com`;
    const password = 'correct horse battery';
    const registered = await request('/api/register', { method: 'POST', body: { email, password } });
    if (registered.status !== 200)
      throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
    let token = await signIn(email, password);
    if (proven) {
      // The proof a login link records (the link's own flow is tested in login-link.int.spec.ts); the password stays.
      const me = await request<{ id: string }>('/api/loggedInUser', { token });
      await RequestContext.actAs({ kind: 'user', id: me.body.id }, () =>
        app.get(EventSourcedRepository).decide(
          userStreamId(me.body.id),
          userDecider,
          { type: 'ProveEmail', data: {} },
          {
            waitFor: [USERS_PROJECTION],
          },
        ),
      );
      token = await signIn(email, password);
    }
    return { token, email, password };
  };

  return {
    app,
    config,
    database,
    baseUrl,
    request,
    signUp,
    close: async () => {
      try {
        await shutdown.close(() => app.close());
      } finally {
        await database.drop();
        rmSync(config.dataDir, { recursive: true, force: true });
      }
    },
  };
}
