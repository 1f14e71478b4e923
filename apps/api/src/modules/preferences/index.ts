/** What other modules may use of the preferences context. */
export { PreferencesModule } from './preferences.module';
