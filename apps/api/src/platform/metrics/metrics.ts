import { Injectable } from '@nestjs/common';
import {
  collectDefaultMetrics,
  Counter,
  type CounterConfiguration,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  Registry,
} from 'prom-client';

/** Every metric of the product starts with this. */
export const METRIC_PREFIX = 'teaminbox_';

/**
 * The process's Prometheus registry (prom-client), scraped at GET /metrics: Node's default process metrics plus what
 * the platform and the modules register here. One registry per application instance (not prom-client's global one),
 * so that several apps in one process (the tests) never share counters.
 *
 * Labels must stay few and bounded: no team, user, email or address ever becomes a label value.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The counter of that name, registered now when it is not yet (a provider may be instantiated twice). */
  counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return (this.registered(config.name) as Counter<L>) ?? new Counter({ ...config, registers: [this.registry] });
  }

  gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return (this.registered(config.name) as Gauge<L>) ?? new Gauge({ ...config, registers: [this.registry] });
  }

  histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return (this.registered(config.name) as Histogram<L>) ?? new Histogram({ ...config, registers: [this.registry] });
  }

  private registered(name: string) {
    return this.registry.getSingleMetric(name);
  }

  /** The exposition text of every metric (collect callbacks run now). */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
