import { Injectable } from '@nestjs/common';
import {
  type ConversationSettingsChanged,
  type ConversationsMerged,
  DEFAULT_CONVERSATION_SETTINGS,
  type EmailReceived,
  type EmailSplitFromConversation,
  type ReplyQueued,
} from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { participantAddress, subjectKeyOf } from '../../domain/conversation-subject';

export const EMAIL_THREAD_PROJECTION = 'email-thread';

/** How long a conversation takes in a message by its subject after its last message (received or sent). */
export const SUBJECT_JOIN_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

interface ThreadRow {
  emailId: string;
  messageId: string | null;
  refs: string[];
  /** The Message-IDs of the team's replies to this email (ReplyQueued): an answer to one of them joins the thread. */
  sent: string[];
  threadId: string;
  /** The email's normalised subject and external participant, hashed (conversation-subject.ts); null: none. */
  subjectKey: string | null;
  /** A member split it out of its conversation: a message it refers to, arriving later, does not pull it back. */
  split: boolean;
  /** When it or a reply to it was last active (ms), null when unknown. */
  activeAt: number | null;
}

/** A thread's event as the projection reads it, in log order. */
type ThreadEvent =
  | {
      kind: 'received';
      emailId: string;
      messageId: string | null;
      inReplyTo: string | null;
      refs: string[];
      subject: string | null;
      sender: string | null;
      /** When it arrived (ms), null when unknown: such an email joins no conversation by its subject. */
      at: number | null;
      /** Auto-replies, bulk and list mail, bounces: they join by their references only. */
      automatic: boolean;
      /** The team's own address that sent it (a conversation the team started), else null. */
      own: string | null;
    }
  | { kind: 'sent'; emailId: string; messageId: string; from: string | null; at: number | null }
  | { kind: 'settings'; joinBySubject: boolean }
  /** A member merged the conversations of these emails into the first one's. */
  | { kind: 'merge'; emailIds: string[] }
  /** A member split the email out into a conversation of its own. */
  | { kind: 'split'; emailId: string; newThreadId: string };

const timeOf = (value: string | Date | null | undefined): number | null => {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isFinite(time) ? time : null;
};

function threadEventOf(event: StoredEvent): { teamId: string; event: ThreadEvent } | null {
  // A conversation the team started (EmailComposed) begins its thread like a received email: its Message-ID is ours.
  if (event.type === 'EmailReceived' || event.type === 'EmailComposed') {
    const email = event.data as EmailReceived;
    return {
      teamId: email.teamId,
      event: {
        kind: 'received',
        emailId: email.emailId,
        messageId: email.messageId || null,
        inReplyTo: email.inReplyTo ?? null,
        refs: [...new Set([...(email.references ?? []), ...(email.inReplyTo ? [email.inReplyTo] : [])])],
        subject: email.subject ?? null,
        // Of a conversation the team started, the external participant is its first recipient; its sender is ours.
        sender: (event.type === 'EmailComposed' ? email.to?.[0] : email.fromEmail) ?? null,
        own: event.type === 'EmailComposed' ? participantAddress(email.fromEmail) : null,
        at: timeOf(email.receivedAt),
        automatic: email.isAutoReply === true || email.isBounce === true,
      },
    };
  }
  if (event.type === 'ReplyQueued') {
    const reply = event.data as ReplyQueued;
    if (!reply.messageId) return null;
    return {
      teamId: reply.teamId,
      event: {
        kind: 'sent',
        emailId: reply.emailId,
        messageId: reply.messageId,
        from: participantAddress(reply.from?.email),
        // The time the reply was queued, as the log recorded it: a rebuild reads the same.
        at: timeOf(event.metadata?.occurredAt) ?? timeOf(event.recordedAt),
      },
    };
  }
  if (event.type === 'ConversationSettingsChanged') {
    const settings = event.data as ConversationSettingsChanged;
    return { teamId: settings.teamId, event: { kind: 'settings', joinBySubject: settings.joinRepliesBySubject } };
  }
  if (event.type === 'ConversationsMerged') {
    const merged = event.data as ConversationsMerged;
    return { teamId: merged.teamId, event: { kind: 'merge', emailIds: merged.emailIds } };
  }
  if (event.type === 'EmailSplitFromConversation') {
    const split = event.data as EmailSplitFromConversation;
    return { teamId: split.teamId, event: { kind: 'split', emailId: split.emailId, newThreadId: split.newThreadId } };
  }
  return null;
}

