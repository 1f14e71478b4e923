import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { OverlayPanel } from 'primereact/overlaypanel';
import { ProgressSpinner } from 'primereact/progressspinner';
import { SNOOZE_MINUTES, type Notification } from '@teaminbox/contracts';
import { notificationIcon, notificationTime, useNavigate, useNow } from '@teaminbox/ui';
import {
  selectSnoozedUntil,
  snoozeEndRequested,
  snoozeRequested,
  useAppDispatch,
  useAppSelector,
  useBellNotifications,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '@teaminbox/web-store';
import { menuEntry } from '../../app/menu-entry';

/**
 * The header's bell: the live unread count, a panel of the recent notifications (a click opens the email, mark all
 * as read, a link to all notifications) and the snooze menu (15, 60 or 240 minutes, or end the snooze). The
 * notifications and the count are the one notifications cache the Notifications screen shares: a mark read in either
 * shows in both.
 */
export function NotificationBell() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const bell = useBellNotifications();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead] = useMarkAllNotificationsReadMutation();
  const snoozedUntilTime = useAppSelector(selectSnoozedUntil);
  const now = useNow();
  const panel = useRef<OverlayPanel>(null);
  const snoozeMenu = useRef<Menu>(null);
  const snoozed = snoozedUntilTime !== null && Date.parse(snoozedUntilTime) > now.getTime();
  const snoozedUntil = snoozed
    ? new Date(snoozedUntilTime as string).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : '';

  const open = (notification: Notification) => {
    // Marked read once the server accepted it (the mutation raises the error notice otherwise).
    if (!notification.read) void markRead(notification.id);
    if (notification.actionUrl) {
      panel.current?.hide();
      navigate(notification.actionUrl);
    }
  };

  const snoozeItems: MenuItem[] = [
    ...SNOOZE_MINUTES.map((n) =>
      menuEntry(t('notifications.snoozeFor', { n }), 'pi pi-clock', `bell-snooze-${n}`, () =>
        dispatch(snoozeRequested(n)),
      ),
    ),
    ...(snoozed
      ? [
          menuEntry(t('notifications.endSnooze'), 'pi pi-volume-up', 'bell-snooze-end', () =>
            dispatch(snoozeEndRequested()),
          ),
        ]
      : []),
  ];

  return (
    <>
      <Button
        type="button"
        text
        rounded
        className="p-overlay-badge bell-button"
        icon={snoozed ? 'pi pi-bell-slash' : 'pi pi-bell'}
        aria-label={`${t('notifications.bell')}${bell.unreadCount > 0 ? ` (${bell.unreadCount})` : ''}`}
        aria-haspopup="dialog"
        onClick={(e) => {
          bell.refetch();
          panel.current?.toggle(e);
        }}
        data-testid="bell"
      >
        {bell.unreadCount > 0 ? (
          <Badge value={bell.unreadCount > 99 ? '99+' : bell.unreadCount} severity="danger" data-testid="bell-count" />
        ) : null}
      </Button>
      <OverlayPanel ref={panel} aria-label={t('notifications.bell')} className="bell-panel" data-testid="bell-panel">
        <div className="flex align-items-center gap-2 mb-2">
          <strong className="flex-1">{t('notifications.heading')}</strong>
          <Button
            type="button"
            text
            size="small"
            icon="pi pi-check"
            label={t('notifications.markAllRead')}
            disabled={bell.unreadCount === 0}
            onClick={() => void markAllRead()}
            data-testid="bell-mark-all"
          />
          <Button
            type="button"
            text
            size="small"
            icon={snoozed ? 'pi pi-bell-slash' : 'pi pi-clock'}
            label={t('notifications.snooze')}
            aria-haspopup
            onClick={(e) => snoozeMenu.current?.toggle(e)}
            data-testid="bell-snooze"
          />
        </div>
        {snoozed ? (
          <p className="m-0 mb-2 text-color-secondary" data-testid="bell-snoozed">
            {t('notifications.snoozedUntil', { time: snoozedUntil })}
          </p>
        ) : null}
        {bell.loading && bell.recent.length === 0 ? (
          <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('notifications.heading')} />
        ) : bell.recent.length === 0 ? (
          <p className="m-0" data-testid="bell-empty">
            {t('notifications.empty')}
          </p>
        ) : (
          <ul className="list-none p-0 m-0 bell-list">
            {bell.recent.map((notification) => (
              <li key={notification.id}>
                <button
                  type="button"
                  className={`bell-item ${notification.read ? '' : 'bell-item--unread'}`}
                  onClick={() => open(notification)}
                  data-testid="bell-item"
                  data-read={notification.read ? 'yes' : 'no'}
                  data-type={notification.type}
                >
                  <i className={notificationIcon(notification.type)} aria-hidden />
                  <span className="flex-1 flex flex-column gap-1 text-left">
                    <strong>{notification.title}</strong>
                    <span>{notification.message}</span>
                    <small>{notificationTime(notification.createdAt, t, now)}</small>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-2">
          <Button
            type="button"
            link
            size="small"
            label={t('notifications.showAll')}
            onClick={() => {
              panel.current?.hide();
              navigate('/admin/notifications');
            }}
            data-testid="bell-show-all"
          />
        </div>
      </OverlayPanel>
      <Menu ref={snoozeMenu} popup model={snoozeItems} aria-label={t('notifications.snooze')} />
    </>
  );
}
