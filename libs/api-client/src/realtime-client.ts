import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type Email, type ServerToClientEvents, type ClientToServerEvents } from '@teaminbox/contracts';
import { RecentIds } from './recent-ids';

export type RealtimeStatus = 'connected' | 'disconnected';

export const REALTIME_RECONNECT_DELAY_MS = 5000;
export const RECENT_EMAIL_IDS = 100;

export interface RealtimeHandlers {
  onStatus(status: RealtimeStatus): void;
  onEmailCreated(email: Email): void;
  onUnreadCount(count: number): void;
}

export interface RealtimeClient {
  status(): RealtimeStatus;
  close(): void;
}

export interface RealtimeOptions {
  token: string;
  /** Defaults to the page's origin. */
  url?: string;
  reconnectDelayMs?: number;
}

/**
 * One socket.io connection at path /ws with the token in the handshake. When the connection fails
 * it tries again after 5 s; new-email events are de-duplicated by id (the last 100 ids).
 */
export function createRealtimeClient(options: RealtimeOptions, handlers: RealtimeHandlers): RealtimeClient {
  const delay = options.reconnectDelayMs ?? REALTIME_RECONNECT_DELAY_MS;
  const seen = new RecentIds(RECENT_EMAIL_IDS);
  let status: RealtimeStatus = 'disconnected';
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(options.url ?? window.location.origin, {
    path: SOCKET_PATH,
    auth: { token: options.token },
    extraHeaders: { Authorization: `Bearer ${options.token}` },
    reconnectionDelay: delay,
    reconnectionDelayMax: delay,
    randomizationFactor: 0,
  });

  const setStatus = (next: RealtimeStatus) => {
    if (next === status) return;
    status = next;
    handlers.onStatus(next);
  };
  // socket.io retries a dropped transport by itself; a refused handshake or a server-side
  // disconnect leaves the socket inactive, and then we retry ourselves.
  const retryLater = () => {
    if (closed || socket.active || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (!closed) socket.connect();
    }, delay);
  };

  socket.on('connect', () => setStatus('connected'));
  socket.on('disconnect', () => {
    setStatus('disconnected');
    retryLater();
  });
  socket.on('connect_error', () => {
    setStatus('disconnected');
    retryLater();
  });
  socket.on('team.email.created', (email) => {
    if (email && typeof email.id === 'string' && seen.remember(email.id)) handlers.onEmailCreated(email);
  });
  socket.on('team.unread-count', (count) => handlers.onUnreadCount(Number(count)));

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
