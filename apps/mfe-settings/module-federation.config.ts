import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/** Served under /remotes/settings/ next to its mf-manifest.json. */
export const federation: ConstructorParameters<typeof ModuleFederationPlugin>[0] = {
  name: 'mfe_settings',
  filename: 'remoteEntry.js',
  exposes: {
    './feature': './src/feature.ts',
    './ProfilePage': './src/features/profile/ProfilePage.tsx',
    './NotificationsPage': './src/features/notifications/NotificationsPage.tsx',
    './NotificationSettingsPage': './src/features/notification-settings/NotificationSettingsPanel.tsx',
  },
};
