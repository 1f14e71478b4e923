import { lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { Tag } from 'primereact/tag';
import { LanguageSwitch, ShortcutsHelp, ThemeSwitch, useShortcuts, NavLink, Outlet, useNavigate } from '@teaminbox/ui';
import { AUDIT_TRAIL_READER_ROLES } from '@teaminbox/contracts';
import {
  loggedOut,
  selectCanWrite,
  selectCurrentRole,
  selectRealtimeStatus,
  useAppDispatch,
  useAppSelector,
} from '@teaminbox/web-store';
import { Customizer } from '../customizer/Customizer';
import { PasswordPrompt, SET_PASSWORD_PATH } from '../password/PasswordPrompt';
import { QuickSearch } from '../quick-search/QuickSearch';
import { useAfterFirstScreen } from '../../app/useAfterFirstScreen';
import { LazyPart, Loading } from '../../app/LazyPart';
import { menuEntry } from '../../app/menu-entry';

/** Below this width the menu is a panel over the page, closed until asked for. */
const NARROW = '(max-width: 767px)';
const narrow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;

const PhoneMenu = lazy(async () => ({ default: (await import('./PhoneMenu')).PhoneMenu }));
/** The bell loads its code (its panel, badge and menus) once the first screen is shown. */
const NotificationBell = lazy(async () => ({ default: (await import('../bell/NotificationBell')).NotificationBell }));
/** Holds the bell's place in the header until it is there. */
const bellPlaceholder = <span className="bell-placeholder" aria-hidden data-testid="bell-placeholder" />;

/**
 * The admin shell: a header (menu toggle, quick search, realtime status, notification bell, theme, language, keyboard help, user
 * menu) and a collapsible side menu; '/' focuses the search and '?' lists the keyboard shortcuts everywhere.
 */
export function AdminLayout() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const realtime = useAppSelector(selectRealtimeStatus);
  const role = useAppSelector(selectCurrentRole);
  const canWrite = useAppSelector(selectCanWrite);
  const userMenu = useRef<Menu>(null);
  const [phone, setPhone] = useState(narrow);
  const [menuOpen, setMenuOpen] = useState(() => !narrow());
  const [helpOpen, setHelpOpen] = useState(false);
  const firstScreenShown = useAfterFirstScreen();
  // The phone's panel stays mounted once opened, so that it can slide out when it closes.
  const [phoneMenuUsed, setPhoneMenuUsed] = useState(false);
  if (phone && menuOpen && !phoneMenuUsed) setPhoneMenuUsed(true);
  // Crossing the phone width closes the panel going down and shows the menu going up.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(NARROW);
    const onChange = () => {
      setPhone(query.matches);
      setMenuOpen(!query.matches);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  useShortcuts({
    search: () => {
      document.getElementById('quick-search')?.focus();
    },
    help: () => setHelpOpen(true),
  });
  const links = [
    { to: '/admin', label: t('nav.dashboard'), icon: 'pi pi-home', end: true },
    { to: '/admin/inbox', label: t('nav.inbox'), icon: 'pi pi-inbox', end: false },
    { to: '/admin/my-tasks', label: t('nav.myTasks'), icon: 'pi pi-check-square', end: false },
    { to: '/admin/email-server-config', label: t('nav.imapConfig'), icon: 'pi pi-server', end: false },
    { to: '/admin/team-members', label: t('nav.teamMembers'), icon: 'pi pi-users', end: false },
    { to: '/admin/rules', label: t('nav.rules'), icon: 'pi pi-filter', end: false },
    { to: '/admin/business-hours', label: t('nav.businessHours'), icon: 'pi pi-clock', end: false },
    { to: '/admin/notifications', label: t('nav.notifications'), icon: 'pi pi-bell', end: false },
    { to: '/admin/notification-settings', label: t('nav.notificationSettings'), icon: 'pi pi-sliders-h', end: false },
    { to: '/admin/email-labels', label: t('nav.emailLabels'), icon: 'pi pi-tags', end: false },
    { to: '/admin/reply-templates', label: t('nav.replyTemplates'), icon: 'pi pi-file-edit', end: false },
    { to: '/admin/activity', label: t('nav.activity'), icon: 'pi pi-history', end: false },
    ...(role && AUDIT_TRAIL_READER_ROLES.includes(role)
      ? [{ to: '/admin/audit', label: t('teamAudit.menu'), icon: 'pi pi-shield', end: false }]
      : []),
    { to: '/admin/profile', label: t('nav.profile'), icon: 'pi pi-user', end: false },
  ];
  // Beside the page on a wide screen (collapsed to icons when closed), in a panel over the page on a phone.
  const sideMenu = (expanded: boolean) => (
    <nav
      id="admin-sidebar"
      className={`admin-sidebar flex flex-column gap-1 p-2 ${expanded ? 'admin-sidebar--open' : 'admin-sidebar--closed'}`}
      aria-label="admin"
    >
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className="admin-link"
          aria-label={link.label}
          title={link.label}
          onClick={() => phone && setMenuOpen(false)}
        >
          <i className={link.icon} aria-hidden /> <span className="admin-link-label">{link.label}</span>
        </NavLink>
      ))}
    </nav>
  );
  return (
    <div className="admin-layout">
      <a className="skip-link" href="#admin-main">
        {t('layout.skipToContent')}
      </a>
      <header className="shell-header flex flex-wrap align-items-center gap-2 px-3 py-2">
        <Button
          type="button"
          text
          rounded
          icon="pi pi-bars"
          aria-label={t('layout.toggleMenu')}
          aria-expanded={menuOpen}
          // On a phone the menu is a panel that is in the page only while it is open (or closing).
          aria-controls={phone ? undefined : 'admin-sidebar'}
          onClick={() => setMenuOpen((open) => !open)}
          data-testid="menu-toggle"
        />
        <strong className="shell-brand">{t('app.name')}</strong>
        <span className="flex-1" />
        <QuickSearch />
        <span className="shell-tools flex flex-wrap align-items-center gap-1">
          <i
            className={`pi pi-circle-fill realtime-dot realtime-dot--${realtime}`}
            title={t(realtime === 'connected' ? 'inbox.connected' : 'inbox.disconnected')}
            aria-hidden
          />
          {firstScreenShown ? (
            <LazyPart name="the notification bell" loading={bellPlaceholder}>
              <NotificationBell />
            </LazyPart>
          ) : (
            bellPlaceholder
          )}
          <ThemeSwitch />
          <Customizer />
          <LanguageSwitch />
          <Button
            type="button"
            text
            rounded
            icon="pi pi-question-circle"
            aria-label={t('shortcuts.open')}
            onClick={() => setHelpOpen(true)}
            data-testid="shortcuts-open"
          />
          {role ? (
            // The caller's role in the team; an auditor's stands out (read-only everywhere).
            <Tag
              value={t('auditor.roleBadge', { role })}
              severity={canWrite ? 'secondary' : 'warning'}
              title={canWrite ? undefined : t('auditor.readOnlyNotice')}
              // Phones and tablets have no room for it in the header: the role is on the Team Members screen too.
              className="hidden lg:inline-flex"
              data-testid="header-role"
            />
          ) : null}
          <Button
            type="button"
            text
            icon="pi pi-user"
            label={t('nav.admin')}
            aria-label={t('nav.admin')}
            className="shell-user-menu"
            onClick={(e) => userMenu.current?.toggle(e)}
            aria-haspopup
            data-testid="user-menu"
          />
        </span>
        <Menu
          ref={userMenu}
          popup
          aria-label={t('layout.userMenu')}
          model={[
            menuEntry(t('nav.changePassword'), 'pi pi-key', 'user-menu-change-password', () =>
              navigate(SET_PASSWORD_PATH),
            ),
            menuEntry(t('nav.logout'), 'pi pi-sign-out', 'logout', () => dispatch(loggedOut())),
          ]}
        />
      </header>
      <div className="admin-body">
        {phone ? (
          phoneMenuUsed ? (
            <LazyPart name="the menu" loading={null}>
              <PhoneMenu visible={menuOpen} onHide={() => setMenuOpen(false)}>
                {sideMenu(true)}
              </PhoneMenu>
            </LazyPart>
          ) : null
        ) : (
          sideMenu(menuOpen)
        )}
        <main id="admin-main" className="admin-main p-3" tabIndex={-1}>
          <PasswordPrompt />
          <Loading>
            <Outlet />
          </Loading>
        </main>
      </div>
      <ShortcutsHelp visible={helpOpen} onHide={() => setHelpOpen(false)} />
    </div>
  );
}
