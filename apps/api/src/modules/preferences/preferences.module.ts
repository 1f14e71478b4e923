import { FeatureModule } from '../../platform/module-manifest/manifest';
import { PreferencesController } from './http/preferences.controller';
import { MemberPreferences } from './queries/member-preferences';
import { PREFERENCES_MANIFEST } from './preferences.manifest';

@FeatureModule(PREFERENCES_MANIFEST, {
  controllers: [PreferencesController],
  providers: [MemberPreferences],
  exports: [MemberPreferences],
})
export class PreferencesModule {}
