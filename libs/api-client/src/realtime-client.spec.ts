/** @jest-environment node */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { PUSH_NAMES, type PushName, SOCKET_PATH } from '@teaminbox/contracts';
import {
  createRealtimeClient,
  type RealtimeClient,
  type RealtimeHandlers,
  type RealtimeStatus,
} from './realtime-client';

const DELAY_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached in time');
    await sleep(10);
  }
}

/** A real socket.io server that accepts the tokens in `valid` and records every handshake's token. */
function startServer() {
  const http: HttpServer = createServer();
  const io = new Server(http, { path: SOCKET_PATH });
  const valid = new Set<string>();
  const handshakes: string[] = [];
  const sockets: Socket[] = [];
  io.use((socket, next) => {
    const token = String(socket.handshake.auth?.token ?? '');
    handshakes.push(token);
    next(valid.has(token) ? undefined : new Error('Unauthorized'));
  });
  io.on('connection', (socket) => sockets.push(socket));
  return new Promise<{ url: string; io: Server; valid: Set<string>; handshakes: string[]; sockets: Socket[] }>(
    (resolve) =>
      http.listen(0, '127.0.0.1', () =>
        resolve({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, io, valid, handshakes, sockets }),
      ),
  );
}

describe('the realtime client', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: RealtimeClient | undefined;
  const statuses: RealtimeStatus[] = [];
  const handlers = {
    onStatus: (s: RealtimeStatus) => statuses.push(s),
    onEmailCreated: () => undefined,
    onUnreadCount: () => undefined,
  };

  beforeEach(async () => {
    statuses.length = 0;
    server = await startServer();
  });
  afterEach(async () => {
    client?.close();
    client = undefined;
    await server.io.close();
  });

  /** A client connected with a token the server accepts, with these handlers besides the default ones. */
  const connected = async (token: string, more: Partial<RealtimeHandlers>) => {
    server.valid.add(token);
    client = createRealtimeClient({ url: server.url, token, reconnectDelayMs: DELAY_MS }, { ...handlers, ...more });
    await until(() => client!.status() === 'connected');
  };

  it("hands each of a message's new emails over in order, and each id once", async () => {
    const created: string[] = [];
    await connected('mail', { onEmailCreated: (email) => created.push(email.id) });
    const email = (id: string) => ({ id, subject: `Subject ${id}` });
    server.io.emit('team.emails.created', [email('a'), email('b'), email('c')]);
    // A malformed message (not a list, an entry without an id) hands nothing over.
    server.io.emit('team.emails.created', { id: 'not-a-list' } as never);
    server.io.emit('team.emails.created', [{ subject: 'no id' }] as never);
    // A repeat (after a crash, the same email pushed again) and a new one in the next message.
    server.io.emit('team.emails.created', [email('b'), email('d')]);
    await until(() => created.length >= 4);
    await sleep(DELAY_MS);
    expect(created).toEqual(['a', 'b', 'c', 'd']);
  });

  it('stops trying with a refused token once the session check says it has ended', async () => {
    const checkSession = jest.fn(async () => false);
    client = createRealtimeClient(
      { url: server.url, token: 'dead', reconnectDelayMs: DELAY_MS, checkSession },
      handlers,
    );
    await until(() => checkSession.mock.calls.length === 1);
    await sleep(DELAY_MS * 6);
    expect(server.handshakes).toEqual(['dead']);
    expect(checkSession).toHaveBeenCalledTimes(1);
    expect(client.status()).toBe('disconnected');
  });

  it('connects over WebSocket from the first request (no polling handshake a load balancer would need to pin)', async () => {
    server.valid.add('ws');
    const opened: string[] = [];
    server.io.engine.on('connection', (raw: { transport: { name: string } }) => opened.push(raw.transport.name));
    client = createRealtimeClient({ url: server.url, token: 'ws', reconnectDelayMs: DELAY_MS }, handlers);
    await until(() => client!.status() === 'connected');
    expect(opened).toEqual(['websocket']);
    expect(server.sockets[0].conn.transport.name).toBe('websocket');
  });

  it('tries again after the delay while the session check says the session is valid', async () => {
    let checks = 0;
    client = createRealtimeClient(
      {
        url: server.url,
        token: 'later-valid',
        reconnectDelayMs: DELAY_MS,
        checkSession: async () => {
          checks++;
          server.valid.add('later-valid');
          return true;
        },
      },
      handlers,
    );
    await until(() => client!.status() === 'connected');
    expect(checks).toBe(1);
    expect(server.handshakes).toEqual(['later-valid', 'later-valid']);
  });

  it('reconnects with the newer token after the server ended the socket of the old one', async () => {
    let stored = 'first';
    server.valid.add('first');
    const checkSession = jest.fn(async () => false);
    client = createRealtimeClient(
      { url: server.url, token: () => stored, reconnectDelayMs: DELAY_MS, checkSession },
      handlers,
    );
    await until(() => client!.status() === 'connected');

    // A password change in this tab: a new token is stored, the server ends the old sessions' sockets.
    stored = 'second';
    server.valid.delete('first');
    server.valid.add('second');
    server.sockets[0].disconnect(true);

    await until(() => server.handshakes.length === 2 && client!.status() === 'connected');
    expect(server.handshakes).toEqual(['first', 'second']);
    expect(checkSession).not.toHaveBeenCalled();
    expect(statuses).toEqual(['connected', 'disconnected', 'connected']);
  });

  it('hands label and reply template changes of the team to their handlers', async () => {
    server.valid.add('member');
    const labels: unknown[] = [];
    const templates: unknown[] = [];
    client = createRealtimeClient(
      { url: server.url, token: 'member', reconnectDelayMs: DELAY_MS },
      {
        ...handlers,
        onLabelChanged: (change) => labels.push(change),
        onReplyTemplateChanged: (change) => templates.push(change),
      },
    );
    await until(() => client!.status() === 'connected');
    const label = {
      id: 'l-1',
      name: 'VIP',
      color: 'danger',
      backgroundColor: 'solid',
      teamId: 't-1',
      isDefault: false,
    };
    server.sockets[0].emit('team.label.changed', { kind: 'created', label });
    server.sockets[0].emit('team.label.changed', { kind: 'deleted', labelId: 'l-1' });
    server.sockets[0].emit('team.reply-template.changed', { kind: 'deleted', templateId: 'r-1' });
    await until(() => labels.length === 2 && templates.length === 1);
    expect(labels).toEqual([
      { kind: 'created', label },
      { kind: 'deleted', labelId: 'l-1' },
    ]);
    expect(templates).toEqual([{ kind: 'deleted', templateId: 'r-1' }]);
  });

  it("hands each of a push's notifications to the handler in order, once per id, and ignores a malformed push", async () => {
    const notified: string[] = [];
    await connected('member', { onNotification: (n) => notified.push(n.id) });
    const n = (id: string) => ({ id, type: 'EMAIL_RECEIVED', title: 'New e-mail', message: 'Hi', createdAt: '' });
    server.sockets[0].emit('user.notifications', { id: 'not-a-list' });
    server.sockets[0].emit('user.notifications', [n('a'), n('b'), null, { id: 7 }]);
    // A push repeated after a crash of the server: the ids it has are dropped.
    server.sockets[0].emit('user.notifications', [n('b'), n('c')]);
    await until(() => notified.length === 3);
    await sleep(DELAY_MS);
    expect(notified).toEqual(['a', 'b', 'c']);
  });

  it('hands every push of the contracts to its handler', async () => {
    const heard: [PushName, unknown][] = [];
    const hear = (push: PushName) => (payload: unknown) => heard.push([push, payload]);
    await connected('member', {
      onEmailCreated: (email) => heard.push(['team.emails.created', email.id]),
      onUnreadCount: hear('team.unread-count'),
      onNotification: (notification) => heard.push(['user.notifications', notification.id]),
      onNotificationCount: hear('user.notification-count'),
      onPresence: hear('email.presence'),
      onEmailUpdated: hear('team.email.updated'),
      onComment: hear('email.comment'),
      onReply: hear('email.reply'),
      onLabelChanged: hear('team.label.changed'),
      onReplyTemplateChanged: hear('team.reply-template.changed'),
      onPersonPhotoChanged: hear('team.person.photo-changed'),
    });
    // What the handler is given for each push's payload (a list's items are handed over one by one, by id).
    const sent: Record<PushName, [payload: unknown, handed: unknown]> = {
      'team.emails.created': [[{ id: 'e-1' }], 'e-1'],
      'team.unread-count': [4, 4],
      'user.notifications': [[{ id: 'n-1' }], 'n-1'],
      'user.notification-count': [2, 2],
      'email.presence': [
        { emailId: 'e-1', viewers: [] },
        { emailId: 'e-1', viewers: [] },
      ],
      'team.email.updated': [{ id: 'e-1' }, { id: 'e-1' }],
      'email.comment': [
        { emailId: 'e-1', kind: 'deleted' },
        { emailId: 'e-1', kind: 'deleted' },
      ],
      'email.reply': [
        { emailId: 'e-1', kind: 'deleted' },
        { emailId: 'e-1', kind: 'deleted' },
      ],
      'team.label.changed': [
        { kind: 'deleted', labelId: 'l-1' },
        { kind: 'deleted', labelId: 'l-1' },
      ],
      'team.reply-template.changed': [
        { kind: 'deleted', templateId: 'r-1' },
        { kind: 'deleted', templateId: 'r-1' },
      ],
      'team.person.photo-changed': [{ userId: 'u-1' }, 'u-1'],
    };
    for (const push of PUSH_NAMES) server.sockets[0].emit(push, sent[push][0]);
    await until(() => heard.length === PUSH_NAMES.length);
    expect(heard).toEqual(PUSH_NAMES.map((push) => [push, sent[push][1]]));
  });
});
