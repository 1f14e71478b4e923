import type { ClusterPool } from '../../../../platform/cluster/cluster-pool';
import type { AppConfig } from '../../../../platform/config/app-config';
import type { MailConnections } from './mail-connections';
import { fairShare, leaseScore, MailboxSupervisor } from './mailbox-supervisor';
import type { MailboxStatusStore } from './mailbox-status.store';
import type { MailboxSync } from './mailbox-sync';

describe('MailboxSupervisor', () => {
  it('starts no lease connection and no worker when the configuration says mailboxWorkers: false', async () => {
    const activeMailboxes = jest.fn().mockResolvedValue([{ teamId: 't', settings: { isActive: true } }]);
    const status = { activeMailboxes, settingsOf: jest.fn() } as unknown as MailboxStatusStore;
    const connect = jest.fn();
    const cluster = { replicaId: 'r', pool: { options: {}, query: jest.fn().mockResolvedValue({}) } };
    const sut = new MailboxSupervisor(
      { connectImap: connect } as unknown as MailConnections,
      {} as MailboxSync,
      status,
      { mailboxWorkers: false } as AppConfig,
      cluster as unknown as ClusterPool,
    );
    await sut.onApplicationBootstrap();
    await sut.reload('t');
    expect(activeMailboxes).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
    expect(sut.watched()).toEqual([]);
    // The replicas that run workers still hear of the change.
    expect(cluster.pool.query).toHaveBeenCalledWith('SELECT pg_notify($1, $2)', [
      'teaminbox_mailbox_config',
      JSON.stringify({ teamId: 't', from: 'r' }),
    ]);
    await sut.onApplicationShutdown();
  });
});

describe('spreading mailboxes over replicas', () => {
  it('gives each live replica an even share, rounded up', () => {
    expect(fairShare(10, 1)).toBe(10);
    expect(fairShare(10, 2)).toBe(5);
    expect(fairShare(3, 2)).toBe(2);
    expect(fairShare(0, 2)).toBe(0);
    expect(fairShare(4, 0)).toBe(4);
  });

  it('orders mailboxes differently for each replica (rendezvous hashing), the same way every time', () => {
    const teams = Array.from({ length: 20 }, (_, i) => `team-${i}`);
    const order = (replica: string) =>
      [...teams].sort((a, b) => leaseScore(replica, b).localeCompare(leaseScore(replica, a)));
    expect(order('a')).toEqual(order('a'));
    expect(order('a').slice(0, 10)).not.toEqual(order('b').slice(0, 10));
  });
});
