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
import { PersonalDataEventStore } from '../personal-data/personal-data-event-store';
import { PersonalDataIndex } from '../personal-data/personal-data-index';
import { PersonalDataKeyring } from '../personal-data/personal-data-keyring';
import { PersonalDataRegistry } from '../personal-data/personal-fields';
import { createEventStore } from './event-store.factory';
import { EVENT_STORE, type EventStore } from './event-store.port';

/** The adapter itself; EVENT_STORE is it, or the encrypting store in front of it when PersonalDataModule is present. */
export const ADAPTER_EVENT_STORE = Symbol('ADAPTER_EVENT_STORE');

/** EVENT_STORE: personal fields encrypted when the PersonalDataModule provides its registry and keyring. */
const eventStoreProvider: FactoryProvider<EventStore> = {
  provide: EVENT_STORE,
  useFactory: (
    adapter: EventStore,
    registry?: PersonalDataRegistry,
    keyring?: PersonalDataKeyring,
    index?: PersonalDataIndex,
  ) => (registry && keyring ? new PersonalDataEventStore(adapter, registry, keyring, index) : adapter),
  inject: [
    ADAPTER_EVENT_STORE,
    { token: PersonalDataRegistry, optional: true },
    { token: PersonalDataKeyring, optional: true },
    { token: PersonalDataIndex, optional: true },
  ],
};

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
      providers: [{ provide: ADAPTER_EVENT_STORE, useFactory: () => build(options) }, eventStoreProvider],
      exports: [EVENT_STORE],
    };
  }

  static forRootAsync(options: EventStoreModuleAsyncOptions): DynamicModule {
    return {
      module: EventStoreModule,
      imports: options.imports ?? [],
      providers: [
        {
          provide: ADAPTER_EVENT_STORE,
          useFactory: async (...args: never[]) => build(await options.useFactory(...args)),
          inject: options.inject ?? [],
        },
        eventStoreProvider,
      ],
      exports: [EVENT_STORE],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.eventStore.close();
  }
}
