import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { migrations } from './migrations';
import { ActivityModule, TeamActivityReadModel } from './modules/activity';
import { AuditModule, TeamAuditReadModel } from './modules/audit';
import { PreferencesModule } from './modules/preferences';
import { LabelsModule } from './modules/labels';
import { NotificationSettingsModule } from './modules/notification-settings';
import { NotificationsModule } from './modules/notifications';
import { ProfileModule } from './modules/profile';
import { ReplyTemplatesModule } from './modules/reply-templates';
import { RulesModule } from './modules/rules';
import { BusinessHoursReadModel, ServiceLevelsModule } from './modules/service-levels';
import { ConversationsModule, InboxEmailReadModel } from './modules/conversations';
import { IdentityModule, UserReadModel, UserDirectory } from './modules/identity';
import { MailboxModule } from './modules/mail';
import { OutboxModule } from './modules/outbox';
import { EventSourcingModule } from './platform/event-sourcing/event-sourcing.module';
import { InvitationReadModel, TeamReadModel, TeamsModule } from './modules/teams';
import { AuthModule } from './platform/auth/auth.module';
import { ClusterModule } from './platform/cluster/cluster.module';
import type { AppConfig } from './platform/config/app-config';
import { ConfigModule } from './platform/config/config.module';
import { createDataSource, runMigrations } from './platform/database/data-source';
import { EventStoreModule } from './platform/event-store/event-store.module';
import { HealthModule } from './platform/health/health.module';
import { DomainErrorFilter } from './platform/http/domain-error.filter';
import { MailModule } from './platform/mail/mail.module';
import { MetricsModule } from './platform/metrics';
import { OpenApiModule } from './platform/openapi/openapi.module';
import { PersonalDataModule } from './platform/personal-data/personal-data.module';
import { ProjectionsModule } from './platform/projections/projections.module';
import { RateLimitModule } from './platform/rate-limit/rate-limit.module';
import { RealtimeModule } from './platform/realtime/realtime.module';
import { RequestContextModule } from './platform/request-context';

/** Every TypeORM entity of the read side. */
export const READ_MODEL_ENTITIES = [
  UserReadModel,
  TeamReadModel,
  InvitationReadModel,
  InboxEmailReadModel,
  TeamActivityReadModel,
  TeamAuditReadModel,
  BusinessHoursReadModel,
];

export interface AppModuleOptions {
  config: AppConfig;
  /** The Postgres to use: DATABASE_URL or the embedded server's URL. */
  databaseUrl: string;
  /** Feed projections and reactions from application bootstrap (default true; the rebuild CLI turns it off). */
  autoStartProjections?: boolean;
  /** Events per projection batch (the runner's default when absent; the rebuild CLI uses larger ones). */
  projectionBatchSize?: number;
}

@Module({})
export class AppModule {
  static forRoot({
    config,
    databaseUrl,
    autoStartProjections = true,
    projectionBatchSize,
  }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ type: 'postgres', url: databaseUrl, entities: READ_MODEL_ENTITIES, retryAttempts: 0 }),
          dataSourceFactory: async () => {
            const dataSource = createDataSource({ url: databaseUrl, entities: READ_MODEL_ENTITIES, migrations });
            await runMigrations(dataSource);
            return dataSource;
          },
        }),
        PersonalDataModule,
        EventStoreModule.forRoot({ databaseUrl, eventStoreUrl: config.eventStoreUrl }),
        ProjectionsModule.forRoot({ autoStart: autoStartProjections, batchSize: projectionBatchSize }),
        CqrsModule.forRoot(),
        EventSourcingModule,
        RequestContextModule,
        MetricsModule,
        OpenApiModule,
        ClusterModule,
        AuthModule.forRoot({ imports: [IdentityModule], sessions: UserDirectory }),
        MailModule,
        RateLimitModule,
        RealtimeModule,
        HealthModule,
        IdentityModule,
        TeamsModule,
        ConversationsModule,
        LabelsModule,
        PreferencesModule,
        ReplyTemplatesModule,
        NotificationSettingsModule,
        RulesModule,
        ProfileModule,
        MailboxModule,
        OutboxModule.forRoot({ worker: autoStartProjections }),
        ActivityModule,
        AuditModule,
        ServiceLevelsModule,
        NotificationsModule.forRoot({ workers: autoStartProjections }),
      ],
      providers: [{ provide: APP_FILTER, useClass: DomainErrorFilter }],
    };
  }
}
