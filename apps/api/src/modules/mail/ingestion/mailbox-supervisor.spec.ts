import type { AppConfig } from '../../../platform/config/app-config';
import type { MailConnections } from '../connection/mail-connections';
import { MailboxSupervisor } from './mailbox-supervisor';
import type { MailboxStatusStore } from './mailbox-status.store';
import type { MailboxSync } from './mailbox-sync';

describe('MailboxSupervisor at start', () => {
  const teamId = '0193a000-0000-7000-8000-000000000001';

  function supervisor(config: Partial<AppConfig>) {
    const activeMailboxes = jest.fn().mockResolvedValue([{ teamId, settings: { isActive: true } }]);
    const status = { activeMailboxes } as unknown as MailboxStatusStore;
    // A worker that would start only connects through these: a connect that never answers keeps it waiting.
    const connections = { connectImap: () => new Promise(() => undefined) } as unknown as MailConnections;
    const sut = new MailboxSupervisor(connections, {} as MailboxSync, status, config as AppConfig);
    jest.spyOn(sut as unknown as { startWorker: () => void }, 'startWorker').mockImplementation(() => undefined);
    return { sut, activeMailboxes, startWorker: (sut as unknown as { startWorker: jest.Mock }).startWorker };
  }

  it('watches every active mailbox', async () => {
    const { sut, activeMailboxes, startWorker } = supervisor({});
    await sut.onApplicationBootstrap();
    expect(activeMailboxes).toHaveBeenCalledTimes(1);
    expect(startWorker).toHaveBeenCalledWith(teamId, { isActive: true });
  });

  it('starts no worker when the configuration says mailboxWorkers: false (npm run verify beside the app)', async () => {
    const { sut, activeMailboxes, startWorker } = supervisor({ mailboxWorkers: false });
    await sut.onApplicationBootstrap();
    expect(activeMailboxes).not.toHaveBeenCalled();
    expect(startWorker).not.toHaveBeenCalled();
  });
});
