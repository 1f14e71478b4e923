import { mountStandalone } from '@teaminbox/ui';
import feature from './feature';
import ProfilePage from './features/profile/ProfilePage';

/** Standalone: this remote on its own dev server. */
mountStandalone({ feature, home: '/admin/profile', pages: { '/admin/profile': <ProfilePage /> } });
