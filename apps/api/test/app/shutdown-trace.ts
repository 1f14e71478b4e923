import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';

const HOOKS = ['onModuleDestroy', 'beforeApplicationShutdown', 'onApplicationShutdown'] as const;

interface HookRun {
  name: string;
  startedAt: number;
  endedAt?: number;
}

/**
 * Times every shutdown hook of an application, so a close that takes too long says which hook held it: a test's
 * afterAll that exceeds its timeout otherwise only says "exceeded timeout".
 */
export class ShutdownTrace {
  private readonly runs: HookRun[] = [];

  constructor(app: INestApplication) {
    for (const module of app.get(ModulesContainer).values()) {
      for (const wrapper of module.providers.values()) this.wrap(module.name, wrapper.instance);
      for (const wrapper of module.controllers.values()) this.wrap(module.name, wrapper.instance);
    }
  }

  /** Runs `close`; when it takes longer than `slowMs`, prints every hook that took more than a second or never ended. */
  async close(close: () => Promise<void>, slowMs = 10_000): Promise<void> {
    const started = Date.now();
    const report = () => {
      const lines = this.runs
        .filter((run) => (run.endedAt ?? Date.now()) - run.startedAt > 1_000)
        .map((run) =>
          run.endedAt === undefined
            ? `  ${run.name}: still running after ${Date.now() - run.startedAt} ms`
            : `  ${run.name}: ${run.endedAt - run.startedAt} ms`,
        );
      const resources = process.getActiveResourcesInfo().join(', ');
      console.warn(
        `The application took over ${Date.now() - started} ms to close.\n${lines.join('\n') || '  (no hook over 1 s)'}\n  active resources: ${resources}`,
      );
    };
    const watch = setTimeout(report, slowMs);
    watch.unref();
    try {
      await close();
    } finally {
      clearTimeout(watch);
      if (Date.now() - started > slowMs) report();
    }
  }

  private wrap(moduleName: string, instance: unknown): void {
    if (!instance || typeof instance !== 'object') return;
    const target = instance as Record<string, unknown>;
    for (const hook of HOOKS) {
      const original = target[hook];
      if (typeof original !== 'function') continue;
      const name = `${moduleName}/${instance.constructor?.name ?? '?'}.${hook}`;
      const runs = this.runs;
      target[hook] = async function (this: unknown, ...args: unknown[]) {
        const run: HookRun = { name, startedAt: Date.now() };
        runs.push(run);
        try {
          return await (original as (...a: unknown[]) => unknown).apply(this, args);
        } finally {
          run.endedAt = Date.now();
        }
      };
    }
  }
}
