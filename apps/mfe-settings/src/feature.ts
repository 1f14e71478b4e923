import './i18n/texts';
import type { RemoteFeature } from '@teaminbox/web-store';

/**
 * Injected into the shell's store when a settings route first loads. Its screens read and change their server data
 * through the api cache (settings.api, notifications.api): no slices or sagas of their own.
 */
const feature: RemoteFeature = {
  key: 'settings',
  slices: [],
};
export default feature;
