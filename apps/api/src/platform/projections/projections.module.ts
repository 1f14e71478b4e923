/**
 * The projection runner, globally. Import once in the app module (after TypeOrmModule and
 * EventStoreModule, which provide DataSource and EVENT_STORE):
 *
 *   imports: [..., ProjectionsModule, CqrsModule.forRoot()]            // defaults
 *   imports: [..., ProjectionsModule.forRoot({ autoStart: false })]    // e.g. the rebuild CLI
 *
 * Feature modules register their subscribers in onModuleInit:
 *
 *   constructor(private readonly runner: ProjectionRunner, private readonly inbox: InboxEmailProjection) {}
 *   onModuleInit() { this.runner.registerProjection(this.inbox); }   // or registerReaction(...)
 *
 * The runner starts in onApplicationBootstrap (unless autoStart is false or env PROJECTIONS_AUTOSTART=false)
 * and stops in onModuleDestroy, waiting for in-flight batches, before the DataSource closes.
 * When @nestjs/cqrs's EventBus is available, the 'cqrs-event-bus' reaction forwards stored events to it.
 */
import {
  Global,
  Inject,
  Logger,
  Module,
  Optional,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';
import { CqrsEventBusReaction } from './cqrs-event-bus.reaction';
import { ProjectionRunner, type ProjectionRunnerOptions } from './projection-runner';

export interface ProjectionsModuleOptions extends Omit<ProjectionRunnerOptions, 'logger'> {
  /** Start feeding subscribers when the application boots (default true). */
  autoStart?: boolean;
}

export const PROJECTIONS_MODULE_OPTIONS = Symbol('PROJECTIONS_MODULE_OPTIONS');

const runnerProvider = {
  provide: ProjectionRunner,
  inject: [DataSource, EVENT_STORE, { token: PROJECTIONS_MODULE_OPTIONS, optional: true }],
  useFactory: (dataSource: DataSource, eventStore: EventStore, options?: ProjectionsModuleOptions) => {
    const logger = new Logger(ProjectionRunner.name);
    return new ProjectionRunner(dataSource, eventStore, {
      ...options,
      logger: {
        log: (message) => logger.log(message),
        warn: (message) => logger.warn(message),
        error: (message, error) => logger.error(message, error instanceof Error ? error.stack : undefined),
      },
    });
  },
};

@Global()
@Module({ providers: [runnerProvider], exports: [ProjectionRunner] })
export class ProjectionsModule implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly runner: ProjectionRunner,
    @Optional() private readonly eventBus?: EventBus,
    @Optional() @Inject(PROJECTIONS_MODULE_OPTIONS) private readonly options?: ProjectionsModuleOptions,
  ) {}

  static forRoot(options: ProjectionsModuleOptions): DynamicModule {
    return {
      module: ProjectionsModule,
      providers: [{ provide: PROJECTIONS_MODULE_OPTIONS, useValue: options }, runnerProvider],
      exports: [ProjectionRunner],
    };
  }

  onModuleInit(): void {
    if (this.eventBus) this.runner.registerReaction(new CqrsEventBusReaction(this.eventBus));
  }

  async onApplicationBootstrap(): Promise<void> {
    const autoStart = (this.options?.autoStart ?? true) && process.env.PROJECTIONS_AUTOSTART !== 'false';
    if (autoStart) await this.runner.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.runner.stop();
  }
}
