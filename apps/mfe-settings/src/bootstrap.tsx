import { mountStandalone } from '@teaminbox/web-store';
import feature from './feature';
import NotificationSettingsPage from './features/notification-settings/NotificationSettingsPanel';
import NotificationsPage from './features/notifications/NotificationsPage';
import ProfilePage from './features/profile/ProfilePage';

/** Standalone: this remote on its own dev server. */
mountStandalone({
  feature,
  home: '/admin/profile',
  pages: {
    '/admin/profile': <ProfilePage />,
    '/admin/notifications': <NotificationsPage />,
    '/admin/notification-settings': <NotificationSettingsPage />,
  },
});
