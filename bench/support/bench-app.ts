import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { createApp } from '../../apps/api/src/create-app';
import type { AppConfig } from '../../apps/api/src/platform/config/app-config';
import { startEmbeddedPostgres } from '../../apps/api/src/platform/database/embedded-postgres';
import { userDecider, userStreamId } from '../../apps/api/src/modules/identity/domain/user.decider';
import { USERS_PROJECTION } from '../../apps/api/src/modules/identity/projections/users/users.projection';
import { EventSourcedRepository } from '../../apps/api/src/platform/event-sourcing';
import { RequestContext } from '../../apps/api/src/platform/request-context';

/** The real application of a benchmark on its own scratch database, and a signed-up user with a team. */
export interface BenchApp {
  app: INestApplication;
  baseUrl: string;
  /** A connection to the scratch database, for counts and plans. */
  db: Client;
  /** The scratch database's URL (for more connections). */
  databaseUrl: string;
  /** The bench user's access token (the user has a team). */
  token: string;
  /** JSON over HTTP; a string body goes as text/plain. Throws on a non-2xx answer. */
  call<T>(path: string, method?: string, body?: unknown, token?: string): Promise<T>;
  close(): Promise<void>;
}

/**
 * Starts embedded PostgreSQL 18 (or uses the server of DATABASE_URL), creates a scratch database (dropped on
 * close), starts the application on a free port without web assets, registers a user (its address confirmed) and
 * creates a team.
 */
export async function startBenchApp(
  name: string,
  perIpLimit = 10_000,
  overrides: Partial<AppConfig> = {},
): Promise<BenchApp> {
  const work = await mkdtemp(join(tmpdir(), `teaminbox-bench-${name}-`));
  let stopServer: (() => Promise<void>) | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    // BENCH_PG_STATEMENTS=1: the server keeps statement statistics (pg_stat_statements), for a bench to print.
    const settings: Record<string, string> = process.env.BENCH_PG_STATEMENTS
      ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' }
      : {};
    const server = await startEmbeddedPostgres({ dataDir: join(work, 'pg'), database: 'postgres', settings });
    stopServer = server.stop;
    adminUrl = server.adminUrl;
  }
  const dbName = `bench_${name.replace(/\W/g, '_')}_${Date.now()}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const config: AppConfig = {
    port: 0,
    dataDir: join(work, 'data'),
    jwtSecret: randomBytes(32).toString('hex'),
    secretsKey: randomBytes(32).toString('hex'),
    mailFrom: 'Team Inbox <no-reply@localhost>',
    publicUrl: 'http://localhost',
    allowPrivateMailHosts: true,
    logLevel: 'error',
    webRoot: work,
    rateLimit: { perAddress: 1000, perIp: perIpLimit, windowMs: 60_000 },
    ...overrides,
  };
  const app = await createApp({ config, databaseUrl: dbUrl.toString(), serveWeb: false });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const db = new Client({ connectionString: dbUrl.toString() });
  await db.connect();

  const call = async <T>(path: string, method = 'GET', body?: unknown, token?: string): Promise<T> => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const close = async () => {
    await db.end();
    await app.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await stopServer?.();
    await rm(work, { recursive: true, force: true });
  };

  try {
    const account = { email: 'bench@example.com', password: 'correct horse battery' };
    await call('/api/register', 'POST', account);
    const signIn = async () => (await call<{ message: string }>('/api/auth/signin', 'POST', account)).message;
    // The address counts as confirmed (inviting requires it), as a used login link would record it.
    const me = await call<{ id: string }>('/api/loggedInUser', 'GET', undefined, await signIn());
    await RequestContext.actAs({ kind: 'user', id: me.id }, () =>
      app
        .get(EventSourcedRepository)
        .decide(userStreamId(me.id), userDecider, { type: 'ProveEmail', data: {} }, { waitFor: [USERS_PROJECTION] }),
    );
    const token = await signIn();
    await call('/api/team', 'PUT', 'Bench team', token);
    return { app, baseUrl, db, databaseUrl: dbUrl.toString(), token, call, close };
  } catch (error) {
    await close();
    throw error;
  }
}
