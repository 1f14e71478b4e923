import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EmailQuarantined } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { DataSource, type EntityManager } from 'typeorm';
import type { Position } from '../../../../platform/event-store/event-store.port';
import { METRIC_PREFIX, Metrics } from '../../../../platform/metrics';
import { AttachmentStore, ReceiveEmailCommand } from '../../../conversations';
import { emailIdOf, eventIdOf, type MessageLocation, type ParsedMessage } from './message-parser';
import { MessageParserPool } from './message-parser.pool';
import { type MessageKeys, quarantineReason, type RawMessage } from './message-parser.protocol';

/**
 * A message as the sync fetched it. `rejected` is set when it is quarantined without being parsed: over the size
 * limit, or the server sent no content for it (then `source` is empty and `size` what the server reported).
 */
export type FetchedMessage = RawMessage & { rejected?: string; size?: number };

type Prepared = MessageKeys & { location: MessageLocation; source: Buffer; size: number } & (
    { kind: 'parsed'; parsed: ParsedMessage } | { kind: 'quarantined'; error: string }
  );

/** A parsed batch, ready to be written. */
export type PreparedBatch = readonly Prepared[];

/**
 * The outcome of a retry of a quarantined message, with the position of what it appended (for the caller that reads
 * the quarantine and the inbox next; null when nothing new was recorded).
 */
export type RetryOutcome = ({ imported: true; duplicate: boolean } | { imported: false; reason: string }) & {
  position: Position | null;
};

/**
 * PostgreSQL errors caused by the data of one message (a value it cannot store or cast, a value too large, a
 * constraint it breaks), as
 * opposed to the database being unavailable: only these quarantine a message; any other error fails the batch,
 * which the mailbox worker fetches again.
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return (
    typeof code === 'string' && (code.startsWith('22') || code.startsWith('54') || code === '23502' || code === '23514')
  );
}

const describeError = (error: unknown) => quarantineReason(error);

/** A dedupe key of its own for a message without content: two of them are never the same message. */
const noSourceKey = (emailId: string) => createHash('sha256').update(`no-source\n${emailId}`).digest('hex');

/**
 * Turns fetched messages of one folder into events, exactly once. Ids are derived from the message's location,
 * so a batch fetched again after a crash appends nothing new (the store skips known event ids), and a
 * (Message-ID, content hash) key per team skips the same message found at another location (another folder,
 * a new UIDVALIDITY). Raw source and attachments are stored before the event is recorded, through conversations'
 * ReceiveEmail command (received or quarantined, on the email's new stream).
 *
 * No single message can stop a folder: when the batch's rows cannot be stored, each message is stored again alone
 * under a savepoint and the one PostgreSQL refuses is quarantined (its raw source kept); an event the store refuses
 * is replaced by EmailQuarantined with the reason. The folder then advances past it.
 */
