import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { ConfigError, loadConfig } from '../platform/config/load-config';
import { createAppLogger } from '../platform/logging/app-logger';
import { ProjectionRunner, rebuildProjection } from '../platform/projections/projection-runner';
import { EmbeddedPostgresRunningError, selectDatabase, type SelectedDatabase } from '../select-database';

/** Larger batches than live processing: fewer round trips and commits while catching up from zero. */
const REBUILD_BATCH_SIZE = 5000;
const USAGE = 'Usage: node apps/api/dist/cli/rebuild.js <projection>   (npm run rebuild -- <projection>)';

/**
 * Rebuilds one projection from zero with reactions suppressed, using the same database as the app
 * (DATABASE_URL, or the embedded PostgreSQL in DATA_DIR, which must not be running already).
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
      AppModule.forRoot({
        config,
        databaseUrl: database.url,
        autoStartProjections: false,
        projectionBatchSize: REBUILD_BATCH_SIZE,
      }),
      { logger, abortOnError: false },
    );
    try {
      const runner = context.get(ProjectionRunner);
      if (!runner.projectionNames().includes(name)) {
        process.stderr.write(`Unknown projection '${name}'. Known: ${runner.projectionNames().join(', ')}\n`);
        return 2;
      }
      await rebuildProjection(runner, name, (line) => process.stdout.write(`${line}\n`));
      return 0;
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
        `Rebuild failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exit(1);
  },
);
