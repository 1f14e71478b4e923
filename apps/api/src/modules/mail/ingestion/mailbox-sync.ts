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
    // A pipeline of two stages: while batch N is written (mostly waiting for Postgres), batch N+1 is fetched and
    // parsed. Writes stay in order, and a folder's last UID is saved only after its batch's events are stored.
    let writing: Promise<void> = Promise.resolve();
    let writeError: unknown = null;
    const settle = async () => {
      await writing;
      if (writeError) throw writeError;
    };
    try {
      for (const plan of plans) {
        const lock = await client.getMailboxLock(plan.folder, { readOnly: true });
        try {
          if (client.mailbox && client.mailbox.uidValidity !== plan.uidValidity) continue;
          for (let i = 0; i < plan.uids.length; i += options.batchSize) {
            if (options.shouldStop?.()) {
              await settle();
              return fresh;
            }
            const batch = plan.uids.slice(i, i + options.batchSize);
            const messages = await this.fetch(client, batch);
            const prepared = await this.ingestion.prepare(teamId, plan.folder, plan.uidValidity, messages);
            await settle();
            writing = (async () => {
              fresh += await this.ingestion.write(teamId, prepared);
              done += batch.length;
              await this.status.saveFolderProgress(teamId, plan.folder, plan.uidValidity, batch[batch.length - 1], {
                total,
                done,
              });
            })().catch((error: unknown) => {
              writeError = error;
            });
          }
        } finally {
          lock.release();
        }
      }
    } finally {
      await writing;
    }
    if (writeError) throw writeError;
    await this.status.recordProgress(teamId, null);
    await this.status.recordSynced(teamId);
    return fresh;
  }

  private async fetch(client: ImapFlow, uids: number[]): Promise<FetchedMessage[]> {
    const messages: FetchedMessage[] = [];
    for await (const message of client.fetch(
      uids.join(','),
      { uid: true, source: true, internalDate: true },
      { uid: true },
    )) {
      if (!message.source) continue;
      const internalDate = message.internalDate ? new Date(message.internalDate) : null;
      messages.push({ uid: message.uid, source: message.source, internalDate });
    }
    return messages.sort((a, b) => a.uid - b.uid);
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
