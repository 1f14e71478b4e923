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
const settled = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('RealtimeGateway room emits', () => {
  it("reach this process's sockets directly when no other replica is known, through the adapter when one is", async () => {
    const alone = fakeServer([async () => 1]);
    gatewayWith(alone.server).toTeam('t1').emit('team.unread-count', 3);
    await settled();
    expect(alone.sent).toEqual([['local', 'team:t1', 'team.unread-count', 3]]);

    const withReplicas = fakeServer([async () => 2]);
    gatewayWith(withReplicas.server).toUser('u1').emit('user.notification-count', 4);
    await settled();
    expect(withReplicas.sent).toEqual([['adapter', 'user:u1', 'user.notification-count', 4]]);
  });

  it('leave in the order they were asked for, however long the replica count takes', async () => {
    const slowFirst = fakeServer([
      () => new Promise((resolve) => setTimeout(() => resolve(1), 20)),
      async () => 1,
      async () => 2,
    ]);
    const gateway = gatewayWith(slowFirst.server);
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
