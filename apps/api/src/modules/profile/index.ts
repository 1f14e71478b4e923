/** What other modules may use of the profile context. */
export { ProfileModule } from './profile.module';
export { PROFILE_MANIFEST } from './profile.manifest';
