/**
 * The projection runner, globally. Import once in the app module (after TypeOrmModule and
 * EventStoreModule, which provide DataSource and EVENT_STORE):
 *
 *   imports: [..., ProjectionsModule, CqrsModule.forRoot()]            // defaults
 *   imports: [..., ProjectionsModule.forRoot({ autoStart: false })]    // e.g. the rebuild CLI
 *
 * Feature modules declare their projections in their manifest (platform/module-manifest/manifest.ts); in onModuleInit this
 * module reads the manifests of the application's modules, checks that no event type or push has two owners and
 * registers every projection and checkpointed reaction they list (one no manifest lists is not run); the
 * manifests' @EventsHandler reactions are fed by the 'cqrs-event-bus' reaction.
 *
 * The runner starts in onApplicationBootstrap (unless autoStart is false or env PROJECTIONS_AUTOSTART=false)
 * and stops in onModuleDestroy, waiting for in-flight batches, before the DataSource closes.
 * When @nestjs/cqrs's EventBus is available, the 'cqrs-event-bus' reaction forwards stored events to it and
 * waits for its @EventsHandler classes (the application's reactions) to settle.
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
  type Type,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, ModulesContainer } from '@nestjs/core';
import { EventBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';
import { checkManifests, manifestOf, type ModuleManifest } from '../module-manifest/manifest';
import { CqrsEventBusReaction } from './cqrs-event-bus.reaction';
import { EventHandlerSettlement } from './event-handler-settlement';
import type { Projection, Reaction } from './projection';
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

/** The metadata key @nestjs/cqrs's @EventsHandler sets on a handler class. */
const EVENTS_HANDLER_METADATA = '__eventsHandler__';

@Global()
@Module({ imports: [DiscoveryModule], providers: [runnerProvider], exports: [ProjectionRunner] })
export class ProjectionsModule implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly discovery: DiscoveryService,
    private readonly modules: ModulesContainer,
    @Optional() private readonly eventBus?: EventBus,
    @Optional() @Inject(PROJECTIONS_MODULE_OPTIONS) private readonly options?: ProjectionsModuleOptions,
  ) {}

  static forRoot(options: ProjectionsModuleOptions): DynamicModule {
    return {
      module: ProjectionsModule,
      imports: [DiscoveryModule],
      providers: [{ provide: PROJECTIONS_MODULE_OPTIONS, useValue: options }, runnerProvider],
      exports: [ProjectionRunner],
    };
  }

  onModuleInit(): void {
    this.registerManifestSubscribers();
    if (!this.eventBus) return;
    const settlement = new EventHandlerSettlement();
    for (const wrapper of this.discovery.getProviders()) {
      const isHandler = wrapper.metatype && Reflect.getMetadata(EVENTS_HANDLER_METADATA, wrapper.metatype);
      if (isHandler && wrapper.isDependencyTreeStatic() && wrapper.instance) settlement.track(wrapper.instance);
    }
    this.runner.registerReaction(new CqrsEventBusReaction(this.eventBus, settlement));
  }

  /**
   * Registers the projections and checkpointed reactions the application's module manifests list (a manifest's
   * @EventsHandler reactions are fed by the 'cqrs-event-bus' reaction instead).
   */
  private registerManifestSubscribers(): void {
    const manifests: ModuleManifest[] = [];
    const projections: Projection[] = [];
    const reactions: Reaction[] = [];
    for (const module of this.modules.values()) {
      const manifest = manifestOf(module.metatype);
      if (!manifest) continue;
      manifests.push(manifest);
      const instanceOf = <T>(type: Type): T => {
        const instance = module.getProviderByKey<T>(type)?.instance;
        if (!instance) throw new Error(`${type.name} of the module '${manifest.name}' has no instance`);
        return instance;
      };
      for (const type of manifest.projections) projections.push(instanceOf<Projection>(type));
      for (const type of manifest.reactions) {
        if (!Reflect.getMetadata(EVENTS_HANDLER_METADATA, type)) reactions.push(instanceOf<Reaction>(type));
      }
    }
    checkManifests(manifests);
    for (const projection of projections) this.runner.registerProjection(projection);
    for (const reaction of reactions) this.runner.registerReaction(reaction);
  }

  async onApplicationBootstrap(): Promise<void> {
    const autoStart = (this.options?.autoStart ?? true) && process.env.PROJECTIONS_AUTOSTART !== 'false';
    if (autoStart) await this.runner.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.runner.stop();
  }
}
