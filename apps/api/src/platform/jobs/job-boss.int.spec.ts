import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../test/support/test-database';
import { JobBoss } from './job-boss';

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

async function until(ok: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('JobBoss (pg-boss on the application database)', () => {
  let db: MigratedTestDataSource;

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
  });
  afterAll(async () => {
    await db?.drop();
  });

  const connections = async () =>
    Number(
      (
        await db.dataSource.query(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'pgboss'`,
        )
      )[0].n,
    );

  /** The server removes a session a moment after its client closed it. */
  const closedConnections = async () => {
    const deadline = Date.now() + 3_000;
    let open = await connections();
    while (open > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      open = await connections();
    }
    return open;
  };

  it('works a job sent to a queue, and stops only once the running job is done, leaving no timer or connection', async () => {
    const before = timers();
    const jobs = new JobBoss('Test queue');
    await jobs.start(db.dataSource, [{ name: 'test-slow', retryLimit: 0 }]);
    const events: string[] = [];
    for (let i = 0; i < 3; i++) {
      await jobs.work<{ n: number }>('test-slow', 1, async (job) => {
        events.push(`start ${job.data.n}`);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        events.push(`end ${job.data.n}`);
      });
    }
    await jobs.started().send('test-slow', { n: 1 });
    await until(() => events.includes('start 1'));
    expect(await connections()).toBeGreaterThan(0);

    await jobs.stop();
    events.push('stopped');

    expect(events).toEqual(['start 1', 'end 1', 'stopped']);
    // pg-boss checks its stopping workers on a timer of its own: none of its timers outlives stop().
    expect(timers()).toBeLessThanOrEqual(before);
    expect(await closedConnections()).toBe(0);
    expect(() => jobs.started()).toThrow('Test queue is not started');
  });

  it('stops right after it started, before any worker fetched, as cleanly', async () => {
    const before = timers();
    const jobs = new JobBoss('Test queue');
    await jobs.start(db.dataSource, [{ name: 'test-idle' }]);
    for (let i = 0; i < 4; i++) await jobs.work('test-idle', 1, async () => undefined);
    await jobs.stop();
    expect(timers()).toBeLessThanOrEqual(before);
    expect(await closedConnections()).toBe(0);
  });
});
