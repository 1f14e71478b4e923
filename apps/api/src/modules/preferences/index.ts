/** What other modules may use of the preferences context. */
export { PreferencesModule } from './preferences.module';
export { USER_PREFERENCES_PROJECTION } from './projections/user-preferences/user-preferences.projection';
