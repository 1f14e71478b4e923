import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ImapFlow } from 'imapflow';
import { APP_CONFIG, type AppConfig, DEFAULT_MAX_MESSAGE_BYTES } from '../../../../platform/config/app-config';
import { lastImapError } from './mail-connections';
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

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
export const tooLargeReason = (size: number, limit: number) =>
  `The message is larger than the limit of ${megabytes(limit)} (${megabytes(size)}); it was not imported.`;
export const overLimitReason = (limit: number) =>
  `The server sent more than the limit of ${megabytes(limit)} for this message (more than it announced); it was not imported.`;
export const FOLDER_CHANGED_REASON =
  'The folder was renumbered on the server (UIDVALIDITY changed); the message can no longer be fetched there.';
export const NO_CONTENT_REASON =
  'The server sent no content for this message, also when asked again (it may have been deleted meanwhile).';

/**
 * The server sent more bytes than a limit allows: for one message (imapflow's maxLiteralSize ends the connection at
 * the literal's announcement, before reading it) or for the batch. The connection is gone; the UIDs not received
 * are fetched one at a time next round, so that the one that does it again is quarantined alone.
 */
export class OversizedFetchError extends Error {
  constructor(readonly folder: string) {
    super(`The mail server sent more data than announced in ${folder}; the messages are fetched one at a time`);
    this.name = 'OversizedFetchError';
  }
}

const isLiteralTooLarge = (error: unknown): boolean => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === 'LiteralTooLarge') return true;
    e = e.cause as typeof e;
  }
  return false;
};

/** The messages of a folder's first batch in a round; the batches after it double up to the configured size. */
const FIRST_BATCH = 50;

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

/**
 * Splits a folder's new messages into batches of at most `count` messages and `bytes` bytes (at least one each). The
 * first batch holds at most `first` messages and each next one twice the one before, up to `count`: the first mail of
 * a burst is stored (and shown, and notified) while the rest is still fetched, and a long sync soon runs at full size.
 */
