import 'primeicons/primeicons.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { initI18n, initTheme, StandaloneApp } from '@teaminbox/ui';
import { createAppStore } from '@teaminbox/web-store';
import feature from './feature';
import EmailDetailPage from './features/email-detail/EmailDetailPage';
import InboxPage from './features/inbox-list/InboxPage';

/** Standalone: this remote on its own dev server, with its own store from libs/web-store. */
initTheme();
initI18n();
const store = createAppStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp store={store} feature={feature}>
      <Routes>
        <Route path="/admin/inbox" element={<InboxPage />} />
        <Route path="/admin/email-inbox" element={<InboxPage />} />
        <Route path="/admin/email-detail/:id" element={<EmailDetailPage />} />
        <Route path="*" element={<Navigate to="/admin/inbox" replace />} />
      </Routes>
    </StandaloneApp>
  </StrictMode>,
);
