import { Injectable } from '@nestjs/common';
import type { ImapFlow } from 'imapflow';
import { MailboxStatusStore } from './mailbox-status.store';
import { type FetchedMessage, MessageIngestion } from './message-ingestion';

export interface SyncOptions {
  /** Messages fetched, parsed and written together at most. */
  batchSize: number;
  /** Bytes (RFC822.SIZE) of a batch at most, so large mail does not fill the memory; a bigger message goes alone. */
  batchBytes?: number;
  /** Checked between batches; true stops the sync (the folder state keeps what was done). */
  shouldStop?: () => boolean;
}

interface FolderPlan {
  folder: string;
  uidValidity: bigint;
  /** New messages in UID order, with their size. */
  messages: { uid: number; size: number }[];
  /** Messages up to this UID were in the folder when it was first read: old mail of the first synchronisation. */
  firstSyncUntil: number;
}

const DEFAULT_BATCH_BYTES = 32 * 1024 * 1024;
/** Messages up to this size are not measured one by one (see plan). */
const SMALL_MESSAGE_BYTES = 64 * 1024;

/** An IMAP sequence set of ascending UIDs with runs written as ranges: 1,2,3,7 → 1:3,7. */
export function uidSet(uids: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < uids.length; i++) {
    let j = i;
    while (j + 1 < uids.length && uids[j + 1] === uids[j] + 1) j++;
    parts.push(j > i ? `${uids[i]}:${uids[j]}` : String(uids[i]));
    i = j;
  }
  return parts.join(',');
}

/** Splits a folder's new messages into batches of at most `count` messages and `bytes` bytes (at least one each). */
export function batchesOf(
  messages: readonly { uid: number; size: number }[],
  count: number,
  bytes: number,
): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let size = 0;
  for (const message of messages) {
    if (current.length > 0 && (current.length >= count || size + message.size > bytes)) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(message.uid);
    size += message.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
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
    const total = plans.reduce((sum, plan) => sum + plan.messages.length, 0);
    if (total === 0) {
      await this.status.recordSynced(teamId);
      return 0;
    }
    let done = 0;
    let fresh = 0;
    await this.status.recordProgress(teamId, { total, done });
    // A pipeline: batch N+1 is fetched while batch N is parsed (on the parser's worker threads) and then written
    // (mostly waiting for Postgres). Writes stay in order, and a folder's last UID is saved only after its batch's
    // events are stored. At most two batches are past their fetch at a time.
    let writing: Promise<void> = Promise.resolve();
    let writeError: unknown = null;
    const settle = async (stage: Promise<void>) => {
      await stage;
      if (writeError) throw writeError;
    };
    try {
      for (const plan of plans) {
        const lock = await client.getMailboxLock(plan.folder, { readOnly: true });
        try {
          if (client.mailbox && client.mailbox.uidValidity !== plan.uidValidity) continue;
          for (const batch of batchesOf(plan.messages, options.batchSize, options.batchBytes ?? DEFAULT_BATCH_BYTES)) {
            if (options.shouldStop?.()) {
              await settle(writing);
              return fresh;
            }
            const messages = await this.fetch(client, batch);
            const preparing = this.ingestion.prepare(
              teamId,
              plan.folder,
              plan.uidValidity,
              messages,
              plan.firstSyncUntil,
            );
            const previous = writing;
            writing = (async () => {
              const prepared = await preparing;
              await previous;
              if (writeError) return;
              fresh += await this.ingestion.write(teamId, prepared);
              done += batch.length;
              await this.status.saveFolderProgress(teamId, plan.folder, plan.uidValidity, batch[batch.length - 1], {
                total,
                done,
              });
            })().catch((error: unknown) => {
              writeError ??= error;
            });
            await settle(previous);
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
      uidSet(uids),
      { uid: true, source: true, internalDate: true },
      { uid: true },
    )) {
      if (!message.source) continue;
      const internalDate = message.internalDate ? new Date(message.internalDate) : null;
      messages.push({ uid: message.uid, source: message.source, internalDate });
    }
    return messages.sort((a, b) => a.uid - b.uid);
  }

  /**
   * Messages above the folder's saved last UID, with their size; a changed UIDVALIDITY restarts the folder from
   * zero. Two SEARCHes (all new UIDs, and those LARGER than SMALL_MESSAGE_BYTES) and a FETCH of RFC822.SIZE for
   * the large ones only: a FETCH per message costs about as much as parsing it would save. Small messages count
   * as SMALL_MESSAGE_BYTES, an upper bound.
   */
  private async plan(client: ImapFlow, teamId: string, folder: string): Promise<FolderPlan> {
    const lock = await client.getMailboxLock(folder, { readOnly: true });
    try {
      const mailbox = client.mailbox;
      if (!mailbox) throw new Error(`Folder ${folder} could not be opened`);
      const uidValidity = BigInt(mailbox.uidValidity);
      const state = await this.status.folderState(teamId, folder);
      const fresh = !state || state.uidValidity !== uidValidity;
      const lastUid = fresh ? 0 : state.lastUid;
      // `n:*` also answers the last message when n is above every UID: keep only UIDs above lastUid.
      const range = `${lastUid + 1}:*`;
      const uids =
        mailbox.exists === 0
          ? []
          : ((await client.search({ uid: range }, { uid: true })) || []).filter((uid) => uid > lastUid);
      const firstSyncUntil = fresh ? uids.reduce((max, uid) => Math.max(max, uid), 0) : state.firstSyncUntil;
      if (fresh) await this.status.startFolder(teamId, folder, uidValidity, firstSyncUntil);
      if (uids.length === 0) return { folder, uidValidity, messages: [], firstSyncUntil };
      const large = ((await client.search({ uid: range, larger: SMALL_MESSAGE_BYTES }, { uid: true })) || []).filter(
        (uid) => uid > lastUid,
      );
      const sizes = new Map<number, number>();
      if (large.length > 0) {
        for await (const message of client.fetch(large.join(','), { uid: true, size: true }, { uid: true })) {
          sizes.set(message.uid, message.size ?? SMALL_MESSAGE_BYTES);
        }
      }
      const messages = uids.map((uid) => ({ uid, size: sizes.get(uid) ?? SMALL_MESSAGE_BYTES }));
      return { folder, uidValidity, messages: messages.sort((a, b) => a.uid - b.uid), firstSyncUntil };
    } finally {
      lock.release();
    }
  }
}