export function batchesOf(
  messages: readonly { uid: number; size: number }[],
  count: number,
  bytes: number,
  first = count,
): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let size = 0;
  let limit = Math.max(1, Math.min(first, count));
  for (const message of messages) {
    if (current.length > 0 && (current.length >= limit || size + message.size > bytes)) {
      batches.push(current);
      current = [];
      size = 0;
      limit = Math.min(count, limit * 2);
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
  private readonly logger = new Logger(MailboxSync.name);
  /** Bytes of one message at most (MAIL_MAX_MESSAGE_BYTES): larger ones are quarantined, never held in memory. */
  readonly maxMessageBytes: number;
  /**
   * Per team and folder, UIDs to fetch one per FETCH (after the server sent more than announced), and those that did
   * it alone, to quarantine. In memory: after a restart the same two rounds find them again.
   */
  private readonly isolate = new Map<string, { alone: Set<number>; culprits: Set<number> }>();

  constructor(
    private readonly status: MailboxStatusStore,
    private readonly ingestion: MessageIngestion,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.maxMessageBytes = config.mailMaxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

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
          const budget = options.batchBytes ?? DEFAULT_BATCH_BYTES;
          for (const batch of this.batches(teamId, plan, options.batchSize, budget)) {
            if (options.shouldStop?.()) {
              await settle(writing);
              return fresh;
            }
            const messages = await this.fetchBatch(client, `${teamId}\n${plan.folder}`, plan, batch, budget);
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

  /**
   * The folder's batches: messages the server marked too large, and those that sent too much alone, go alone (they
   * are quarantined without a fetch); UIDs under suspicion go one per batch.
   */
  private batches(teamId: string, plan: FolderPlan, count: number, bytes: number): number[][] {
    const isolated = this.isolate.get(`${teamId}\n${plan.folder}`);
    const alone = (message: { uid: number; size: number }) =>
      message.size > this.maxMessageBytes || isolated?.alone.has(message.uid) || isolated?.culprits.has(message.uid);
    const batches: number[][] = [];
    let run: { uid: number; size: number }[] = [];
    for (const message of plan.messages) {
      if (!alone(message)) {
        run.push(message);
        continue;
      }
      batches.push(...batchesOf(run, count, bytes, FIRST_BATCH), [message.uid]);
      run = [];
    }
    batches.push(...batchesOf(run, count, bytes, FIRST_BATCH));
    return batches;
  }

  /**
   * A batch as the ingestion takes it. Each message is fetched with BODY.PEEK[]<0.limit+1>, so a message is never
   * held beyond the limit; one that the server reports or turns out larger, or that sent too much alone before, is
   * rejected (quarantined with the reason). A message that comes without content is asked for once more, alone.
   */
  private async fetchBatch(
    client: ImapFlow,
    key: string,
    plan: FolderPlan,
    uids: number[],
    budget: number,
  ): Promise<FetchedMessage[]> {
    const isolated = this.isolate.get(key);
    const sizeOf = new Map(plan.messages.map((m) => [m.uid, m.size]));
    const limit = this.maxMessageBytes;
    const rejected: FetchedMessage[] = [];
    const wanted: number[] = [];
    for (const uid of uids) {
      const size = sizeOf.get(uid) ?? 0;
      if (isolated?.culprits.has(uid)) rejected.push(this.reject(uid, overLimitReason(limit), size));
      else if (size > limit) rejected.push(this.reject(uid, tooLargeReason(size, limit), size));
      else wanted.push(uid);
    }
    const fetched = await this.fetch(client, key, plan.folder, wanted, budget);
    const missing = wanted.filter((uid) => !fetched.has(uid));
    for (const uid of missing) {
      const again = await this.fetch(client, key, plan.folder, [uid], budget);
      const message = again.get(uid);
      if (message) fetched.set(uid, message);
      else rejected.push(this.reject(uid, NO_CONTENT_REASON, sizeOf.get(uid) ?? 0));
    }
    if (isolated) for (const uid of uids) isolated.alone.delete(uid);
    for (const message of fetched.values()) {
      if (message.source.length > limit) {
        rejected.push(this.reject(message.uid, tooLargeReason(message.source.length, limit), message.source.length));
        fetched.delete(message.uid);
      }
    }
    return [...fetched.values(), ...rejected].sort((a, b) => a.uid - b.uid);
  }

  /**
   * One message again, for a retry from the quarantine: its source within the size limit, or the reason it cannot
   * be had (too large, gone, folder changed). The caller holds no lock on the folder.
   */
  async fetchOne(client: ImapFlow, folder: string, uidValidity: bigint, uid: number): Promise<FetchedMessage> {
    const lock = await client.getMailboxLock(folder, { readOnly: true });
    try {
      if (!client.mailbox || BigInt(client.mailbox.uidValidity) !== uidValidity) {
        return this.reject(uid, FOLDER_CHANGED_REASON, 0);
      }
      let size = 0;
      for await (const message of client.fetch(String(uid), { uid: true, size: true }, { uid: true })) {
        if (message.uid === uid) size = message.size ?? 0;
      }
      if (size > this.maxMessageBytes) return this.reject(uid, tooLargeReason(size, this.maxMessageBytes), size);
      const plan: FolderPlan = { folder, uidValidity, messages: [{ uid, size }], firstSyncUntil: 0 };
      const key = `retry\n${folder}`;
      try {
        const [message] = await this.fetchBatch(client, key, plan, [uid], this.maxMessageBytes);
        return message;
      } catch (error) {
        if (!(error instanceof OversizedFetchError)) throw error;
        return this.reject(uid, overLimitReason(this.maxMessageBytes), size);
      } finally {
        this.isolate.delete(key);
      }
    } finally {
      lock.release();
    }
  }

  private reject(uid: number, reason: string, size: number): FetchedMessage {
    this.logger.warn(`Message ${uid} rejected: ${reason}`);
    return { uid, source: Buffer.alloc(0), internalDate: null, rejected: reason, size };
  }

  /**
   * Fetches sources (at most limit + 1 bytes each); messages the server answers without a source are left out.
   * When the server sends more than a message's limit (the connection ends) or than the batch's budget (the
   * connection is closed to stop it), the UIDs not received are marked to be fetched alone, or, when alone already,
   * as the culprit to quarantine, and the sync fails: the worker reconnects.
   */
  private async fetch(
    client: ImapFlow,
    key: string,
    folder: string,
    uids: number[],
    budget: number,
  ): Promise<Map<number, FetchedMessage>> {
    const messages = new Map<number, FetchedMessage>();
    if (uids.length === 0) return messages;
    const maxLength = this.maxMessageBytes + 1;
    let bytes = 0;
    let overBudget = false;
    try {
      for await (const message of client.fetch(
        uidSet(uids),
        { uid: true, source: { maxLength }, internalDate: true },
        { uid: true },
      )) {
        if (!message.source || !uids.includes(message.uid)) continue;
        const internalDate = message.internalDate ? new Date(message.internalDate) : null;
        messages.set(message.uid, { uid: message.uid, source: message.source, internalDate });
        bytes += message.source.length;
        if (bytes > budget + maxLength && messages.size < uids.length) {
          overBudget = true;
          client.close();
          break;
        }
      }
    } catch (error) {
      if (!isLiteralTooLarge(error) && !isLiteralTooLarge(lastImapError(client))) throw error;
      overBudget = true;
    }
    if (!overBudget) return messages;
    const state = this.isolate.get(key) ?? { alone: new Set<number>(), culprits: new Set<number>() };
    this.isolate.set(key, state);
    const notReceived = uids.filter((uid) => !messages.has(uid));
    if (uids.length === 1) state.culprits.add(uids[0]);
    else for (const uid of notReceived) state.alone.add(uid);
    throw new OversizedFetchError(folder);
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
