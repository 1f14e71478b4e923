import type { io as SocketIo, Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type CommentChange,
  type Email,
  type EmailChange,
  type EmailPresence,
  type LabelChange,
  type Notification,
  PUSH_NAMES,
  type PushName,
  type ReplyChange,
  type ReplyTemplateChange,
  type ServerToClientEvents,
} from '@teaminbox/contracts';
import { afterFirstScreen } from './first-screen';
import { RecentIds } from './recent-ids';

export type RealtimeStatus = 'connected' | 'disconnected';

export const REALTIME_RECONNECT_DELAY_MS = 5000;
export const RECENT_EMAIL_IDS = 100;

export interface RealtimeHandlers {
  onStatus(status: RealtimeStatus): void;
  onEmailCreated(email: Email): void;
  onUnreadCount(count: number): void;
  /** An email of the team changed (read state, flags, assignment, labels). */
  onEmailUpdated?(change: EmailChange): void;
  /** A comment was added, edited or deleted. */
  onComment?(change: CommentChange): void;
  /** Who views an email changed. */
  onPresence?(presence: EmailPresence): void;
  /** A reply draft was saved or deleted, or a reply was queued, sent or failed. */
  onReply?(change: ReplyChange): void;
  /** A label of the team was created, changed or deleted. */
  onLabelChanged?(change: LabelChange): void;
  /** A reply template of the team was saved or deleted. */
  onReplyTemplateChanged?(change: ReplyTemplateChange): void;
  /** A new notification of the signed-in user (de-duplicated by id). */
  onNotification?(notification: Notification): void;
  /** The user's unread notification count after a change. */
  onNotificationCount?(count: number): void;
  /** A person's profile photo changed (a member of the team, or the user). */
  onPersonPhotoChanged?(userId: string): void;
}

export interface RealtimeClient {
  status(): RealtimeStatus;
  close(): void;
}

export interface RealtimeOptions {
  /** The access token, or a function giving the one stored now (so a reconnect uses a replaced token). */
  token: string | (() => string | null);
  /** Defaults to the page's origin. */
  url?: string;
  reconnectDelayMs?: number;
  /**
   * Asked when the server refused or ended the connection and no newer token is stored: resolves true
   * when the session is still valid (try again after the delay), false when it has ended (stop). Without
   * it the client tries again after the delay.
   */
  checkSession?: () => Promise<boolean>;
}

/**
 * One socket.io connection at path /ws with the token in the handshake. socket.io itself retries a
 * dropped transport (every 5 s). When the server refuses the handshake or disconnects the socket (a
 * session that ended), the client tries again after 5 s only with a newer token or after checkSession
 * said the session is still valid, so a dead token does not loop. New-email events are de-duplicated
 * by id (the last 100 ids).
 */
export function createRealtimeClient(options: RealtimeOptions, handlers: RealtimeHandlers): RealtimeClient {
  let client: RealtimeClient | undefined;
  let closed = false;
  // socket.io's client is loaded once the first screen is shown: live updates never delay it.
  afterFirstScreen()
    .then(() => import('socket.io-client'))
    .then(
      ({ io }) => {
        if (!closed) client = connect(io, options, handlers);
      },
      (error: unknown) => console.error('the realtime client could not be loaded', error),
    );
  return {
    status: () => client?.status() ?? 'disconnected',
    close() {
      closed = true;
      client?.close();
    },
  };
}

function connect(io: typeof SocketIo, options: RealtimeOptions, handlers: RealtimeHandlers): RealtimeClient {
  const delay = options.reconnectDelayMs ?? REALTIME_RECONNECT_DELAY_MS;
  const currentToken = (): string | null => (typeof options.token === 'function' ? options.token() : options.token);
  const seen = new RecentIds(RECENT_EMAIL_IDS);
  const seenNotifications = new RecentIds(RECENT_EMAIL_IDS);
  let status: RealtimeStatus = 'disconnected';
  let closed = false;
  let checking = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let usedToken = currentToken();

  const bearer = (token: string | null): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

  // WebSocket first: one connection to one server, so replicas behind a proxy need no sticky sessions; HTTP long
  // polling only where WebSocket cannot connect (tryAllTransports).
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(options.url ?? window.location.origin, {
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    auth: (send) => {
      usedToken = currentToken();
      send({ token: usedToken });
    },
    extraHeaders: bearer(usedToken),
    reconnectionDelay: delay,
    reconnectionDelayMax: delay,
    // A handshake that neither opens nor fails (a proxy that accepts the WebSocket and closes it before the
    // handshake: no error event) is given up after 10 s, then retried, instead of socket.io's 20 s.
    timeout: 10_000,
    randomizationFactor: 0,
  });

  const setStatus = (next: RealtimeStatus) => {
    if (next === status) return;
    status = next;
    handlers.onStatus(next);
  };
  const retryLater = () => {
    if (closed || socket.active || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (closed) return;
      socket.io.opts.extraHeaders = bearer(currentToken());
      socket.connect();
    }, delay);
  };
  // A refused handshake or a server-side disconnect leaves the socket inactive (socket.io gives up).
  const dropped = () => {
    setStatus('disconnected');
    if (closed || socket.active || retry || checking) return;
    const token = currentToken();
    if (!token) return;
    if (token !== usedToken || !options.checkSession) {
      retryLater();
      return;
    }
    checking = true;
    options.checkSession().then(
      (valid) => {
        checking = false;
        if (valid) retryLater();
      },
      () => {
        checking = false;
        retryLater();
      },
    );
  };

  socket.on('connect', () => setStatus('connected'));
  socket.on('disconnect', dropped);
  socket.on('connect_error', dropped);
  // One listener per push of the contracts (the type requires every push): the socket subscribes to PUSH_NAMES.
  const listeners: { [P in PushName]: ServerToClientEvents[P] } = {
    'team.emails.created': (emails) => {
      if (!Array.isArray(emails)) return;
      for (const email of emails) {
        if (email && typeof email.id === 'string' && seen.remember(email.id)) handlers.onEmailCreated(email);
      }
    },
    'team.unread-count': (count) => handlers.onUnreadCount(Number(count)),
    'team.email.updated': (change) => handlers.onEmailUpdated?.(change),
    'email.comment': (change) => handlers.onComment?.(change),
    'email.presence': (presence) => handlers.onPresence?.(presence),
    'email.reply': (change) => handlers.onReply?.(change),
    'team.label.changed': (change) => handlers.onLabelChanged?.(change),
    'team.reply-template.changed': (change) => handlers.onReplyTemplateChanged?.(change),
    'user.notifications': (notifications) => {
      if (!Array.isArray(notifications)) return;
      for (const notification of notifications) {
        if (notification && typeof notification.id === 'string' && seenNotifications.remember(notification.id))
          handlers.onNotification?.(notification);
      }
    },
    'user.notification-count': (count) => handlers.onNotificationCount?.(Number(count)),
    'team.person.photo-changed': (change) => {
      if (change && typeof change.userId === 'string') handlers.onPersonPhotoChanged?.(change.userId);
    },
  };
  for (const push of PUSH_NAMES) socket.on(push, listeners[push]);

  return {
    status: () => status,
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
      setStatus('disconnected');
    },
  };
}
