import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { IdentityModule } from '../identity';
import { NotificationSettingsController } from './http/notification-settings.controller';
import { NotificationSettingsService } from './notification-settings.service';
import { NotificationSettingsProjection } from './projections/notification-settings.projection';

@Module({
  imports: [IdentityModule],
  controllers: [NotificationSettingsController],
  providers: [NotificationSettingsService, NotificationSettingsProjection],
})
export class NotificationSettingsModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly projection: NotificationSettingsProjection,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.projection);
  }
}
