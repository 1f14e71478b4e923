import { Controller, Get, Inject, type OnModuleDestroy, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/public.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';
import { hasBearerToken } from '../http/bearer-token';
import { ProjectionRunner, type SubscriberStatus } from '../projections/projection-runner';

export interface ComponentHealth {
  ok: boolean;
  detail: string;
  latencyMs: number;
}

/** What anyone may learn: up or not. */
export interface PublicHealth {
  status: 'ok' | 'error';
}

/** GET /api/health/ready: whether this process should receive traffic, and which check failed when not. */
export interface Readiness extends PublicHealth {
  checks: {
    /** PostgreSQL answers. */
    database: boolean;
    /** Every migration of this version is applied. */
    migrations: boolean;
    /** The event store answers. */
    eventStore: boolean;
    /** The projection runner feeds (or stands by to lead) the projections and reactions. */
    subscriptions: boolean;
    /** The process is not shutting down. */
    accepting: boolean;
  };
}

/** With the health token: each component, and every subscriber's lag and parked events. */
export interface HealthReport extends PublicHealth {
  database: ComponentHealth;
  eventStore: ComponentHealth;
  subscribers: SubscriberStatus[];
}

const HEALTH_TIMEOUT_MS = 3000;

async function probe(check: () => Promise<{ ok: boolean; detail: string }>): Promise<ComponentHealth> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
    });
    const result = await Promise.race([check(), timeout]);
    return { ...result, latencyMs: Date.now() - started };
  } catch (error) {
    return {
      ok: false,
      detail: error instanceof Error ? error.message : String(error),
      latencyMs: Date.now() - started,
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health/live: 200 while the process answers at all (no dependency is asked: a database outage must not
 * make an orchestrator restart every replica). GET /api/health/ready: 200 when the database answers, every migration
 * is applied, the event store answers, the projection runner runs and the process is not shutting down; 503
 * otherwise, naming the failed checks (true/false only, no detail).
 *
 * GET /api/health: 200 {status:'ok'} or 503 {status:'error'} for anyone (load balancers, uptime checks). With
 * `Authorization: Bearer <HEALTH_TOKEN>` the answer adds each component's detail and every projection's and
 * reaction's lag and parked events; without HEALTH_TOKEN configured, details are never given.
 */
@Public()
@Controller('health')
export class HealthController implements OnModuleDestroy {
  private shuttingDown = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Shutdown has begun: readiness turns 503 while in-flight requests finish. */
  onModuleDestroy(): void {
    this.shuttingDown = true;
  }

  @Get('live')
  live(@Res({ passthrough: true }) res: Response): PublicHealth {
    res.setHeader('Cache-Control', 'no-store');
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<Readiness> {
    const [database, migrations, eventStore] = await Promise.all([
      probe(async () => {
        await this.dataSource.query('SELECT 1');
        return { ok: true, detail: '' };
      }),
      probe(async () => ({ ok: !(await this.dataSource.showMigrations()), detail: '' })),
      probe(() => this.eventStore.health()),
    ]);
    const checks = {
      database: database.ok,
      migrations: migrations.ok,
      eventStore: eventStore.ok,
      subscriptions: this.runner.isRunning(),
      accepting: !this.shuttingDown,
    };
    const ok = Object.values(checks).every(Boolean);
    res.status(ok ? 200 : 503);
    res.setHeader('Cache-Control', 'no-store');
    return { status: ok ? 'ok' : 'error', checks };
  }

  @Get()
  async health(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<PublicHealth | HealthReport> {
    const [database, eventStore] = await Promise.all([
      probe(async () => {
        const [row] = (await this.dataSource.query('SELECT version() AS version')) as { version: string }[];
        return { ok: true, detail: row.version.split(' on ')[0] };
      }),
      probe(() => this.eventStore.health()),
    ]);
    const ok = database.ok && eventStore.ok;
    res.status(ok ? 200 : 503);
    res.setHeader('Cache-Control', 'no-store');
    const status = ok ? 'ok' : 'error';
    if (!this.authorized(req)) return { status };
    const subscribers = database.ok ? await this.runner.status().catch(() => []) : [];
    return { status, database, eventStore, subscribers };
  }

  private authorized(req: Request): boolean {
    return hasBearerToken(req, this.config.healthToken);
  }
}
