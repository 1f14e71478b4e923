/** What other modules may use of the preferences context. */
export { PreferencesModule } from './preferences.module';
export { MemberPreferences, type MemberPreference } from './queries/member-preferences';
export { PREFERENCES_MANIFEST } from './preferences.manifest';
