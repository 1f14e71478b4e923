import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { ConfigError, loadConfig } from '../platform/config/load-config';
import { createAppLogger } from '../platform/logging/app-logger';
import { ProjectionRunner, replayParkedEvents } from '../platform/projections/projection-runner';
import { EmbeddedPostgresRunningError, selectDatabase, type SelectedDatabase } from '../select-database';

const USAGE = 'Usage: node apps/api/dist/cli/replay-parked.js <projection>   (npm run replay-parked -- <projection>)';

/**
 * Applies a projection's (or reaction's) parked events again after a fix, in log order, with the same database as
 * the app (DATABASE_URL, or the embedded PostgreSQL in DATA_DIR, which must not be running already). Exit code 0 when
 * none is left parked, 3 when some failed again (they stay parked with the new error).
 */
async function main(): Promise<number> {
  const name = process.argv[2];
  if (!name || name.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const logger = createAppLogger(config.logLevel === 'log' ? 'warn' : config.logLevel);
  let database: SelectedDatabase | undefined;
  try {
    database = await selectDatabase(config, logger);
    const context = await NestFactory.createApplicationContext(
      AppModule.forRoot({ config, databaseUrl: database.url, autoStartProjections: false }),
      { logger, abortOnError: false },
    );
    try {
      const runner = context.get(ProjectionRunner);
      if (!runner.subscriberNames().includes(name)) {
        process.stderr.write(`Unknown projection '${name}'. Known: ${runner.subscriberNames().join(', ')}\n`);
        return 2;
      }
      const result = await replayParkedEvents(runner, name, (line) => process.stdout.write(`${line}\n`));
      return result.stillParked === 0 ? 0 : 3;
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
    if (error instanceof ConfigError || error instanceof EmbeddedPostgresRunningError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `Replay failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exit(1);
  },
);