interface KnownRow {
  email_id: string;
  message_id: string | null;
  refs: string[];
  sent_message_ids: string[];
  thread_id: string;
  subject_key: string | null;
  split: boolean;
  active_at: Date | null;
}

const KNOWN_COLUMNS = 'email_id, message_id, refs, sent_message_ids, thread_id, subject_key, split, active_at';

/**
 * The team's rows a batch can touch: rows whose Message-ID or sent Message-IDs the batch refers to, rows that refer to
 * the batch's Message-IDs, the rows of the emails named and the rows of the subjects. One lookup per condition, each
 * driven by its index (the array conditions one Message-ID at a time, so the planner estimates a few rows for each
 * rather than most of the table for the whole array), united: a batch costs its own size, not the team's emails.
 */
async function candidatesOf(
  tx: EntityManager,
  teamId: string,
  batch: { refs: string[]; messageIds: string[]; emailIds: string[]; subjectKeys: string[] },
): Promise<KnownRow[]> {
  const lookups: string[] = [];
  const params: unknown[] = [teamId];
  const param = (value: string[], type: 'text' | 'uuid') => {
    params.push(value);
    return `$${params.length}::${type}[]`;
  };
  if (batch.refs.length > 0) {
    const refs = param(batch.refs, 'text');
    // email_thread_message_idx
    lookups.push(`SELECT ${KNOWN_COLUMNS} FROM email_thread WHERE team_id = $1 AND message_id = ANY(${refs})`);
    // email_thread_sent_idx (GIN), one Message-ID at a time
    lookups.push(
      `SELECT t.* FROM unnest(${refs}) AS ref(id) CROSS JOIN LATERAL (
         SELECT ${KNOWN_COLUMNS} FROM email_thread WHERE sent_message_ids @> ARRAY[ref.id] AND team_id = $1) t`,
    );
  }
  if (batch.messageIds.length > 0) {
    // email_thread_refs_idx (GIN), one Message-ID at a time
    lookups.push(
      `SELECT t.* FROM unnest(${param(batch.messageIds, 'text')}) AS mid(id) CROSS JOIN LATERAL (
         SELECT ${KNOWN_COLUMNS} FROM email_thread WHERE refs @> ARRAY[mid.id] AND team_id = $1) t`,
    );
  }
  if (batch.emailIds.length > 0) {
    lookups.push(
      `SELECT ${KNOWN_COLUMNS} FROM email_thread WHERE team_id = $1 AND email_id = ANY(${param(batch.emailIds, 'uuid')})`,
    );
  }
  if (batch.subjectKeys.length > 0) {
    // email_thread_subject_idx
    lookups.push(
      `SELECT ${KNOWN_COLUMNS} FROM email_thread
        WHERE team_id = $1 AND subject_key = ANY(${param(batch.subjectKeys, 'text')})`,
    );
  }
  if (lookups.length === 0) return [];
  const rows: KnownRow[] = await tx.query(lookups.join('\nUNION ALL\n'), params);
  // A row found by more than one condition is one row.
  return [...new Map(rows.map((row) => [row.email_id, row])).values()];
}

/**
 * Writes `email_thread`: each email's thread (the conversation) by In-Reply-To and References. An email joins the
 * thread of any earlier email it refers to, or of the email one of our replies answered when it refers to that
 * reply's Message-ID (ReplyQueued records it on the replied email's row); earlier emails that refer to it (arrived
 * out of order) are merged into its thread.
 *
 * Without references that resolve, an email joins by its subject (when the team's setting "Join replies by subject"
 * is on, as ConversationSettingsChanged left it in log order): the most recently active thread holding an email of
 * the same normalised subject from the same external participant (domain/conversation-subject.ts), when that thread
 * was active (a message received, or a reply queued) at most 30 days before the email's own reception time. The
 * team's own addresses (the senders of its replies) and automatic mail (auto-replies, bulk and list mail, bounces)
 * never join by subject. Times are the events' own, so a rebuild decides the same. Per team, `email_thread_team`
 * keeps the setting and the team's own addresses.
 *
 * A member's changes are applied in the same order (the team's stream `conversations-<teamId>`): ConversationsMerged
 * renames the threads of the emails named, as they are at that point of the log, to the first one's;
 * EmailSplitFromConversation moves the email alone to its new thread and marks it split. An email's parent is the
 * message its In-Reply-To names before any other it refers to, so a reply to an email split out joins that email's
 * conversation; a message arriving later that a split email refers to does not pull the split email back. A member's
 * merge clears the mark of every email of the merged thread.
 *
 * A batch is decided in memory, event by event in log order, against the rows it can touch (candidatesOf: one query
 * uniting an indexed lookup per condition), then written with one INSERT, one UPDATE per merged thread and one UPDATE of the
 * sent Message-IDs. The projection's transaction stays short even during a first sync, so it does not hold back what
 * other readers of the event store can see.
 */
