import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import type { AppConfig } from '../platform/config/app-config';
import { ConfigError } from '../platform/config/load-config';
import { createAppLogger } from '../platform/logging/app-logger';
import { EmbeddedPostgresRunningError, selectDatabase, type SelectedDatabase } from '../select-database';

/** The app's logger for a command-line tool: warnings and errors, unless LOG_LEVEL asks for fewer or more than 'log'. */
export function cliLogger(config: AppConfig): LoggerService {
  return createAppLogger(config.logLevel === 'log' ? 'warn' : config.logLevel);
}

/** The projection a tool is run for, its only argument; undefined (the usage printed) when it is missing. */
export function projectionArgument(usage: string): string | undefined {
  const name = process.argv[2];
  if (name && !name.startsWith('-')) return name;
  process.stderr.write(`${usage}\n`);
  return undefined;
}

export interface CliAppOptions {
  config: AppConfig;
  logger: LoggerService;
  /** The database to work on: by default the app's (DATABASE_URL, or the embedded PostgreSQL in DATA_DIR). */
  database?: () => Promise<SelectedDatabase>;
  projectionBatchSize?: number;
}

/**
 * Runs `work` in the app's context (no HTTP server, projections not started) on the app's database; closes the context,
 * then stops the database when it started it, however `work` ends.
 */
export async function withAppContext<T>(
  { config, logger, database: select = () => selectDatabase(config, logger), projectionBatchSize }: CliAppOptions,
  work: (context: INestApplicationContext) => Promise<T>,
): Promise<T> {
  let database: SelectedDatabase | undefined;
  try {
    database = await select();
    const context = await NestFactory.createApplicationContext(
      AppModule.forRoot({ config, databaseUrl: database.url, autoStartProjections: false, projectionBatchSize }),
      { logger, abortOnError: false },
    );
    try {
      return await work(context);
    } finally {
      await context.close();
    }
  } finally {
    await database?.stop();
  }
}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a command-line tool's `main` and exits with the code it returns. A failure exits with 1: a configuration error
 * (or one of `expected`) as its message, after `expectedPrefix`; anything else as `failed: ` and its stack.
 */
export function runCli(
  main: () => Promise<number>,
  { failed, expected = [], expectedPrefix = '' }: { failed: string; expected?: ErrorClass[]; expectedPrefix?: string },
): void {
  const plain: ErrorClass[] = [ConfigError, EmbeddedPostgresRunningError, ...expected];
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (plain.some((kind) => error instanceof kind)) {
        process.stderr.write(`${expectedPrefix}${(error as Error).message}\n`);
      } else {
        process.stderr.write(`${failed}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      }
      process.exit(1);
    },
  );
}
