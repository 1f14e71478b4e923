import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { PreferencesController } from './preferences.controller';
import { UserPreferencesProjection } from './user-preferences.projection';

@Module({ controllers: [PreferencesController], providers: [UserPreferencesProjection] })
export class PreferencesModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly projection: UserPreferencesProjection,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.projection);
  }
}
