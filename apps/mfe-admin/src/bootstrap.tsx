import 'primeicons/primeicons.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { initI18n, initTheme, StandaloneApp } from '@teaminbox/ui';
import { createAppStore } from '@teaminbox/web-store';
import feature from './feature';
import EmailLabelsPage from './features/email-labels/EmailLabelsPage';
import EmailServerConfigPage from './features/email-server-config/EmailServerConfigPage';
import ReplyTemplatesPage from './features/reply-templates/ReplyTemplatesPage';
import TeamActivityPage from './features/team-activity/TeamActivityPage';
import TeamMembersPage from './features/team-members/TeamMembersPage';

/** Standalone: this remote on its own dev server, with its own store from libs/web-store. */
initTheme();
initI18n();
const store = createAppStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp store={store} feature={feature}>
      <Routes>
        <Route path="/admin/team-members" element={<TeamMembersPage />} />
        <Route path="/admin/email-server-config" element={<EmailServerConfigPage />} />
        <Route path="/admin/email-labels" element={<EmailLabelsPage />} />
        <Route path="/admin/reply-templates" element={<ReplyTemplatesPage />} />
        <Route path="/admin/activity" element={<TeamActivityPage />} />
        <Route path="*" element={<Navigate to="/admin/team-members" replace />} />
      </Routes>
    </StandaloneApp>
  </StrictMode>,
);
