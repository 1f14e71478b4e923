import '../../i18n/texts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import type { Notification } from '@teaminbox/contracts';
import { notificationIcon, notificationTime, PageHeading, useNavigate, useNow } from '@teaminbox/ui';
import {
  browserNotificationsRequested,
  NEWEST_NOTIFICATIONS,
  useAppDispatch,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
  useNotificationUnreadCountQuery,
} from '@teaminbox/web-store';

export { notificationIcon };

const NONE: Notification[] = [];

function NotificationItem({ notification, now }: { notification: Notification; now: Date }) {
  const { t } = useTranslation('settings');
  const [markRead] = useMarkNotificationReadMutation();
  const navigate = useNavigate();
  const open = () => {
    if (notification.actionUrl) navigate(notification.actionUrl);
  };
  return (
    <li
      className={`notification-item flex align-items-start gap-3 p-3 border-round ${
        notification.read ? '' : 'notification-item--unread surface-100 font-semibold'
      }`}
      data-testid="notification-item"
      data-read={notification.read ? 'true' : 'false'}
      data-type={notification.type}
      style={{ cursor: notification.actionUrl ? 'pointer' : 'default' }}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter') open();
      }}
      tabIndex={notification.actionUrl ? 0 : -1}
      role={notification.actionUrl ? 'link' : undefined}
    >
      <i className={notificationIcon(notification.type)} aria-hidden data-testid="notification-icon" />
      <div className="flex-1 flex flex-column gap-1" style={{ minWidth: 0 }}>
        <span data-testid="notification-title">{notification.title}</span>
        <span className="font-normal" data-testid="notification-message">
          {notification.message}
        </span>
        <small className="text-color-secondary font-normal" data-testid="notification-time">
          {notificationTime(notification.createdAt, t, now)}
        </small>
      </div>
      {notification.read ? null : (
        <Button
          type="button"
          size="small"
          text
          label={t('notifications.markRead')}
          data-testid="notification-mark-read"
          onClick={(e) => {
            e.stopPropagation();
            void markRead(notification.id);
          }}
        />
      )}
    </li>
  );
}

/**
 * /admin/notifications: the caller's notifications, newest first; live ones go on top (spec section 2). The newest
 * page and the unread count are the one notifications cache the bell shares; the page is read again on arrival, on
 * 'refresh' and when the socket (re)connects (what was pushed before it could hear is read then).
 */
export default function NotificationsPage() {
  const { t } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const list = useNotificationsQuery(NEWEST_NOTIFICATIONS, { refetchOnMountOrArgChange: true });
  const { data: unreadCount } = useNotificationUnreadCountQuery();
  const [markAllRead] = useMarkAllNotificationsReadMutation();
  const items = list.data ?? NONE;
  const loading = list.isFetching;
  const now = useNow();
  const unreadListed = items.filter((n) => !n.read).length;
  const { refetch } = list;

  // The unread count is pushed once the list has the notifications it counts: more than are listed means some push
  // did not reach this page (the socket was not connected yet), so the list is read again.
  useEffect(() => {
    if (unreadCount !== undefined && unreadCount > unreadListed) void refetch();
    // Only a new count asks; a list that changes by itself does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refetch, unreadCount]);

  return (
    <div className="flex flex-column gap-3">
      <PageHeading title={t('notifications.heading')} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          icon="pi pi-check"
          label={t('notifications.markAllRead')}
          onClick={() => void markAllRead()}
          data-testid="notifications-mark-all"
        />
        <Button
          type="button"
          icon="pi pi-refresh"
          outlined
          label={t('notifications.refresh')}
          onClick={() => void refetch()}
          data-testid="notifications-refresh"
        />
        <Button
          type="button"
          icon="pi pi-desktop"
          text
          label={t('notifications.enableBrowser')}
          onClick={() => dispatch(browserNotificationsRequested())}
          data-testid="notifications-enable-browser"
        />
      </div>
      {loading ? (
        <div className="flex justify-content-center p-3">
          <ProgressSpinner
            style={{ width: 40, height: 40 }}
            aria-label={t('remote.loading')}
            data-testid="notifications-loading"
          />
        </div>
      ) : null}
      {!loading && items.length === 0 ? <p data-testid="notifications-empty">{t('notifications.empty')}</p> : null}
      {items.length > 0 ? (
        <ul className="list-none m-0 p-0 flex flex-column gap-2" data-testid="notifications-list">
          {items.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} now={now} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
