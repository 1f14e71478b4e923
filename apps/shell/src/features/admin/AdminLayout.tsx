import { useRef } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { LanguageSwitch, ThemeSwitch } from '@teaminbox/ui';
import { loggedOut, selectRealtimeStatus, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import type { MenuItem } from 'primereact/menuitem';
import { Customizer } from '../customizer/Customizer';
import { PasswordPrompt, SET_PASSWORD_PATH } from '../password/PasswordPrompt';
import { QuickSearch } from './QuickSearch';

/** A user-menu entry rendered with a stable data-testid. */
function menuEntry(label: string, icon: string, testId: string, command: () => void): MenuItem {
  return {
    label,
    icon,
    command,
    template: (item, options) => (
      <a className={options.className} onClick={options.onClick} data-testid={testId} role="menuitem">
        <span className={`${options.iconClassName} ${item.icon}`} />
        <span className={options.labelClassName}>{item.label}</span>
      </a>
    ),
  };
}

export function AdminLayout() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const realtime = useAppSelector(selectRealtimeStatus);
  const userMenu = useRef<Menu>(null);
  const links = [
    { to: '/admin', label: t('nav.dashboard'), icon: 'pi pi-home', end: true },
    { to: '/admin/inbox', label: t('nav.inbox'), icon: 'pi pi-inbox', end: false },
    { to: '/admin/my-tasks', label: t('nav.myTasks'), icon: 'pi pi-check-square', end: false },
    { to: '/admin/email-server-config', label: t('nav.imapConfig'), icon: 'pi pi-server', end: false },
    { to: '/admin/team-members', label: t('nav.teamMembers'), icon: 'pi pi-users', end: false },
    { to: '/admin/email-labels', label: t('nav.emailLabels'), icon: 'pi pi-tags', end: false },
    { to: '/admin/reply-templates', label: t('nav.replyTemplates'), icon: 'pi pi-file-edit', end: false },
    { to: '/admin/activity', label: t('nav.activity'), icon: 'pi pi-history', end: false },
    { to: '/admin/profile', label: t('nav.profile'), icon: 'pi pi-user', end: false },
  ];
  return (
    <div className="admin-layout">
      <header className="shell-header flex align-items-center gap-3 p-3">
        <strong className="shell-brand">{t('app.name')}</strong>
        <span className="flex-1" />
        <QuickSearch />
        <i
          className={`pi pi-circle-fill realtime-dot realtime-dot--${realtime}`}
          title={t(realtime === 'connected' ? 'inbox.connected' : 'inbox.disconnected')}
          aria-hidden
        />
        <ThemeSwitch />
        <Customizer />
        <LanguageSwitch />
        <Button
          type="button"
          text
          icon="pi pi-user"
          label={t('nav.admin')}
          onClick={(e) => userMenu.current?.toggle(e)}
          aria-haspopup
          data-testid="user-menu"
        />
        <Menu
          ref={userMenu}
          popup
          model={[
            menuEntry(t('nav.changePassword'), 'pi pi-key', 'user-menu-change-password', () =>
              navigate(SET_PASSWORD_PATH),
            ),
            menuEntry(t('nav.logout'), 'pi pi-sign-out', 'logout', () => dispatch(loggedOut())),
          ]}
        />
      </header>
      <div className="flex">
        <nav className="admin-sidebar flex flex-column gap-1 p-3" aria-label="admin">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className="admin-link">
              <i className={link.icon} aria-hidden /> <span>{link.label}</span>
            </NavLink>
          ))}
        </nav>
        <main className="flex-1 p-3" style={{ minWidth: 0 }}>
          <PasswordPrompt />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
