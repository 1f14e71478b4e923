import type { ClientToServerEvents, Email, ServerToClientEvents } from '@teaminbox/contracts';
import { io, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../../test/app/test-app';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('realtime over socket.io at /ws', () => {
  let t: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t?.close());

  function connect(options: { token?: string; header?: string; query?: string } = {}): ClientSocket {
    const socket: ClientSocket = io(t.baseUrl, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      auth: options.token ? { token: options.token } : {},
      extraHeaders: options.header ? { authorization: `Bearer ${options.header}` } : undefined,
      query: options.query ? { token: options.query } : undefined,
    });
    sockets.push(socket);
    return socket;
  }

  function connected(socket: ClientSocket): Promise<void> {
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }

  function refused(socket: ClientSocket): Promise<Error> {
    return new Promise((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected without a valid token')));
      socket.once('connect_error', resolve);
    });
  }

  it('refuses a connection without a token or with a bad one', async () => {
    expect((await refused(connect())).message).toBe('Unauthorized');
    expect((await refused(connect({ token: 'not-a-jwt' }))).message).toBe('Unauthorized');
  });

  it('accepts the token from auth, the Authorization header or the query', async () => {
    const { token } = await t.signUp('ways');
    await connected(connect({ token }));
    await connected(connect({ header: token }));
    await connected(connect({ query: token }));
  });

  it("pushes each new email and the unread count to the team's sockets only", async () => {
    const member = await t.signUp('pushed');
    const outsider = await t.signUp('outsider');
    // Connected before the team exists: the socket joins the team room when the user joins the team.
    const socket = connect({ token: member.token });
    await connected(socket);
    expect((await t.request('/api/team', { method: 'PUT', token: member.token, body: 'Realtime' })).status).toBe(200);
    await t.request('/api/team', { method: 'PUT', token: outsider.token, body: 'Elsewhere' });
    const outsiderSocket = connect({ token: outsider.token });
    await connected(outsiderSocket);

    const received: Email[] = [];
    const counts: number[] = [];
    const leaked: Email[] = [];
    socket.on('team.emails.created', (emails) => received.push(...emails));
    socket.on('team.unread-count', (count) => counts.push(count));
    outsiderSocket.on('team.emails.created', (emails) => leaked.push(...emails));

    const res = await t.request('/api/emails/sample', { method: 'POST', token: member.token });
    expect(res.status).toBe(200);

    const deadline = Date.now() + 10_000;
    while ((received.length < 6 || !counts.includes(6)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(received).toHaveLength(6);
    expect(counts).toContain(6);
    expect(leaked).toEqual([]);

    const listed = await t.request<{ content: Email[] }>('/api/emails', { token: member.token });
    const byId = new Map(listed.body.content.map((email) => [email.id, email]));
    for (const email of received) expect(email).toEqual(byId.get(email.id));
  });
});
