import { lazy, useEffect, type ComponentType } from 'react';
import { firstScreenShown } from '@teaminbox/api-client';
import { LocaleSync, Navigate, NoticeView, Route, Routes } from '@teaminbox/ui';
import { useNotices } from '@teaminbox/web-store';
import { AdminGuard } from '../features/admin/AdminGuard';
import { AdminLayout } from '../features/admin/AdminLayout';
import { AfterLoginLinkRedirect } from '../features/password/PasswordPrompt';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { Loading } from './LazyPart';
import { ApiEventsBridge } from './ApiEventsBridge';
import { SessionRedirect } from './SessionRedirect';

/**
 * A screen loaded when it is first shown, so that the first load carries only the admin frame and the remote. Once
 * shown, it is the page's first screen (what waits for one, the realtime connection and the bell, loads then).
 */
function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => {
    const Screen: ComponentType = (await load())[name];
    function ShownScreen() {
      useEffect(() => firstScreenShown(), []);
      return <Screen />;
    }
    return { default: ShownScreen };
  });
}

const PublicLayout = lazyScreen(() => import('../features/public/PublicLayout'), 'PublicLayout');
const HomePage = lazyScreen(() => import('../features/public/HomePage'), 'HomePage');
const LoginPage = lazyScreen(() => import('../features/auth/LoginPage'), 'LoginPage');
const RegisterPage = lazyScreen(() => import('../features/auth/RegisterPage'), 'RegisterPage');
const LoginLinkPage = lazyScreen(() => import('../features/login-link/LoginLinkPage'), 'LoginLinkPage');
const InvitationPage = lazyScreen(() => import('../features/invitation/InvitationPage'), 'InvitationPage');
const DashboardPage = lazyScreen(() => import('../features/admin/DashboardPage'), 'DashboardPage');
const SetPasswordPage = lazyScreen(() => import('../features/password/SetPasswordPage'), 'SetPasswordPage');
const NotFoundPage = lazyScreen(() => import('../features/admin/NotFoundPage'), 'NotFoundPage');

export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <Loading>
            <PublicLayout />
          </Loading>
        }
      >
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
        <Route path="audit" element={<RemoteRoute remote="admin" page="TeamAuditPage" />} />
        <Route path="rules" element={<RemoteRoute remote="admin" page="RulesPage" />} />
        <Route path="business-hours" element={<RemoteRoute remote="admin" page="BusinessHoursPage" />} />
        <Route path="profile" element={<RemoteRoute remote="settings" page="ProfilePage" />} />
        <Route path="notifications" element={<RemoteRoute remote="settings" page="NotificationsPage" />} />
        <Route
          path="notification-settings"
          element={<RemoteRoute remote="settings" page="NotificationSettingsPage" />}
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** The notices raised in the store (by sagas of the shell and of the remotes), shown as toasts. */
function Notices() {
  const { notices, shown } = useNotices();
  return <NoticeView notices={notices} onShown={shown} />;
}

export function App() {
  return (
    <>
      <SessionRedirect />
      <AfterLoginLinkRedirect />
      <ApiEventsBridge />
      <LocaleSync />
      <Notices />
      <AppRoutes />
    </>
  );
}
