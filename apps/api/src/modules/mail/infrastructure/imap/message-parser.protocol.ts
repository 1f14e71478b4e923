import { dedupeKeyOf, emailIdOf, eventIdOf, type ParsedMessage, parseMessage } from './message-parser';

const MAX_ERROR_LENGTH = 500;

/** Raw messages of one folder as fetched. */
export interface RawMessage {
  uid: number;
  source: Buffer;
  internalDate: Date | null;
}

/** Ids and dedupe key of a message, computed with its parse (hashing is off the main thread too). */
export interface MessageKeys {
  emailId: string;
  /** Id of the event to append: EmailReceived when parsed, EmailQuarantined otherwise. */
  eventId: string;
  dedupeKey: string;
}

/** The outcome of parsing one message: the compact parsed form, or the reason to quarantine it. */
export type ParseOutcome = MessageKeys & ({ ok: true; parsed: ParsedMessage } | { ok: false; error: string });

/** A chunk of messages of one folder sent to a parser worker; the sources are packed into one transferred buffer. */
export interface ParseRequest {
  teamId: string;
  folder: string;
  uidValidity: bigint;
  uids: number[];
  internalDates: (number | null)[];
  sources: ArrayBuffer;
  /** End offset of each source in `sources`. */
  ends: number[];
}

/** What a worker answers for a chunk: the outcomes in the order of its messages. */
export interface ParseResponse {
  results: ParseOutcome[];
}

/** The event a worker sends when it starts a chunk (it is running, and the chunk's time counts from there). */
export const PARSE_STARTED = 'parse-started';

/** The quarantine reason of an error thrown by the parser (bounded). */
export function quarantineReason(error: unknown): string {
  return ((error as Error)?.message ?? String(error)).slice(0, MAX_ERROR_LENGTH);
}

/** The keys of a message that is quarantined (no Message-ID is known). */
export function quarantineKeys(teamId: string, folder: string, uidValidity: bigint, message: RawMessage): MessageKeys {
  const emailId = emailIdOf({ teamId, folder, uidValidity, uid: message.uid });
  return {
    emailId,
    eventId: eventIdOf(emailId, 'EmailQuarantined'),
    dedupeKey: dedupeKeyOf(teamId, '', message.source),
  };
}

/** Parses one message; never throws: a message that cannot be parsed gets the reason to quarantine it. */
export async function parseOne(
  teamId: string,
  folder: string,
  uidValidity: bigint,
  message: RawMessage,
): Promise<ParseOutcome> {
  const location = { teamId, folder, uidValidity, uid: message.uid };
  try {
    const parsed = await parseMessage(message.source, location, message.internalDate);
    const emailId = parsed.email.emailId;
    return {
      ok: true,
      parsed,
      emailId,
      eventId: eventIdOf(emailId, 'EmailReceived'),
      dedupeKey: dedupeKeyOf(teamId, parsed.email.messageId, message.source),
    };
  } catch (error) {
    return { ok: false, error: quarantineReason(error), ...quarantineKeys(teamId, folder, uidValidity, message) };
  }
}

/**
 * Packs messages into a request. The sources are copied into one new buffer, which is then transferred: a Buffer
 * is often a view of a larger shared one, and cloning a view copies all of its backing store.
 */
export function packChunk(
  teamId: string,
  folder: string,
  uidValidity: bigint,
  messages: readonly RawMessage[],
): ParseRequest {
  const total = messages.reduce((sum, m) => sum + m.source.length, 0);
  const sources = new Uint8Array(total);
  const ends: number[] = [];
  let offset = 0;
  for (const message of messages) {
    sources.set(message.source, offset);
    offset += message.source.length;
    ends.push(offset);
  }
  return {
    teamId,
    folder,
    uidValidity,
    uids: messages.map((m) => m.uid),
    internalDates: messages.map((m) => m.internalDate?.getTime() ?? null),
    sources: sources.buffer,
    ends,
  };
}

/**
 * Worker side: parses a request's messages one after another. Attachment contents are copied into buffers of
 * their own, listed in `transfer` (mailparser's buffers may share a pooled backing store that must not move).
 */
export async function parseChunk(request: ParseRequest): Promise<{ results: ParseOutcome[]; transfer: ArrayBuffer[] }> {
  const { teamId, folder, uidValidity, uids, internalDates, ends } = request;
  const results: ParseOutcome[] = [];
  const transfer: ArrayBuffer[] = [];
  let start = 0;
  for (let i = 0; i < uids.length; i++) {
    const source = Buffer.from(request.sources, start, ends[i] - start);
    start = ends[i];
    const date = internalDates[i];
    const outcome = await parseOne(teamId, folder, uidValidity, {
      uid: uids[i],
      source,
      internalDate: date === null ? null : new Date(date),
    });
    if (outcome.ok) {
      for (const attachment of outcome.parsed.attachments) {
        const own = new Uint8Array(attachment.content.length);
        own.set(attachment.content);
        attachment.content = Buffer.from(own.buffer);
        transfer.push(own.buffer);
      }
    }
    results.push(outcome);
  }
  return { results, transfer };
}

/** Main side: structured clone turns Buffers into plain Uint8Arrays; make the attachment contents Buffers again. */
export function reviveOutcome(outcome: ParseOutcome): ParseOutcome {
  if (!outcome.ok) return outcome;
  for (const attachment of outcome.parsed.attachments) {
    const content = attachment.content as Uint8Array;
    attachment.content = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  }
  return outcome;
}
