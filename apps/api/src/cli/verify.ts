import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module';
import { ConfigError, loadConfig } from '../platform/config/load-config';
import { EVENT_STORE, type EventStore } from '../platform/event-store/event-store.port';
import { createAppLogger } from '../platform/logging/app-logger';
import { ProjectionRunner } from '../platform/projections/projection-runner';
import {
  formatVerificationReport,
  LiveProjectionsBehindError,
  verifyReadModels,
} from '../platform/projections/read-model-verifier';
import {
  EmbeddedPostgresRunningError,
  runningEmbeddedDatabaseUrl,
  selectDatabase,
  type SelectedDatabase,
} from '../select-database';
import { COMPARED_ROWS, NOT_READ_MODELS, TIME_OF_PROJECTION_COLUMNS } from './verify-tables';

const USAGE = `Usage: node apps/api/dist/cli/verify.js   (npm run verify)

Rebuilds every projection from the event log into a scratch schema and compares it with the live read models.
Exit code 0 when they are equal, 1 when not (with the differences), 2 for bad usage.

Environment:
  DATABASE_URL          the app's PostgreSQL; without it the embedded one in DATA_DIR: used while the app runs it,
                        started (and stopped again) when it does not run
  DATA_DIR              the app's data directory (default ./data)
  EVENTSTORE_URL        the EventStoreDB/KurrentDB holding the log, when the app uses one
  VERIFY_WAIT_SECONDS   how long the live projections may take to reach the log's head (default 120)
  VERIFY_DIFF_ROWS      differing rows shown per table (default 5)
  LOG_LEVEL             the app's log level (warnings and errors by default)`;

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError([`${name}: must be a positive whole number`]);
  return value;
}

/**
 * `npm run verify`: proves the read models (see read-model-verifier.ts and docs/audit.md). Works beside the running
 * app (DATABASE_URL, or the embedded PostgreSQL the app runs in DATA_DIR); it writes nothing the app reads.
 */
async function main(): Promise<number> {
  if (process.argv.length > 2) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const waitMs = positiveInteger('VERIFY_WAIT_SECONDS', 120) * 1000;
  const diffRows = positiveInteger('VERIFY_DIFF_ROWS', 5);
  // The app's IMAP workers must not run twice: this process only reads the log and the read models.
  const config = { ...loadConfig(), mailboxWorkers: false };
  const logger = createAppLogger(config.logLevel === 'log' ? 'warn' : config.logLevel);
  const print = (line: string) => process.stdout.write(`${line}\n`);
  let database: SelectedDatabase | undefined;
  try {
    const attached = config.databaseUrl ? null : runningEmbeddedDatabaseUrl(config.dataDir);
    if (attached) print(`Using the embedded PostgreSQL the app runs in ${config.dataDir}`);
    database = attached
      ? { url: attached, embedded: true, stop: async () => undefined }
      : await selectDatabase(config, logger);
    const context = await NestFactory.createApplicationContext(
      AppModule.forRoot({ config, databaseUrl: database.url, autoStartProjections: false }),
      { logger, abortOnError: false },
    );
    try {
      const report = await verifyReadModels({
        dataSource: context.get(DataSource),
        eventStore: context.get<EventStore>(EVENT_STORE),
        projections: context.get(ProjectionRunner).registeredProjections(),
        excludedTables: NOT_READ_MODELS,
        ignoredColumns: TIME_OF_PROJECTION_COLUMNS,
        comparedRows: COMPARED_ROWS,
        waitMs,
        diffRows,
        print,
      });
      print(formatVerificationReport(report));
      return report.equal ? 0 : 1;
    } finally {
      await context.close();
    }
  } finally {
    await database?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof ConfigError ||
      error instanceof EmbeddedPostgresRunningError ||
      error instanceof LiveProjectionsBehindError
    ) {
      process.stderr.write(`Verification failed: ${error.message}\n`);
    } else {
      process.stderr.write(
        `Verification failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exit(1);
  },
);
