import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../platform/config/load-config';
import { EVENT_STORE, type EventStore } from '../platform/event-store/event-store.port';
import { ProjectionRunner } from '../platform/projections/projection-runner';
import {
  formatVerificationReport,
  LiveProjectionsBehindError,
  verifyReadModels,
} from '../platform/projections/read-model-verifier';
import { runningEmbeddedDatabaseUrl } from '../select-database';
import { cliLogger, runCli, withAppContext } from './cli-app';
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
  const logger = cliLogger(config);
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const attached = config.databaseUrl ? null : runningEmbeddedDatabaseUrl(config.dataDir);
  if (attached) print(`Using the embedded PostgreSQL the app runs in ${config.dataDir}`);
  const database = attached ? async () => ({ url: attached, embedded: true, stop: async () => undefined }) : undefined;
  return withAppContext({ config, logger, database }, async (context) => {
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
  });
}

runCli(main, {
  failed: 'Verification failed',
  expected: [LiveProjectionsBehindError],
  expectedPrefix: 'Verification failed: ',
});
