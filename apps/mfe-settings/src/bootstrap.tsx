import 'primeicons/primeicons.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { initI18n, initTheme, StandaloneApp } from '@teaminbox/ui';
import { createAppStore } from '@teaminbox/web-store';
import feature from './feature';
import NotificationSettingsPage from './features/notification-settings/NotificationSettingsPanel';
import NotificationsPage from './features/notifications/NotificationsPage';
import ProfilePage from './features/profile/ProfilePage';

/** Standalone: this remote on its own dev server, with its own store from libs/web-store. */
initTheme();
initI18n();
const store = createAppStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp store={store} feature={feature}>
      <Routes>
        <Route path="/admin/profile" element={<ProfilePage />} />
        <Route path="/admin/notifications" element={<NotificationsPage />} />
        <Route path="/admin/notification-settings" element={<NotificationSettingsPage />} />
        <Route path="*" element={<Navigate to="/admin/profile" replace />} />
      </Routes>
    </StandaloneApp>
  </StrictMode>,
);
