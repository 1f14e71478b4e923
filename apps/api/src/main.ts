import { createApp } from './create-app';
import { ConfigError, describeConfig, loadConfig } from './platform/config/load-config';
import { createAppLogger } from './platform/logging/app-logger';
import { selectDatabase, type SelectedDatabase } from './select-database';

const SHUTDOWN_TIMEOUT_MS = 20_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createAppLogger(config.logLevel);
  logger.log({ message: 'Starting', config: describeConfig(config) }, 'Main');

  let database: SelectedDatabase | undefined;
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  let stopping = false;

  const stop = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    logger.log(`Shutting down (${reason})`, 'Main');
    const force = setTimeout(() => {
      logger.error('Shutdown took too long; exiting', undefined, 'Main');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    try {
      await app?.close();
    } catch (error) {
      logger.error(`Closing the app failed: ${(error as Error).message}`, (error as Error).stack, 'Main');
      code = code || 1;
    }
    try {
      await database?.stop();
    } catch (error) {
      logger.error(`Stopping the database failed: ${(error as Error).message}`, (error as Error).stack, 'Main');
      code = code || 1;
    }
    clearTimeout(force);
    logger.log('Stopped', 'Main');
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal, 0));
  process.on('uncaughtException', (error) => {
    logger.fatal(`Uncaught exception: ${error.message}`, error.stack, 'Main');
    void stop('uncaught exception', 1);
  });

  try {
    database = await selectDatabase(config, logger);
    app = await createApp({ config, databaseUrl: database.url, logger });
    await app.listen(config.port);
  } catch (error) {
    logger.fatal(`Start failed: ${(error as Error).message}`, (error as Error).stack, 'Main');
    await stop('start failed', 1);
    return;
  }
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.log(`Team inbox running at http://localhost:${port}`, 'Main');
  process.stdout.write(`Team inbox running at http://localhost:${port}\n`);
}

void main();
