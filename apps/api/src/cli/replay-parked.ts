import { loadConfig } from '../platform/config/load-config';
import { ProjectionRunner, replayParkedEvents } from '../platform/projections/projection-runner';
import { cliLogger, projectionArgument, runCli, withAppContext } from './cli-app';

const USAGE = 'Usage: node apps/api/dist/cli/replay-parked.js <projection>   (npm run replay-parked -- <projection>)';

/**
 * Applies a projection's (or reaction's) parked events again after a fix, in log order, with the same database as
 * the app (DATABASE_URL, or the embedded PostgreSQL in DATA_DIR, which must not be running already). Exit code 0 when
 * none is left parked, 3 when some failed again (they stay parked with the new error).
 */
async function main(): Promise<number> {
  const name = projectionArgument(USAGE);
  if (!name) return 2;
  const config = loadConfig();
  return withAppContext({ config, logger: cliLogger(config) }, async (context) => {
    const runner = context.get(ProjectionRunner);
    if (!runner.subscriberNames().includes(name)) {
      process.stderr.write(`Unknown projection '${name}'. Known: ${runner.subscriberNames().join(', ')}\n`);
      return 2;
    }
    const result = await replayParkedEvents(runner, name, (line) => process.stdout.write(`${line}\n`));
    return result.stillParked === 0 ? 0 : 3;
  });
}

runCli(main, { failed: 'Replay failed' });
