import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../test/support/test-database';
import { JobBoss } from './job-boss';

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

  /** A job sent after `stopped` stopped, which no worker of it may take: it stays created past a polling interval. */
  const untouchedAfterStop = async (queue: string) => {
    const other = new JobBoss('Other queue');
    await other.start(db.dataSource, [{ name: queue }]);
    try {
      const id = (await other.started().send(queue, { n: 99 }))!;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return (await other.started().getJobById(queue, id))?.state;
    } finally {
      await other.stop();
    }
  };

  it('works a job sent to a queue, and stops only once the running job is done, leaving no worker or connection', async () => {
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
    expect(await closedConnections()).toBe(0);
    expect(await untouchedAfterStop('test-slow')).toBe('created');
    expect(events).toEqual(['start 1', 'end 1', 'stopped']);
    expect(() => jobs.started()).toThrow('Test queue is not started');
  });

  it('fails a job whose handler throws, with the error, and goes on with the next one', async () => {
    const jobs = new JobBoss('Test queue');
    await jobs.start(db.dataSource, [{ name: 'test-failing', retryLimit: 0 }]);
    const handled: number[] = [];
    await jobs.work<{ n: number }>('test-failing', 1, async (job) => {
      handled.push(job.data.n);
      if (job.data.n === 1) throw new Error('SMTP said no');
    });
    const first = (await jobs.started().send('test-failing', { n: 1 }))!;
    const second = (await jobs.started().send('test-failing', { n: 2 }))!;
    const stateOf = async (id: string) => (await jobs.started().getJobById('test-failing', id))?.state;
    await until(() => handled.length === 2);
    const deadline = Date.now() + 10_000;
    while ((await stateOf(second)) !== 'completed' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await stateOf(second)).toBe('completed');
    const failed = await jobs.started().getJobById('test-failing', first);
    expect(failed).toMatchObject({ state: 'failed', output: { message: 'SMTP said no' } });
    await jobs.stop();
  });

  it('stops right after it started, before any worker fetched, as cleanly', async () => {
    const jobs = new JobBoss('Test queue');
    await jobs.start(db.dataSource, [{ name: 'test-idle' }]);
    for (let i = 0; i < 4; i++) await jobs.work('test-idle', 1, async () => undefined);
    await jobs.stop();
    expect(await closedConnections()).toBe(0);
    expect(await untouchedAfterStop('test-idle')).toBe('created');
  });
});
