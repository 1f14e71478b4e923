import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { METRIC_PREFIX, Metrics } from '../../../platform/metrics';
import { SEND_EMAIL_QUEUE } from './job-queue';

/** pg-boss states, as the gauge names them: waiting (new or awaiting a retry), active, failed (retries spent). */
const STATES: Record<string, 'waiting' | 'active' | 'failed'> = {
  created: 'waiting',
  retry: 'waiting',
  active: 'active',
  failed: 'failed',
};

/**
 * `teaminbox_outbox_jobs{queue, state}`: the outbox's send jobs waiting, running and failed (kept until pg-boss
 * archives them), read from the queue's table, so every replica reports the same values.
 */
@Injectable()
export class OutboxMetrics implements OnModuleInit {
  private readonly logger = new Logger(OutboxMetrics.name);

  constructor(
    private readonly metrics: Metrics,
    private readonly db: DataSource,
  ) {}

  onModuleInit(): void {
    const count = () => this.count();
    this.metrics.gauge({
      name: `${METRIC_PREFIX}outbox_jobs`,
      help: 'Send jobs of the outbox by state: waiting (new or awaiting a retry), active, failed (retries spent).',
      labelNames: ['queue', 'state'] as const,
      async collect() {
        const counts = await count();
        if (!counts) return;
        for (const state of ['waiting', 'active', 'failed'] as const) {
          this.set({ queue: SEND_EMAIL_QUEUE, state }, counts[state]);
        }
      },
    });
  }

  /** The counts, or null (logged) when the queue's table cannot be read: the scrape goes on without them. */
  private async count(): Promise<Record<'waiting' | 'active' | 'failed', number> | null> {
    const counts = { waiting: 0, active: 0, failed: 0 };
    try {
      const rows: { state: string; n: number }[] = await this.db.query(
        `SELECT state::text AS state, count(*)::int AS n FROM pgboss.job
          WHERE name = $1 AND state IN ('created', 'retry', 'active', 'failed') GROUP BY state`,
        [SEND_EMAIL_QUEUE],
      );
      for (const row of rows) counts[STATES[row.state]] += row.n;
      return counts;
    } catch (error) {
      this.logger.warn(`Outbox metrics not read: ${(error as Error).message}`);
      return null;
    }
  }
}
