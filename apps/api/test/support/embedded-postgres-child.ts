/**
 * Runs the embedded PostgreSQL in a child process for tests (jest's module runtime cannot load the
 * ESM-only package): prints one JSON line {url, port, initialised}, stops when stdin closes.
 *   node -r ./apps/api/test/support/swc-register.js apps/api/test/support/embedded-postgres-child.ts <dataDir>
 */
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';

async function main(): Promise<void> {
  const handle = await startEmbeddedPostgres({ dataDir: process.argv[2] });
  process.stdout.write(`${JSON.stringify({ url: handle.url, port: handle.port, initialised: handle.initialised })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void handle.stop().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
