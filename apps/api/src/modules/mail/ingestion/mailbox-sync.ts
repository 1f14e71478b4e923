import { Injectable } from '@nestjs/common';
import type { ImapFlow } from 'imapflow';
import { MailboxStatusStore } from './mailbox-status.store';
import { type FetchedMessage, MessageIngestion } from './message-ingestion';

export interface SyncOptions {
  batchSize: number;
  /** Checked between batches; true stops the sync (the folder state keeps what was done). */
  shouldStop?: () => boolean;
}

interface FolderPlan {
  folder: string;
  uidValidity: bigint;
  uids: number[];
}

/**
 * One synchronisation round of a mailbox over its folders, on an open connection. Folders are opened
 * read-only (EXAMINE) and bodies are fetched with BODY.PEEK, so server flags never change. The last UID
 * per folder is saved after each batch, so an interrupted first sync resumes where it stopped.
 */
@Injectable()
export class MailboxSync {
  constructor(
    private readonly status: MailboxStatusStore,
    private readonly ingestion: MessageIngestion,
  ) {}

  async syncFolders(client: ImapFlow, teamId: string, folders: string[], options: SyncOptions): Promise<number> {
    const plans: FolderPlan[] = [];
    for (const folder of folders) plans.push(await this.plan(client, teamId, folder));
    const total = plans.reduce((sum, plan) => sum + plan.uids.length, 0);
    if (total === 0) {
      await this.status.recordSynced(teamId);
      return 0;
    }
    let done = 0;
    let fresh = 0;
    await this.status.recordProgress(teamId, { total, done });
    for (const plan of plans) {
      const lock = await client.getMailboxLock(plan.folder, { readOnly: true });
      try {
        if (client.mailbox && client.mailbox.uidValidity !== plan.uidValidity) continue;
        for (let i = 0; i < plan.uids.length; i += options.batchSize) {
          if (options.shouldStop?.()) return fresh;
          const batch = plan.uids.slice(i, i + options.batchSize);
          const messages: FetchedMessage[] = [];
          for await (const message of client.fetch(
            batch.join(','),
            { uid: true, source: true, internalDate: true },
            { uid: true },
          )) {
            if (!message.source) continue;
            const internalDate = message.internalDate ? new Date(message.internalDate) : null;
            messages.push({ uid: message.uid, source: message.source, internalDate });
          }
          messages.sort((a, b) => a.uid - b.uid);
          fresh += await this.ingestion.ingest(teamId, plan.folder, plan.uidValidity, messages);
          await this.status.saveFolderState(teamId, plan.folder, plan.uidValidity, batch[batch.length - 1]);
          done += batch.length;
          await this.status.recordProgress(teamId, { total, done });
        }
      } finally {
        lock.release();
      }
    }
    await this.status.recordProgress(teamId, null);
    await this.status.recordSynced(teamId);
    return fresh;
  }

  /** UIDs above the folder's saved last UID; a changed UIDVALIDITY restarts the folder from zero. */
  private async plan(client: ImapFlow, teamId: string, folder: string): Promise<FolderPlan> {
    const lock = await client.getMailboxLock(folder, { readOnly: true });
    try {
      const mailbox = client.mailbox;
      if (!mailbox) throw new Error(`Folder ${folder} could not be opened`);
      const uidValidity = BigInt(mailbox.uidValidity);
      const state = await this.status.folderState(teamId, folder);
      let lastUid = state?.lastUid ?? 0;
      if (!state || state.uidValidity !== uidValidity) {
        lastUid = 0;
        await this.status.saveFolderState(teamId, folder, uidValidity, 0);
      }
      if (mailbox.exists === 0) return { folder, uidValidity, uids: [] };
      const found = (await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || [];
      return { folder, uidValidity, uids: found.filter((uid) => uid > lastUid).sort((a, b) => a - b) };
    } finally {
      lock.release();
    }
  }
}
