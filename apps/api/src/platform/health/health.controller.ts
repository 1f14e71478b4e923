import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/public.decorator';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';

export interface ComponentHealth {
  ok: boolean;
  detail: string;
  latencyMs: number;
}

export interface HealthReport {
  status: 'ok' | 'error';
  database: ComponentHealth;
  eventStore: ComponentHealth;
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

@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  @Get()
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const [database, eventStore] = await Promise.all([
      probe(async () => {
        const [row] = (await this.dataSource.query('SELECT version() AS version')) as { version: string }[];
        return { ok: true, detail: row.version.split(' on ')[0] };
      }),
      probe(() => this.eventStore.health()),
    ]);
    const ok = database.ok && eventStore.ok;
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'error', database, eventStore };
  }
}
