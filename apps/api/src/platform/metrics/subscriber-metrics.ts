import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ProjectionRunner, type SubscriberStatus } from '../projections/projection-runner';
import { METRIC_PREFIX, Metrics } from './metrics';

/**
 * The projections' and reactions' health as gauges: `teaminbox_subscriber_lag_events{subscriber, kind}` (events of
 * its types in the log after the subscriber's checkpoint, counted among the next LAG_COUNT_LIMIT events) and
 * `teaminbox_subscriber_parked_events{subscriber, kind}` (events in the dead-letter table). Read from the database,
 * so every replica reports the same values, whichever leads.
 */
@Injectable()
export class SubscriberMetrics implements OnModuleInit {
  private readonly logger = new Logger(SubscriberMetrics.name);
  /** The status read in flight: both gauges of one scrape share it. */
  private reading: Promise<SubscriberStatus[]> | undefined;

  constructor(
    private readonly metrics: Metrics,
    private readonly runner: ProjectionRunner,
  ) {}

  onModuleInit(): void {
    const status = () => this.status();
    this.metrics.gauge({
      name: `${METRIC_PREFIX}subscriber_lag_events`,
      help: 'Events of the log the projection or reaction has not handled yet (counted up to 1000).',
      labelNames: ['subscriber', 'kind'] as const,
      async collect() {
        this.reset();
        for (const s of await status()) this.set({ subscriber: s.name, kind: s.kind }, s.lag);
      },
    });
    this.metrics.gauge({
      name: `${METRIC_PREFIX}subscriber_parked_events`,
      help: 'Events the projection or reaction parked after repeated failures (npm run replay-parked).',
      labelNames: ['subscriber', 'kind'] as const,
      async collect() {
        this.reset();
        for (const s of await status()) this.set({ subscriber: s.name, kind: s.kind }, s.parked);
      },
    });
  }

  private status(): Promise<SubscriberStatus[]> {
    this.reading ??= this.runner
      .status()
      .catch((error: Error) => {
        this.logger.warn(`Subscriber metrics not read: ${error.message}`);
        return [];
      })
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }
}