@Injectable()
export class MessageIngestion {
  private readonly logger = new Logger(MessageIngestion.name);
  private readonly ingested;

  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly parser: MessageParserPool,
    private readonly attachments: AttachmentStore,
    metrics: Metrics,
  ) {
    this.ingested = metrics.counter({
      name: `${METRIC_PREFIX}mail_messages_ingested_total`,
      help: 'New messages ingested from the team mailboxes, by outcome: received or quarantined.',
      labelNames: ['outcome'] as const,
    });
  }

  /** Ingests a batch; returns how many messages were new (appended as received or quarantined). */
  async ingest(teamId: string, folder: string, uidValidity: bigint, messages: FetchedMessage[]): Promise<number> {
    return this.write(teamId, await this.prepare(teamId, folder, uidValidity, messages));
  }

  /**
   * Parses a batch on the parser's worker threads (no writes), so that the sync can fetch and parse the next batch
   * while the previous one is written. A message that cannot be parsed, or was rejected by the sync, is kept for
   * quarantine. Messages up to `firstSyncUntil` are marked as old mail of the folder's first synchronisation.
   */
  async prepare(
    teamId: string,
    folder: string,
    uidValidity: bigint,
    messages: FetchedMessage[],
    firstSyncUntil = 0,
  ): Promise<PreparedBatch> {
    const toParse = messages.filter((message) => message.rejected === undefined);
    const outcomes = await this.parser.parse(teamId, folder, uidValidity, toParse);
    const parsedAt = new Map(toParse.map((message, index) => [message, outcomes[index]]));
    return messages.map((message): Prepared => {
      const { uid, source } = message;
      const location = { teamId, folder, uidValidity, uid };
      const size = message.size ?? source.length;
      const outcome = parsedAt.get(message);
      if (!outcome) {
        const emailId = emailIdOf(location);
        return {
          kind: 'quarantined',
          location,
          source,
          size,
          emailId,
          eventId: eventIdOf(emailId, 'EmailQuarantined'),
          dedupeKey: noSourceKey(emailId),
          error: message.rejected ?? 'Not parsed',
        };
      }
      // Old mail of the first synchronisation: whether rules act on it is the mailbox configuration's choice.
      if (outcome.ok && uid <= firstSyncUntil) outcome.parsed.email.firstSync = true;
      const { emailId, eventId, dedupeKey } = outcome;
      return outcome.ok
        ? { kind: 'parsed', location, source, size, emailId, eventId, dedupeKey, parsed: outcome.parsed }
        : { kind: 'quarantined', location, source, size, emailId, eventId, dedupeKey, error: outcome.error };
    });
  }

  /** Stores a prepared batch and appends its events; returns how many messages were new. */
  async write(teamId: string, prepared: PreparedBatch): Promise<number> {
    let fresh: Prepared[];
    try {
      fresh = await this.db.transaction((tx) => this.reserve(tx, teamId, prepared));
    } catch (error) {
      if (!isDataError(error)) throw error;
      this.logger.warn(`A batch of ${prepared.length} messages could not be stored together; storing one by one`);
      fresh = await this.db.transaction((tx) => this.reserveOneByOne(tx, teamId, prepared));
    }
    // Appended together: the event store commits concurrent appends in shared transactions.
    await Promise.all(fresh.map((item) => this.append(item)));
    for (const item of fresh) this.ingested.inc({ outcome: item.kind === 'quarantined' ? 'quarantined' : 'received' });
    return fresh.length;
  }

  /**
   * Imports a quarantined message again from its source (stored, or fetched again by the caller, which may have
   * rejected it again): when it now parses and stores, EmailReceived and EmailReleasedFromQuarantine are appended;
   * otherwise EmailQuarantined with the new reason.
   */
  async retry(location: MessageLocation, message: FetchedMessage): Promise<RetryOutcome> {
    const { teamId, folder, uidValidity } = location;
    const [item] = await this.prepare(teamId, folder, uidValidity, [{ ...message, uid: location.uid }]);
    if (item.kind === 'quarantined') {
      return { imported: false, reason: item.error, position: await this.appendQuarantined(item, item.error, true) };
    }
    let fresh: Prepared[];
    try {
      fresh = await this.db.transaction((tx) => this.reserve(tx, teamId, [item]));
    } catch (error) {
      if (!isDataError(error)) throw error;
      const reason = `The message could not be stored: ${describeError(error)}`;
      return { imported: false, reason, position: await this.appendQuarantined(item, reason, true) };
    }
    if (fresh.length === 0) {
      const position = await this.record(uuidv7(), {
        type: 'ReleaseFromQuarantine',
        data: { emailId: item.emailId, teamId, duplicate: true },
      });
      return { imported: true, duplicate: true, position };
    }
    try {
      // Received on the quarantined stream, the email is released from the quarantine with it.
      const position = await this.record(item.eventId, { type: 'ReceiveEmail', data: item.parsed.email });
      return { imported: true, duplicate: false, position };
    } catch (error) {
      if (!isDataError(error)) throw error;
      const reason = `The message could not be stored: ${describeError(error)}`;
      return { imported: false, reason, position: await this.appendQuarantined(item, reason, true) };
    }
  }

  /**
   * Stores keys, raw sources and attachments; returns the messages whose event must be appended.
   * One statement per kind of row for the whole batch: a message whose dedupe key another email
   * already owns (the same message seen at another location) is left out.
   */
  private async reserve(tx: EntityManager, teamId: string, prepared: PreparedBatch): Promise<Prepared[]> {
    if (prepared.length === 0) return [];
    const keys = prepared.map((item) => item.dedupeKey);
    await tx.query(
      `INSERT INTO mail_message_key (team_id, dedupe_key, email_id)
       SELECT $1, k.dedupe_key, k.email_id FROM unnest($2::text[], $3::uuid[]) AS k(dedupe_key, email_id)
       ON CONFLICT (team_id, dedupe_key) DO NOTHING`,
      [teamId, keys, prepared.map((item) => item.emailId)],
    );
    const owners: { dedupe_key: string; email_id: string }[] = await tx.query(
      'SELECT dedupe_key, email_id FROM mail_message_key WHERE team_id = $1 AND dedupe_key = ANY($2::text[])',
      [teamId, keys],
    );
    const ownerOf = new Map(owners.map((o) => [o.dedupe_key, o.email_id]));
    const seen = new Set<string>();
    const fresh = prepared.filter((item) => {
      if (ownerOf.get(item.dedupeKey) !== item.emailId || seen.has(item.emailId)) return false;
      seen.add(item.emailId);
      return true;
    });
    const withSource = fresh.filter((item) => item.source.length > 0);
    if (withSource.length > 0) {
      // One VALUES row per message with the source as its own parameter: pg sends Buffers in binary, whereas a
      // bytea[] parameter would be sent as hex text (twice the size, and slow to build).
      const values = withSource.map((_, i) => `($${i * 2 + 2}::uuid, $1::uuid, $${i * 2 + 3}::bytea)`).join(', ');
      await tx.query(
        `INSERT INTO raw_message (email_id, team_id, source) VALUES ${values} ON CONFLICT (email_id) DO NOTHING`,
        [teamId, ...withSource.flatMap((item) => [item.emailId, item.source])],
      );
    }
    // The attachments are handed over to conversations in this transaction: stored before the email is received.
    for (const item of fresh)
      if (item.kind === 'parsed') await this.attachments.store(tx, teamId, item.emailId, item.parsed.attachments);
    return fresh;
  }

  /**
   * The batch one message at a time, each under a savepoint: a message whose rows PostgreSQL refuses is quarantined
   * with the reason (its key and raw source stored without the parsed rows), the others are stored as usual.
   */
  private async reserveOneByOne(tx: EntityManager, teamId: string, prepared: PreparedBatch): Promise<Prepared[]> {
    const fresh: Prepared[] = [];
    for (const item of prepared) {
      await tx.query('SAVEPOINT message');
      try {
        fresh.push(...(await this.reserve(tx, teamId, [item])));
        await tx.query('RELEASE SAVEPOINT message');
        continue;
      } catch (error) {
        if (!isDataError(error)) throw error;
        await tx.query('ROLLBACK TO SAVEPOINT message');
        const quarantined: Prepared = {
          ...item,
          kind: 'quarantined',
          eventId: eventIdOf(item.emailId, 'EmailQuarantined'),
          error: `The message could not be stored: ${describeError(error)}`,
        };
        fresh.push(...(await this.reserve(tx, teamId, [quarantined])));
        await tx.query('RELEASE SAVEPOINT message');
      }
    }
    return fresh;
  }

  private record(eventId: string, message: ReceiveEmailCommand['message']): Promise<Position | null> {
    return this.commands.execute(new ReceiveEmailCommand(eventId, message));
  }

  private async append(item: Prepared): Promise<void> {
    if (item.kind === 'quarantined') {
      await this.appendQuarantined(item, item.error, false);
      return;
    }
    try {
      await this.record(item.eventId, { type: 'ReceiveEmail', data: item.parsed.email });
    } catch (error) {
      if (!isDataError(error)) throw error;
      await this.appendQuarantined(item, `The event could not be stored: ${describeError(error)}`, false);
    }
  }

  /** EmailQuarantined with the reason; a retry's event gets an id of its own, so that every attempt is recorded. */
  private async appendQuarantined(item: Prepared, error: string, retried: boolean): Promise<Position | null> {
    const { location } = item;
    const data: EmailQuarantined = {
      emailId: item.emailId,
      teamId: location.teamId,
      folder: location.folder,
      uid: location.uid,
      error,
      uidValidity: location.uidValidity.toString(),
      size: item.size,
      hasSource: item.source.length > 0,
    };
    this.logger.warn(`Quarantined message ${location.folder}/${location.uid} of team ${location.teamId}: ${error}`);
    return this.record(retried ? uuidv7() : eventIdOf(item.emailId, 'EmailQuarantined'), {
      type: 'QuarantineEmail',
      data,
      retried,
    });
  }
}
