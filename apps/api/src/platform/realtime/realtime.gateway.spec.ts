import type { AccessTokenService } from '../auth/access-token.service';
import type { ClusterPool } from '../cluster/cluster-pool';
import { RealtimeGateway, type RealtimeServer } from './realtime.gateway';

/** A socket.io server that records where each emit went: through the adapter or to this process's sockets only. */
function fakeServer(serverCounts: (() => Promise<number>)[]) {
  const sent: [via: 'adapter' | 'local', room: string, event: string, payload: unknown][] = [];
  const to = (via: 'adapter' | 'local') => (room: string) => ({
    emit: (event: string, payload: unknown) => sent.push([via, room, event, payload]),
  });
  let call = 0;
  const server = {
    of: () => ({ adapter: { serverCount: () => serverCounts[Math.min(call++, serverCounts.length - 1)]() } }),
    to: to('adapter'),
    local: { to: to('local') },
  };
  return { server: server as unknown as RealtimeServer, sent };
}

const gatewayWith = (server: RealtimeServer) => {
  const gateway = new RealtimeGateway({} as AccessTokenService, {} as ClusterPool);
  gateway.server = server;
  return gateway;
};
/** An owner of the two pushes these emits send. */
const OWNER = { name: 'test', pushes: ['team.unread-count', 'user.notification-count'] } as const;
const settled = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('RealtimeGateway room emits', () => {
  it("reach this process's sockets directly when no other replica is known, through the adapter when one is", async () => {
    const alone = fakeServer([async () => 1]);
    gatewayWith(alone.server).pusher(OWNER).toTeam('t1').emit('team.unread-count', 3);
    await settled();
    expect(alone.sent).toEqual([['local', 'team:t1', 'team.unread-count', 3]]);

    const withReplicas = fakeServer([async () => 2]);
    gatewayWith(withReplicas.server).pusher(OWNER).toUser('u1').emit('user.notification-count', 4);
    await settled();
    expect(withReplicas.sent).toEqual([['adapter', 'user:u1', 'user.notification-count', 4]]);
  });

  it('leave in the order they were asked for, however long the replica count takes', async () => {
    const slowFirst = fakeServer([
      () => new Promise((resolve) => setTimeout(() => resolve(1), 20)),
      async () => 1,
      async () => 2,
    ]);
    const gateway = gatewayWith(slowFirst.server).pusher(OWNER);
    gateway.toTeam('t1').emit('team.unread-count', 1);
    gateway.toTeam('t1').emit('team.unread-count', 2);
    gateway.toUser('u1').emit('user.notification-count', 3);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(slowFirst.sent).toEqual([
      ['local', 'team:t1', 'team.unread-count', 1],
      ['local', 'team:t1', 'team.unread-count', 2],
      ['adapter', 'user:u1', 'user.notification-count', 3],
    ]);
  });
});

describe('RealtimeGateway pushers', () => {
  it('refuse a push the owner does not declare, naming the module and the push, and send nothing', async () => {
    const alone = fakeServer([async () => 1]);
    const labels = gatewayWith(alone.server).pusher({ name: 'labels', pushes: ['team.label.changed'] });
    // An undeclared push does not compile (the spec typecheck fails without the error here) and throws.
    // @ts-expect-error 'team.unread-count' is not a push of 'labels'
    expect(() => labels.toTeam('t1').emit('team.unread-count', 3)).toThrow(
      "The module 'labels' does not declare the push 'team.unread-count' in its manifest",
    );
    expect(() => labels.toUser('u1').emit('team.label.changed', { kind: 'deleted', labelId: 'l1' })).not.toThrow();
    await settled();
    expect(alone.sent).toEqual([['local', 'user:u1', 'team.label.changed', { kind: 'deleted', labelId: 'l1' }]]);
  });

  it("send to this process's sockets of several users at once, one message", () => {
    const sent: [rooms: string[], push: string, payload: unknown][] = [];
    const server = {
      local: {
        to: (rooms: string[]) => ({ emit: (push: string, payload: unknown) => sent.push([rooms, push, payload]) }),
      },
    };
    const pusher = gatewayWith(server as unknown as RealtimeServer).pusher(OWNER);
    pusher.toUsersHere(['u1', 'u2']).emit('user.notification-count', 2);
    expect(sent).toEqual([[['user:u1', 'user:u2'], 'user.notification-count', 2]]);
    // @ts-expect-error 'email.reply' is not a push of 'test'
    expect(() => pusher.toUsersHere(['u1']).emit('email.reply', {})).toThrow(
      "The module 'test' does not declare the push 'email.reply' in its manifest",
    );
  });
});
