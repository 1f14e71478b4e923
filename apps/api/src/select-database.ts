import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoggerService } from '@nestjs/common';
import type { AppConfig } from './platform/config/app-config';
import { startEmbeddedPostgres } from './platform/database/embedded-postgres';

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

/** The pid of a live postmaster that holds the cluster in dataDir, if any. */
function runningPostmaster(clusterDir: string): number | null {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
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
  if (pid !== null) throw new EmbeddedPostgresRunningError(clusterDir, pid);

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
  return { url: server.url, embedded: true, stop: () => server.stop() };
}
