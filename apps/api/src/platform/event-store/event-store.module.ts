/**
 * Provides the EventStore under the EVENT_STORE token, globally.
 *
 *   EventStoreModule.forRoot({ databaseUrl: 'postgres://...', eventStoreUrl: process.env.EVENTSTORE_URL })
 *
 *   EventStoreModule.forRootAsync({
 *     inject: [APP_CONFIG],
 *     useFactory: (config: AppConfig) => ({ databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl }),
 *   })
 *
 * With eventStoreUrl the EventStoreDB / KurrentDB adapter is used, else PostgreSQL on databaseUrl
 * (its own pool; the tables come from the event-store migration, which the API runs at start).
 * Inject with `@Inject(EVENT_STORE) eventStore: EventStore`. The store is closed on shutdown.
 */
import {
  Global,
  Inject,
  Logger,
  Module,
  type DynamicModule,
  type FactoryProvider,
  type ModuleMetadata,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { createEventStore } from './event-store.factory';
import { EVENT_STORE, type EventStore } from './event-store.port';

export interface EventStoreModuleOptions {
  databaseUrl: string;
  eventStoreUrl?: string;
  /** Size of the PostgreSQL adapter's pool (default 10). */
  poolSize?: number;
}

export interface EventStoreModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  useFactory: (...args: never[]) => EventStoreModuleOptions | Promise<EventStoreModuleOptions>;
  inject?: FactoryProvider['inject'];
}

function build(options: EventStoreModuleOptions): EventStore {
  const logger = new Logger('EventStore');
  return createEventStore({
    eventStoreUrl: options.eventStoreUrl || undefined,
    url: options.databaseUrl,
    poolSize: options.poolSize,
    logger: { warn: (message) => logger.warn(message) },
  });
}

@Global()
@Module({})
export class EventStoreModule implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  static forRoot(options: EventStoreModuleOptions): DynamicModule {
    return {
      module: EventStoreModule,
      providers: [{ provide: EVENT_STORE, useFactory: () => build(options) }],
      exports: [EVENT_STORE],
    };
  }

  static forRootAsync(options: EventStoreModuleAsyncOptions): DynamicModule {
    return {
      module: EventStoreModule,
      imports: options.imports ?? [],
      providers: [
        {
          provide: EVENT_STORE,
          useFactory: async (...args: never[]) => build(await options.useFactory(...args)),
          inject: options.inject ?? [],
        },
      ],
      exports: [EVENT_STORE],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.eventStore.close();
  }
}