@Injectable()
export class EmailThreadProjection implements Projection {
  readonly name = EMAIL_THREAD_PROJECTION;
  readonly eventTypes = [
    'EmailReceived',
    'EmailComposed',
    'ReplyQueued',
    'ConversationSettingsChanged',
    'ConversationsMerged',
    'EmailSplitFromConversation',
  ] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const byTeam = new Map<string, ThreadEvent[]>();
    for (const stored of events) {
      const read = threadEventOf(stored);
      if (!read) continue;
      const teamEvents = byTeam.get(read.teamId);
      if (teamEvents) teamEvents.push(read.event);
      else byTeam.set(read.teamId, [read.event]);
    }
    for (const [teamId, teamEvents] of byTeam) await this.handleTeam(tx, teamId, teamEvents);
  }

  private async handleTeam(tx: EntityManager, teamId: string, events: ThreadEvent[]): Promise<void> {
    const incoming = events.filter((event) => event.kind === 'received');
    const sent = events.filter((event) => event.kind === 'sent');
    const [team]: { join_by_subject: boolean; own_addresses: string[] }[] = await tx.query(
      'SELECT join_by_subject, own_addresses FROM email_thread_team WHERE team_id = $1',
      [teamId],
    );
    let joinBySubject = team?.join_by_subject ?? DEFAULT_CONVERSATION_SETTINGS.joinRepliesBySubject;
    const ownAddresses = new Set(team?.own_addresses ?? []);
    const ownBefore = ownAddresses.size;
    const settingsChanged = events.some((event) => event.kind === 'settings');
    const subjectKeys =
      joinBySubject || settingsChanged
        ? [
            ...new Set(
              incoming.flatMap((email) => {
                const key = email.automatic ? null : subjectKeyOf(email.subject, email.sender, ownAddresses);
                return key ? [key] : [];
              }),
            ),
          ]
        : [];
    const allRefs = [...new Set(incoming.flatMap((email) => email.refs))];
    const messageIds = [
      ...new Set([
        ...incoming.flatMap((email) => (email.messageId ? [email.messageId] : [])),
        ...sent.map((reply) => reply.messageId),
      ]),
    ];
    // The rows of the emails replied to, merged and split out.
    const repliedIds = [
      ...new Set(
        events.flatMap((event) =>
          event.kind === 'sent' || event.kind === 'split'
            ? [event.emailId]
            : event.kind === 'merge'
              ? event.emailIds
              : [],
        ),
      ),
    ];
    const known = await candidatesOf(tx, teamId, { refs: allRefs, messageIds, emailIds: repliedIds, subjectKeys });
    const rows: ThreadRow[] = known.map((row) => ({
      emailId: row.email_id,
      messageId: row.message_id,
      refs: row.refs,
      sent: row.sent_message_ids,
      threadId: row.thread_id,
      subjectKey: row.subject_key,
      split: row.split,
      activeAt: row.active_at ? new Date(row.active_at).getTime() : null,
    }));
    // The last activity (ms) of every thread the batch touches: a thread merged into another (by a reference or a
    // member's merge) passes its activity on, so the merged thread's is the latest of both.
    const active = new Map<string, number>();
    const candidateThreads = [...new Set(known.map((row) => row.thread_id))];
    if (candidateThreads.length > 0) {
      const activity: { thread_id: string; active_at: Date }[] = await tx.query(
        `SELECT thread_id, max(active_at) AS active_at FROM email_thread
          WHERE team_id = $1 AND thread_id = ANY($2::uuid[]) AND active_at IS NOT NULL
          GROUP BY thread_id`,
        [teamId, candidateThreads],
      );
      for (const row of activity) active.set(row.thread_id, new Date(row.active_at).getTime());
    }
    const touch = (threadId: string, at: number | null) => {
      if (at !== null) active.set(threadId, Math.max(active.get(threadId) ?? at, at));
    };
    const stored = new Set(rows.map((row) => row.emailId));
    /** The changes of stored rows, in log order: a thread renamed, or one email moved to its own thread. */
    const changes: (
      { kind: 'rename'; from: string; to: string; unsplit: boolean } | { kind: 'move'; emailId: string; to: string }
    )[] = [];
    const inserts: (ThreadRow & { inReplyTo: string | null })[] = [];
    const sentChanged = new Map<ThreadRow, number | null>();

    /** The thread `old` becomes `threadId` (its rows no longer marked split when a member merged them). */
    const rename = (old: string, threadId: string, unsplit: boolean) => {
      changes.push({ kind: 'rename', from: old, to: threadId, unsplit });
      for (const row of rows) {
        if (row.threadId !== old) continue;
        row.threadId = threadId;
        if (unsplit) row.split = false;
      }
      const oldActive = active.get(old);
      if (oldActive !== undefined) touch(threadId, oldActive);
      if (old !== threadId) active.delete(old);
    };

    /**
     * Every thread other than `threadId` holding an email that refers to `messageId` becomes `threadId`; an email a
     * member split out stays in its own.
     */
    const mergeInto = (threadId: string, messageId: string) => {
      const merged = new Set(
        rows
          .filter((row) => row.refs.includes(messageId) && row.threadId !== threadId && !row.split)
          .map((row) => row.threadId),
      );
      for (const old of merged) rename(old, threadId, false);
    };

    /** The most recently active thread of that subject and participant, if active within the window before `at`. */
    const threadBySubject = (key: string, at: number): string | undefined => {
      let best: { threadId: string; at: number } | undefined;
      for (const row of rows) {
        if (row.subjectKey !== key) continue;
        const last = active.get(row.threadId);
        if (last === undefined) continue;
        if (!best || last > best.at || (last === best.at && row.threadId < best.threadId)) {
          best = { threadId: row.threadId, at: last };
        }
      }
      return best && best.at >= at - SUBJECT_JOIN_WINDOW_MS ? best.threadId : undefined;
    };

    for (const event of events) {
      if (event.kind === 'settings') {
        joinBySubject = event.joinBySubject;
        continue;
      }
      if (event.kind === 'merge') {
        // The emails' threads as the log has them at this point, in the order named: all become the first one's.
        const threads = event.emailIds.flatMap((emailId) => {
          const row = rows.find((candidate) => candidate.emailId === emailId);
          return row ? [row.threadId] : [];
        });
        const [into] = threads;
        if (into === undefined) continue;
        for (const old of new Set(threads)) rename(old, into, true);
        continue;
      }
      if (event.kind === 'split') {
        const row = rows.find((candidate) => candidate.emailId === event.emailId);
        if (!row) continue;
        row.threadId = event.newThreadId;
        row.split = true;
        touch(event.newThreadId, row.activeAt);
        if (stored.has(row.emailId)) changes.push({ kind: 'move', emailId: row.emailId, to: event.newThreadId });
        continue;
      }
      if (event.kind === 'sent') {
        if (event.from) ownAddresses.add(event.from);
        const replied = rows.find((row) => row.emailId === event.emailId);
        if (!replied || replied.sent.includes(event.messageId)) continue;
        replied.sent = [...replied.sent, event.messageId];
        sentChanged.set(replied, Math.max(sentChanged.get(replied) ?? 0, event.at ?? 0) || null);
        if (event.at !== null) replied.activeAt = Math.max(replied.activeAt ?? event.at, event.at);
        touch(replied.threadId, event.at);
        mergeInto(replied.threadId, event.messageId);
        continue;
      }
      if (event.own) ownAddresses.add(event.own);
      if (stored.has(event.emailId) || inserts.some((row) => row.emailId === event.emailId)) continue;
      // The message it answers (In-Reply-To) first: a reply to an email split out joins that email's conversation,
      // even when its References also name the conversation the email left.
      const names = (row: ThreadRow, ids: readonly string[]) =>
        (row.messageId !== null && ids.includes(row.messageId)) || row.sent.some((id) => ids.includes(id));
      const parent = event.refs.length
        ? ((event.inReplyTo ? rows.find((row) => names(row, [event.inReplyTo!])) : undefined) ??
          rows.find((row) => names(row, event.refs)))
        : undefined;
      const subjectKey = event.automatic ? null : subjectKeyOf(event.subject, event.sender, ownAddresses);
      const bySubject =
        !parent && joinBySubject && subjectKey && event.at !== null ? threadBySubject(subjectKey, event.at) : undefined;
      const threadId = parent?.threadId ?? bySubject ?? event.emailId;
      touch(threadId, event.at);
      if (event.messageId) mergeInto(threadId, event.messageId);
      const row = {
        emailId: event.emailId,
        messageId: event.messageId,
        inReplyTo: event.inReplyTo,
        refs: event.refs,
        sent: [],
        threadId,
        subjectKey,
        split: false,
        activeAt: event.at,
      };
      rows.push(row);
      inserts.push(row);
    }

    // In log order: a thread renamed twice ends where the second rename puts it, an email moved out after a merge
    // stays out.
    for (const change of changes) {
      if (change.kind === 'rename') {
        await tx.query(
          `UPDATE email_thread SET thread_id = $3, split = CASE WHEN $4 THEN false ELSE split END
            WHERE team_id = $1 AND thread_id = $2`,
          [teamId, change.from, change.to, change.unsplit],
        );
      } else {
        await tx.query(`UPDATE email_thread SET thread_id = $3, split = true WHERE team_id = $1 AND email_id = $2`, [
          teamId,
          change.emailId,
          change.to,
        ]);
      }
    }
    if (inserts.length > 0) {
      await tx.query(
        `INSERT INTO email_thread
                (email_id, team_id, message_id, in_reply_to, refs, sent_message_ids, thread_id, subject_key, active_at,
                 split)
         SELECT r.email_id, $1, r.message_id, r.in_reply_to, ARRAY(SELECT json_array_elements_text(r.refs)),
                ARRAY(SELECT json_array_elements_text(r.sent)), r.thread_id, r.subject_key,
                to_timestamp(r.active_at / 1000.0), r.split
           FROM json_to_recordset($2::json)
             AS r(email_id uuid, message_id text, in_reply_to text, refs json, sent json, thread_id uuid,
                  subject_key text, active_at double precision, split boolean)
         ON CONFLICT (email_id) DO NOTHING`,
        [
          teamId,
          JSON.stringify(
            inserts.map((row) => ({
              email_id: row.emailId,
              message_id: row.messageId,
              in_reply_to: row.inReplyTo,
              refs: row.refs,
              sent: row.sent,
              thread_id: row.threadId,
              subject_key: row.subjectKey,
              active_at: row.activeAt,
              split: row.split,
            })),
          ),
        ],
      );
    }
    if (settingsChanged || ownAddresses.size !== ownBefore) {
      await tx.query(
        `INSERT INTO email_thread_team (team_id, join_by_subject, own_addresses) VALUES ($1, $2, $3::text[])
         ON CONFLICT (team_id) DO UPDATE SET join_by_subject = EXCLUDED.join_by_subject,
                                             own_addresses = EXCLUDED.own_addresses`,
        [teamId, joinBySubject, [...ownAddresses].sort()],
      );
    }
    const updated = [...sentChanged].filter(([row]) => stored.has(row.emailId));
    if (updated.length === 0) return;
    await tx.query(
      `UPDATE email_thread t SET sent_message_ids = ARRAY(SELECT json_array_elements_text(r.sent)),
              active_at = CASE WHEN r.active_at IS NULL THEN t.active_at
                               ELSE greatest(t.active_at, to_timestamp(r.active_at / 1000.0)) END
         FROM json_to_recordset($2::json) AS r(email_id uuid, sent json, active_at double precision)
        WHERE t.team_id = $1 AND t.email_id = r.email_id`,
      [teamId, JSON.stringify(updated.map(([row, at]) => ({ email_id: row.emailId, sent: row.sent, active_at: at })))],
    );
  }

  /**
   * An erased sender's emails keep no subject key: their subject and address now read "[erased]", from which a
   * rebuild derives none either.
   */
  async rewritePersonalData(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type !== 'EmailReceived' && event.type !== 'EmailComposed') continue;
      const email = event.data as EmailReceived;
      const sender = event.type === 'EmailComposed' ? email.to?.[0] : email.fromEmail;
      const [team]: { own_addresses: string[] }[] = await tx.query(
        'SELECT own_addresses FROM email_thread_team WHERE team_id = $1',
        [email.teamId],
      );
      const key =
        email.isAutoReply || email.isBounce
          ? null
          : subjectKeyOf(email.subject, sender, new Set(team?.own_addresses ?? []));
      await tx.query('UPDATE email_thread SET subject_key = $3 WHERE team_id = $1 AND email_id = $2', [
        email.teamId,
        email.emailId,
        key,
      ]);
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE email_thread, email_thread_team');
  }
}
