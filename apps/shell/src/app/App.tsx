import { Navigate, Route, Routes } from 'react-router-dom';
import { NoticeHost } from '@teaminbox/ui';
import { AdminGuard } from '../features/admin/AdminGuard';
import { AdminLayout } from '../features/admin/AdminLayout';
import { DashboardPage } from '../features/admin/DashboardPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { InvitationPage } from '../features/invitation/InvitationPage';
import { LoginLinkPage } from '../features/login-link/LoginLinkPage';
import { AfterLoginLinkRedirect } from '../features/password/PasswordPrompt';
import { SetPasswordPage } from '../features/password/SetPasswordPage';
import { HomePage } from '../features/public/HomePage';
import { PublicLayout } from '../features/public/PublicLayout';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { ApiEventsBridge } from './ApiEventsBridge';
import { SessionRedirect } from './SessionRedirect';

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="loginLink" element={<LoginLinkPage />} />
        <Route path="loginLink/:token" element={<LoginLinkPage />} />
        <Route path="invitation/:token" element={<InvitationPage />} />
      </Route>
      <Route
        path="admin"
        element={
          <AdminGuard>
            <AdminLayout />
          </AdminGuard>
        }
      >
        <Route index element={<DashboardPage />} />
        <Route path="set-password" element={<SetPasswordPage />} />
        <Route path="inbox" element={<RemoteRoute remote="inbox" page="InboxPage" />} />
        <Route path="email-inbox" element={<RemoteRoute remote="inbox" page="InboxPage" />} />
        <Route path="email-detail/:id" element={<RemoteRoute remote="inbox" page="EmailDetailPage" />} />
        <Route path="my-tasks" element={<RemoteRoute remote="inbox" page="MyTasksPage" />} />
        <Route path="email-server-config" element={<RemoteRoute remote="admin" page="EmailServerConfigPage" />} />
        <Route path="team-members" element={<RemoteRoute remote="admin" page="TeamMembersPage" />} />
        <Route path="email-labels" element={<RemoteRoute remote="admin" page="EmailLabelsPage" />} />
        <Route path="reply-templates" element={<RemoteRoute remote="admin" page="ReplyTemplatesPage" />} />
        <Route path="activity" element={<RemoteRoute remote="admin" page="TeamActivityPage" />} />
        <Route path="profile" element={<RemoteRoute remote="settings" page="ProfilePage" />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export function App() {
  return (
    <>
      <SessionRedirect />
      <AfterLoginLinkRedirect />
      <ApiEventsBridge />
      <NoticeHost />
      <AppRoutes />
    </>
  );
}
