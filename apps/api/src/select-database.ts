import { existsSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { LoggerService } from '@nestjs/common';
import type { AppConfig } from './platform/config/app-config';
import { embeddedDatabaseUrl, startEmbeddedPostgres } from './platform/database/embedded-postgres';

export interface SelectedDatabase {
  url: string;
  embedded: boolean;
  /** Stops the embedded server (no-op for an external database). */
  stop(): Promise<void>;
}

export class EmbeddedPostgresRunningError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded PostgreSQL in ${dataDir} is already running (pid ${pid}), probably under a started app. ` +
        'Stop the app first, or set DATABASE_URL to use that server.',
    );
    this.name = 'EmbeddedPostgresRunningError';
  }
}

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
/** The pid of the process that started the embedded server, kept in DATA_DIR while that process runs it. */
const OWNER_FILE = 'postgres-owner.pid';
const ORPHAN_STOP_TIMEOUT_MS = 30_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Whether pid is a postgres server working in clusterDir (Linux: its executable name and working directory). */
function isPostmasterOf(pid: number, clusterDir: string): boolean {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return basename(command) === 'postgres' && readlinkSync(`/proc/${pid}/cwd`) === realpathSync(clusterDir);
  } catch {
    return false;
  }
}

/**
 * The owner's pid when the postmaster was left behind by an app that ended without stopping it (killed, out of
 * memory); null for anything else: a running app, an owner we cannot tell or a process we cannot identify is
 * never touched.
 */
function orphanOwner(pid: number, dataDir: string, clusterDir: string): number | null {
  const owner = readPid(join(dataDir, OWNER_FILE));
  if (owner === null || owner === process.pid || isAlive(owner)) return null;
  return isPostmasterOf(pid, clusterDir) ? owner : null;
}

/**
 * Fast shutdown of a postmaster (SIGINT: sessions ended, checkpoint written), waiting until it has removed its
 * pid file (a process nobody reaps stays a zombie, so being alive is not the test).
 */
async function stopPostmaster(pid: number, clusterDir: string): Promise<void> {
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + ORPHAN_STOP_TIMEOUT_MS;
  while (runningPostmaster(clusterDir) === pid) {
    if (Date.now() > deadline) throw new Error(`The embedded PostgreSQL (pid ${pid}) did not stop within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The pid of a live postmaster that holds the cluster in dataDir, if any. */
function runningPostmaster(clusterDir: string): number | null {
  const pid = readPid(join(clusterDir, 'postmaster.pid'));
  return pid !== null && isAlive(pid) ? pid : null;
}

/**
 * The URL of the embedded PostgreSQL in DATA_DIR when a process (the app) runs it, else null. For commands that work
 * beside the running app (`npm run verify`); the port is the one the server wrote in its postmaster.pid.
 */
export function runningEmbeddedDatabaseUrl(dataDir: string): string | null {
  const clusterDir = join(dataDir, 'postgres');
  if (runningPostmaster(clusterDir) === null) return null;
  const port = Number.parseInt(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3] ?? '', 10);
  return Number.isInteger(port) && port > 0 ? embeddedDatabaseUrl(dataDir, port) : null;
}

/**
 * DATABASE_URL when set; otherwise starts the embedded PostgreSQL with its data in DATA_DIR/postgres.
 * The embedded package installs its own signal handlers that exit the process; they are removed so
 * that the caller decides the shutdown order (close the app, then stop the database, then exit).
 */
export async function selectDatabase(config: AppConfig, logger: LoggerService): Promise<SelectedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => undefined };

  const clusterDir = join(config.dataDir, 'postgres');
  const pid = runningPostmaster(clusterDir);
  if (pid !== null) {
    const owner = orphanOwner(pid, config.dataDir, clusterDir);
    if (owner === null) throw new EmbeddedPostgresRunningError(clusterDir, pid);
    logger.warn(
      `The embedded PostgreSQL (pid ${pid}) of an app that ended without stopping it (pid ${owner}) still runs: stopping it`,
      'Database',
    );
    await stopPostmaster(pid, clusterDir);
  }

  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const server = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    logger: {
      log: (message) => logger.debug?.(message, 'EmbeddedPostgres'),
      error: (message) => logger.warn(message, 'EmbeddedPostgres'),
    },
  });
  for (const signal of SHUTDOWN_SIGNALS) {
    const previous = before.get(signal) ?? [];
    for (const listener of process.listeners(signal)) {
      if (!previous.includes(listener)) process.removeListener(signal, listener);
    }
  }
  logger.log(
    `Embedded PostgreSQL ${server.initialised ? 'initialised and ' : ''}started on 127.0.0.1:${server.port} in ${server.startMs} ms (data in ${clusterDir})`,
    'Database',
  );
  const ownerFile = join(config.dataDir, OWNER_FILE);
  writeFileSync(ownerFile, `${process.pid}\n`);
  return {
    url: server.url,
    embedded: true,
    stop: async () => {
      await server.stop();
      rmSync(ownerFile, { force: true });
    },
  };
}
