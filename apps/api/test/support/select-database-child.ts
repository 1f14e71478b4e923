/**
 * Runs selectDatabase (the embedded PostgreSQL of an app) in a child process for tests: prints one JSON line
 * {url} or exits 1 with the error on stderr; log lines go to stderr; stops cleanly when stdin closes.
 *   node -r ./apps/api/test/support/swc-register.js apps/api/test/support/select-database-child.ts <dataDir>
 */
import type { LoggerService } from '@nestjs/common';
import type { AppConfig } from '../../src/platform/config/app-config';
import { selectDatabase } from '../../src/select-database';

const logger: LoggerService = {
  log: (message: unknown) => process.stderr.write(`log ${String(message)}\n`),
  warn: (message: unknown) => process.stderr.write(`warn ${String(message)}\n`),
  error: (message: unknown) => process.stderr.write(`error ${String(message)}\n`),
};

async function main(): Promise<void> {
  const database = await selectDatabase({ dataDir: process.argv[2] } as AppConfig, logger);
  process.stdout.write(`${JSON.stringify({ url: database.url })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void database.stop().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
