import { defineModuleManifest } from '../../platform/module-manifest/manifest';
import { ChangePreferencesHandler } from './commands/change-preferences/change-preferences.handler';
import { UserPreferencesProjection } from './projections/user-preferences/user-preferences.projection';
import { GetPreferencesHandler } from './queries/get-preferences/get-preferences.handler';

/** A member's preferences: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const PREFERENCES_MANIFEST = defineModuleManifest({
  name: 'preferences',
  events: ['UserPreferencesChanged'],
  projections: [UserPreferencesProjection],
  reactions: [],
  commandHandlers: [ChangePreferencesHandler],
  queryHandlers: [GetPreferencesHandler],
  pushes: [],
});
