import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { ChangePreferencesHandler } from './commands/change-preferences/change-preferences.handler';
import { PreferencesController } from './http/preferences.controller';
import { UserPreferencesProjection } from './projections/user-preferences/user-preferences.projection';
import { GetPreferencesHandler } from './queries/get-preferences/get-preferences.handler';
import { MemberPreferences } from './queries/member-preferences';

@Module({
  controllers: [PreferencesController],
  providers: [UserPreferencesProjection, ChangePreferencesHandler, GetPreferencesHandler, MemberPreferences],
  exports: [MemberPreferences],
})
export class PreferencesModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly projection: UserPreferencesProjection,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.projection);
  }
}
