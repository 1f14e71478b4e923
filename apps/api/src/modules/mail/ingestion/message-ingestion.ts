import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EmailQuarantined } from '@teaminbox/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { ReceiveEmailCommand } from '../../conversations';
import type { MessageLocation, ParsedMessage } from './message-parser';
import { MessageParserPool } from './message-parser.pool';
import type { MessageKeys, RawMessage } from './message-parser.protocol';

export type FetchedMessage = RawMessage;

type Prepared = MessageKeys & { location: MessageLocation; source: Buffer } & (
    { kind: 'parsed'; parsed: ParsedMessage } | { kind: 'quarantined'; error: string }
  );

/** A parsed batch, ready to be written. */
export type PreparedBatch = readonly Prepared[];

/**
 * Turns fetched messages of one folder into events, exactly once. Ids are derived from the message's location,
 * so a batch fetched again after a crash appends nothing new (the store skips known event ids), and a
 * (Message-ID, content hash) key per team skips the same message found at another location (another folder,
 * a new UIDVALIDITY). Raw source and attachments are stored before the event is appended.
 */
@Injectable()
export class MessageIngestion {
  private readonly logger = new Logger(MessageIngestion.name);

  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly parser: MessageParserPool,
  ) {}

  /** Ingests a batch; returns how many messages were new (appended as received or quarantined). */
  async ingest(teamId: string, folder: string, uidValidity: bigint, messages: FetchedMessage[]): Promise<number> {
    return this.write(teamId, await this.prepare(teamId, folder, uidValidity, messages));
  }

  /**
   * Parses a batch on the parser's worker threads (no writes), so that the sync can fetch and parse the next batch
   * while the previous one is written. A message that cannot be parsed is kept for quarantine. Messages up to
   * `firstSyncUntil` are marked as old mail of the folder's first synchronisation.
   */
  async prepare(
    teamId: string,
    folder: string,
    uidValidity: bigint,
    messages: FetchedMessage[],
    firstSyncUntil = 0,
  ): Promise<PreparedBatch> {
    const outcomes = await this.parser.parse(teamId, folder, uidValidity, messages);
    return outcomes.map((outcome, i): Prepared => {
      const { uid, source } = messages[i];
      // Old mail of the first synchronisation: whether rules act on it is the mailbox configuration's choice.
      if (outcome.ok && uid <= firstSyncUntil) outcome.parsed.email.firstSync = true;
      const location = { teamId, folder, uidValidity, uid };
      const { emailId, eventId, dedupeKey } = outcome;
      return outcome.ok
        ? { kind: 'parsed', location, source, emailId, eventId, dedupeKey, parsed: outcome.parsed }
        : { kind: 'quarantined', location, source, emailId, eventId, dedupeKey, error: outcome.error };
    });
  }

  /** Stores a prepared batch and appends its events; returns how many messages were new. */
  async write(teamId: string, prepared: PreparedBatch): Promise<number> {
    const fresh = await this.db.transaction((tx) => this.reserve(tx, teamId, prepared));
    // Appended together: the event store commits concurrent appends in shared transactions.
    await Promise.all(fresh.map((item) => this.append(item)));
    return fresh.length;
  }

  /**
   * Stores keys, raw sources and attachments; returns the messages whose event must be appended.
   * One statement per kind of row for the whole batch: a message whose dedupe key another email
   * already owns (the same message seen at another location) is left out.
   */
  private async reserve(tx: EntityManager, teamId: string, prepared: PreparedBatch): Promise<Prepared[]> {
    if (prepared.length === 0) return [];
    const keyed = prepared.map((item) => ({
      item,
      emailId: item.emailId,
      key: item.dedupeKey,
    }));
    const keys = keyed.map((k) => k.key);
    await tx.query(
      `INSERT INTO mail_message_key (team_id, dedupe_key, email_id)
       SELECT $1, k.dedupe_key, k.email_id FROM unnest($2::text[], $3::uuid[]) AS k(dedupe_key, email_id)
       ON CONFLICT (team_id, dedupe_key) DO NOTHING`,
      [teamId, keys, keyed.map((k) => k.emailId)],
    );
    const owners: { dedupe_key: string; email_id: string }[] = await tx.query(
      'SELECT dedupe_key, email_id FROM mail_message_key WHERE team_id = $1 AND dedupe_key = ANY($2::text[])',
      [teamId, keys],
    );
    const ownerOf = new Map(owners.map((o) => [o.dedupe_key, o.email_id]));
    const seen = new Set<string>();
    const fresh = keyed.filter((k) => {
      if (ownerOf.get(k.key) !== k.emailId || seen.has(k.emailId)) return false;
      seen.add(k.emailId);
      return true;
    });
    if (fresh.length === 0) return [];
    // One VALUES row per message with the source as its own parameter: pg sends Buffers in binary, whereas a
    // bytea[] parameter would be sent as hex text (twice the size, and slow to build).
    const values = fresh.map((_, i) => `($${i * 2 + 2}::uuid, $1::uuid, $${i * 2 + 3}::bytea)`).join(', ');
    await tx.query(
      `INSERT INTO raw_message (email_id, team_id, source) VALUES ${values} ON CONFLICT (email_id) DO NOTHING`,
      [teamId, ...fresh.flatMap((k) => [k.emailId, k.item.source])],
    );
    for (const { item, emailId } of fresh) {
      if (item.kind !== 'parsed') continue;
      for (const attachment of item.parsed.attachments) {
        await tx.query(
          `INSERT INTO attachment (id, team_id, email_id, filename, content_type, size, content)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
          [
            attachment.id,
            teamId,
            emailId,
            attachment.filename,
            attachment.contentType,
            attachment.content.length,
            attachment.content,
          ],
        );
      }
    }
    return fresh.map((k) => k.item);
  }

  private async append(item: Prepared): Promise<void> {
    const { emailId, eventId } = item;
    let message: ReceiveEmailCommand['message'];
    if (item.kind === 'parsed') {
      message = { type: 'ReceiveEmail', data: item.parsed.email };
    } else {
      const data: EmailQuarantined = {
        emailId,
        teamId: item.location.teamId,
        folder: item.location.folder,
        uid: item.location.uid,
        error: item.error,
      };
      this.logger.warn(`Quarantined message ${item.location.folder}/${item.location.uid}: ${item.error}`);
      message = { type: 'QuarantineEmail', data };
    }
    await this.commands.execute(new ReceiveEmailCommand(eventId, message));
  }
}
