import { loadConfig } from '../platform/config/load-config';
import { ProjectionRunner, rebuildProjection } from '../platform/projections/projection-runner';
import { cliLogger, projectionArgument, runCli, withAppContext } from './cli-app';

/** Larger batches than live processing: fewer round trips and commits while catching up from zero. */
const REBUILD_BATCH_SIZE = 5000;
const USAGE = 'Usage: node apps/api/dist/cli/rebuild.js <projection>   (npm run rebuild -- <projection>)';

/**
 * Rebuilds one projection from zero with reactions suppressed, using the same database as the app
 * (DATABASE_URL, or the embedded PostgreSQL in DATA_DIR, which must not be running already).
 */
async function main(): Promise<number> {
  const name = projectionArgument(USAGE);
  if (!name) return 2;
  const config = loadConfig();
  return withAppContext(
    { config, logger: cliLogger(config), projectionBatchSize: REBUILD_BATCH_SIZE },
    async (context) => {
      const runner = context.get(ProjectionRunner);
      if (!runner.projectionNames().includes(name)) {
        process.stderr.write(`Unknown projection '${name}'. Known: ${runner.projectionNames().join(', ')}\n`);
        return 2;
      }
      await rebuildProjection(runner, name, (line) => process.stdout.write(`${line}\n`));
      return 0;
    },
  );
}

runCli(main, { failed: 'Rebuild failed' });
