import type { INestApplication } from '@nestjs/common';
import type { Client } from 'pg';
import { EVENT_STORE, type EventStore } from '../../apps/api/src/platform/event-store/event-store.port';
import { ProjectionRunner } from '../../apps/api/src/platform/projections/projection-runner';

/**
 * Waits until the application is at rest before a benchmark times anything: every subscriber of the log (projections,
 * and reactions with their after-commit work) has reached the head of the log as it is now, and no background job is
 * queued or running. A bench that timed its queries while the search, audit or activity projections were still
 * catching up with what it had just appended measured them sharing the machine (p95 several times the figure at rest).
 * Returns the ms it waited.
 */
export async function settled(app: INestApplication, db: Client, timeoutMs = 60 * 60_000): Promise<number> {
  const started = performance.now();
  const deadline = Date.now() + timeoutMs;
  const runner = app.get(ProjectionRunner);
  const head = await app.get<EventStore>(EVENT_STORE).headPosition();
  if (!(await runner.waitFor(head, runner.subscriberNames(), timeoutMs, { afterCommit: true })))
    throw new Error(`the subscribers did not reach the head of the log within ${timeoutMs} ms`);
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after < now()`,
    );
    if (rows[0].n === 0) return performance.now() - started;
    if (Date.now() > deadline) throw new Error(`${rows[0].n} background jobs still queued after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
