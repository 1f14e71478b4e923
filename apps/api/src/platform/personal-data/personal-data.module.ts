import {
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';
import { ProjectionRunner } from '../projections/projection-runner';
import { ErasedKeysListener } from './erased-keys-listener';
import { PersonalDataErasureReaction } from './personal-data-erasure.reaction';
import { PersonalDataEventStore } from './personal-data-event-store';
import { PersonalDataIndex } from './personal-data-index';
import { PersonalDataKeyring } from './personal-data-keyring';
import { PersonalDataRegistry } from './personal-fields';

/**
 * Crypto-shredding of personal data, globally: the registry modules declare their events' personal fields in (in
 * their constructor or onModuleInit, before anything is appended), the subjects' keyring, and the erasure reaction.
 * The EventStoreModule puts the encrypting store in front of its adapter when this module is present. Erasures
 * made by any replica reach every replica's key cache (ErasedKeysListener).
 */
@Global()
@Module({
  providers: [
    // One registry per application (a factory, not a value built once per process: tests start several apps).
    { provide: PersonalDataRegistry, useFactory: () => new PersonalDataRegistry() },
    {
      provide: PersonalDataKeyring,
      useFactory: (dataSource: DataSource, config: AppConfig) => new PersonalDataKeyring(dataSource, config.secretsKey),
      inject: [DataSource, APP_CONFIG],
    },
    {
      provide: PersonalDataIndex,
      useFactory: (dataSource: DataSource) => new PersonalDataIndex(dataSource),
      inject: [DataSource],
    },
    {
      provide: ErasedKeysListener,
      useFactory: (dataSource: DataSource, keyring: PersonalDataKeyring) => {
        const url = (dataSource.options as { url?: string }).url;
        if (!url) throw new Error('The erased keys listener needs the database URL');
        return new ErasedKeysListener(url, keyring, new Logger(ErasedKeysListener.name));
      },
      inject: [DataSource, PersonalDataKeyring],
    },
  ],
  exports: [PersonalDataRegistry, PersonalDataKeyring, PersonalDataIndex],
})
export class PersonalDataModule implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PersonalDataModule.name);
  private backfill: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly index: PersonalDataIndex,
    private readonly erasedKeys: ErasedKeysListener,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly keyring: PersonalDataKeyring,
    private readonly registry: PersonalDataRegistry,
    private readonly runner: ProjectionRunner,
  ) {}

  onModuleInit(): void {
    if (!(this.store instanceof PersonalDataEventStore)) return;
    const logger = new Logger(PersonalDataErasureReaction.name);
    this.runner.registerReaction(
      new PersonalDataErasureReaction(
        this.dataSource,
        this.store,
        this.index,
        this.keyring,
        this.registry,
        this.runner,
        logger,
      ),
    );
  }

  /**
   * Erasures by other replicas reach this process's key cache. A log written before the index of personal data existed
   * is indexed in the background (once: its progress is kept; an erasure waits for it).
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.erasedKeys.start();
    const store = this.store;
    if (!(store instanceof PersonalDataEventStore)) return;
    const types = store.personalDataTypes();
    this.backfill = this.index
      .backfill(
        (after, maxCount) => store.readAllSealed({ after, maxCount, types }),
        () => this.stopping,
      )
      .catch((error: unknown) =>
        this.logger.error(`Indexing the personal data of the log failed: ${(error as Error).message}`),
      );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.backfill;
    await this.erasedKeys.stop();
  }
}
