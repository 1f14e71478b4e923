import { Injectable } from '@nestjs/common';
import type { DomainEventMap, EmailComposed, EmailReceived, EmailStatus, Priority } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { sanitizeEmailHtml } from '../../domain/email-html';
import { EMAIL_STATE_EVENT_TYPES } from '../../domain/email.decider';
import { BOX_SQL, InboxEmailCountDiff, NOBODY } from './inbox-email-count';
import {
  INBOX_EMAIL_STATE_EVENT_TYPES,
  type InboxEmailState,
  type InboxEmailStateEvent,
  evolveInboxEmail,
  composedState,
  receivedState,
  sameInboxEmailState,
  withoutDeletedLabel,
} from './inbox-email-state';

export const INBOX_EMAIL_PROJECTION = 'inbox-email';

interface StateRow {
  id: string;
  team_id: string;
  read_at: string | null;
  read_by: string | null;
  is_archived: boolean;
  is_spam: boolean;
  assigned_to: string | null;
  labels: string[];
  status: EmailStatus;
  priority: Priority;
  snoozed_until: string | null;
  woken_at: string | null;
}

/**
 * Writes `inbox_email`, `inbox_email_count` and `email_mute`, set-based: a batch of events is folded in memory
 * (the rows it touches are read once), then each email is written once — new emails by one INSERT with their final
 * state, changed ones by one UPDATE from a JSON array (json_to_recordset: plain json parses faster than jsonb) — and
 * the counters move by the difference between each email's state before and after the batch. The result is the
 * same as applying the events one by one, so that a rebuild is bounded by Postgres, not by round trips.
 */
/** The columns of inbox_email that an email's state (not its content) decides. */
function stateColumns(state: InboxEmailState) {
  return {
    read_at: state.readAt,
    read_by: state.readBy,
    is_archived: state.isArchived,
    is_spam: state.isSpam,
    assigned_to: state.assignedTo,
    labels: state.labels,
    status: state.status,
    priority: state.priority,
    snoozed_until: state.snoozedUntil,
    woken_at: state.wokenAt,
  };
}

/** The columns of inbox_email that the received message decides (everything but its state). */
function contentColumns(email: EmailReceived) {
  // Ingested mail arrives sanitised; older events and sample emails are sanitised here, once.
  const html = email.htmlSafe
    ? { html: email.html, remoteImages: email.remoteImages ?? 0 }
    : sanitizeEmailHtml(email.html, email.attachments ?? []);
  return {
    id: email.emailId,
    team_id: email.teamId,
    subject: email.subject,
    body_text: email.text,
    body_html: html.html,
    remote_images: html.remoteImages,
    date_header: email.dateHeader ?? null,
    from_name: email.fromName,
    from_email: email.fromEmail,
    to: email.to,
    cc: email.cc,
    received_at: email.receivedAt,
    message_id: email.messageId,
    attachments: email.attachments ?? [],
    in_reply_to: email.inReplyTo ?? null,
    is_auto_reply: email.isAutoReply ?? false,
    is_bounce: email.isBounce ?? false,
  };
}

@Injectable()
export class InboxEmailProjection implements Projection {
  readonly name = INBOX_EMAIL_PROJECTION;
  readonly eventTypes = [...EMAIL_STATE_EVENT_TYPES, 'EmailComposed', 'LabelDeleted'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const before = await this.load(events, tx);
    const states = new Map(before);
    const received = new Map<string, EmailReceived>();
    const mutes = new Map<string, { emailId: string; userId: string; teamId: string; muted: boolean }>();
    const deletedLabels: { teamId: string; labelId: string }[] = [];

    for (const event of events) {
      const emailId = (event.data as { emailId?: string }).emailId?.toLowerCase() ?? '';
      switch (event.type) {
        case 'EmailReceived': {
          const data = event.data as EmailReceived;
          // First one wins, as INSERT ... ON CONFLICT (id) DO NOTHING.
          if (!states.has(emailId)) {
            states.set(emailId, receivedState(data));
            received.set(emailId, data);
          }
          break;
        }
        case 'EmailComposed': {
          // A conversation the team started: listed like a received email, read by and assigned to its author.
          const data = event.data as EmailComposed;
          if (!states.has(emailId)) {
            states.set(emailId, composedState(data));
            received.set(emailId, data);
          }
          break;
        }
        case 'EmailNotificationsMuted':
        case 'EmailNotificationsUnmuted': {
          const { userId, teamId } = event.data as DomainEventMap['EmailNotificationsMuted'];
          const muted = event.type === 'EmailNotificationsMuted';
          mutes.set(`${emailId}|${userId.toLowerCase()}`, { emailId, userId, teamId, muted });
          break;
        }
        case 'LabelDeleted': {
          const { teamId, labelId } = event.data as DomainEventMap['LabelDeleted'];
          deletedLabels.push({ teamId, labelId });
          for (const [id, state] of states) states.set(id, withoutDeletedLabel(state, teamId, labelId));
          break;
        }
        default: {
          const state = states.get(emailId);
          if (state && INBOX_EMAIL_STATE_EVENT_TYPES.has(event.type))
            states.set(emailId, evolveInboxEmail(state, event as unknown as InboxEmailStateEvent));
        }
      }
    }

    const counts = new InboxEmailCountDiff();
    // Emails this batch does not otherwise touch lose a deleted label in SQL; the touched ones are written below.
    for (const { teamId, labelId } of deletedLabels) await this.deleteLabel(teamId, labelId, [...before.keys()], tx);
    await this.insertReceived(received, states, tx);
    for (const id of received.keys()) counts.change(undefined, states.get(id));
    const changed = [...before].filter(([id, old]) => !sameInboxEmailState(old, states.get(id) ?? old));
    await this.updateChanged(
      changed.map(([id]) => states.get(id) as InboxEmailState),
      tx,
    );
    for (const [id, old] of changed) counts.change(old, states.get(id));
    await counts.write(tx);
    await this.writeMutes([...mutes.values()], tx);
  }

  /** The current state of the existing emails the batch names. */
  private async load(events: StoredEvent[], tx: EntityManager): Promise<Map<string, InboxEmailState>> {
    const ids = new Set<string>();
    for (const event of events) {
      const emailId = (event.data as { emailId?: string }).emailId;
      if (emailId && event.type !== 'EmailNotificationsMuted' && event.type !== 'EmailNotificationsUnmuted')
        ids.add(emailId.toLowerCase());
    }
    if (ids.size === 0) return new Map();
    const rows: StateRow[] = await tx.query(
      `SELECT id, team_id, read_at::text AS read_at, read_by, is_archived, is_spam, assigned_to, labels, status, priority,
              snoozed_until::text AS snoozed_until, woken_at::text AS woken_at
         FROM inbox_email WHERE id = ANY($1::uuid[])`,
      [[...ids]],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          teamId: row.team_id,
          readAt: row.read_at,
          readBy: row.read_by,
          isArchived: row.is_archived,
          isSpam: row.is_spam,
          assignedTo: row.assigned_to,
          labels: row.labels,
          status: row.status,
          priority: row.priority,
          snoozedUntil: row.snoozed_until,
          wokenAt: row.woken_at,
        },
      ]),
    );
  }

  /** LabelDeleted on the rows not in `touched`, with the counters of that label lowered by what it removed. */
  private async deleteLabel(teamId: string, labelId: string, touched: string[], tx: EntityManager): Promise<void> {
    await tx.query(
      `WITH changed AS (
         UPDATE inbox_email SET labels = array_remove(labels, $2::uuid)
          WHERE team_id = $1 AND labels @> ARRAY[$2::uuid] AND id <> ALL($3::uuid[])
          RETURNING ${BOX_SQL} AS box, COALESCE(assigned_to, '${NOBODY}'::uuid) AS assigned_to,
                    read_at IS NULL AND read_by IS NULL AS unread)
       INSERT INTO inbox_email_count (team_id, box, label_id, assigned_to, unread, n)
       SELECT $1, box, $2, assigned_to, unread, -count(*) FROM changed GROUP BY box, assigned_to, unread
       ON CONFLICT (team_id, box, label_id, assigned_to, unread) DO UPDATE SET n = inbox_email_count.n + EXCLUDED.n`,
      [teamId, labelId, touched],
    );
  }

  private async insertReceived(
    received: Map<string, EmailReceived>,
    states: Map<string, InboxEmailState>,
    tx: EntityManager,
  ): Promise<void> {
    const rows = [...received].map(([id, email]) => ({
      ...contentColumns(email),
      ...stateColumns(states.get(id) as InboxEmailState),
    }));
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO inbox_email
         (id, team_id, subject, body_text, body_html, html_safe, remote_images, date_header, from_name, from_email, "to", cc,
          received_at, priority, status, message_id,
          attachments, in_reply_to, is_auto_reply, is_bounce, read_at, read_by, is_archived, is_spam, assigned_to, labels,
          snoozed_until, woken_at)
       SELECT r.id, r.team_id, r.subject, r.body_text, r.body_html, true, r.remote_images, r.date_header, r.from_name, r.from_email,
              COALESCE(r."to", '[]'::jsonb), COALESCE(r.cc, '[]'::jsonb), r.received_at, r.priority, r.status, r.message_id,
              COALESCE(r.attachments, '[]'::jsonb), r.in_reply_to, COALESCE(r.is_auto_reply, false), COALESCE(r.is_bounce, false),
              r.read_at, r.read_by, r.is_archived, r.is_spam, r.assigned_to, r.labels, r.snoozed_until, r.woken_at
         FROM json_to_recordset($1::json) AS r(
              id uuid, team_id uuid, subject text, body_text text, body_html text, remote_images integer, date_header text,
              from_name text, from_email text,
              "to" jsonb, cc jsonb, received_at timestamptz, priority text, status text, message_id text,
              attachments jsonb, in_reply_to text, is_auto_reply boolean, is_bounce boolean,
              read_at timestamptz, read_by uuid, is_archived boolean, is_spam boolean, assigned_to uuid, labels uuid[],
              snoozed_until timestamptz, woken_at timestamptz)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }

  private async updateChanged(states: InboxEmailState[], tx: EntityManager): Promise<void> {
    if (states.length === 0) return;
    const rows = states.map((state) => ({ id: state.id, ...stateColumns(state) }));
    await tx.query(
      `UPDATE inbox_email e
          SET read_at = r.read_at, read_by = r.read_by, is_archived = r.is_archived, is_spam = r.is_spam,
              assigned_to = r.assigned_to, labels = r.labels, status = r.status, priority = r.priority,
              snoozed_until = r.snoozed_until, woken_at = r.woken_at
         FROM json_to_recordset($1::json) AS r(
              id uuid, read_at timestamptz, read_by uuid, is_archived boolean, is_spam boolean, assigned_to uuid, labels uuid[],
              status text, priority text, snoozed_until timestamptz, woken_at timestamptz)
        WHERE e.id = r.id`,
      [JSON.stringify(rows)],
    );
  }

  /** The last mute or unmute of each (email, user) in the batch decides, as applying them in order would. */
  private async writeMutes(
    mutes: { emailId: string; userId: string; teamId: string; muted: boolean }[],
    tx: EntityManager,
  ): Promise<void> {
    const muted = mutes.filter((mute) => mute.muted);
    const unmuted = mutes.filter((mute) => !mute.muted);
    if (muted.length > 0)
      await tx.query(
        `INSERT INTO email_mute (email_id, user_id, team_id)
         SELECT r.email_id, r.user_id, r.team_id FROM json_to_recordset($1::json) AS r(email_id uuid, user_id uuid, team_id uuid)
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(muted.map((m) => ({ email_id: m.emailId, user_id: m.userId, team_id: m.teamId })))],
      );
    if (unmuted.length > 0)
      await tx.query(
        `DELETE FROM email_mute m USING json_to_recordset($1::json) AS r(email_id uuid, user_id uuid)
          WHERE m.email_id = r.email_id AND m.user_id = r.user_id`,
        [JSON.stringify(unmuted.map((m) => ({ email_id: m.emailId, user_id: m.userId })))],
      );
  }

  /** An erased sender's or recipient's emails: their message columns written again from the erased events. */
  async rewritePersonalData(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const received = new Map<string, EmailReceived>();
    for (const event of events) {
      if (event.type !== 'EmailReceived' && event.type !== 'EmailComposed') continue;
      const email = event.data as EmailReceived;
      const id = email.emailId.toLowerCase();
      if (!received.has(id)) received.set(id, email);
    }
    if (received.size === 0) return;
    const rows = [...received.values()].map(contentColumns);
    await tx.query(
      `UPDATE inbox_email e
          SET subject = r.subject, body_text = r.body_text, body_html = r.body_html, remote_images = r.remote_images,
              date_header = r.date_header, from_name = r.from_name, from_email = r.from_email,
              "to" = COALESCE(r."to", '[]'::jsonb), cc = COALESCE(r.cc, '[]'::jsonb), received_at = r.received_at,
              message_id = r.message_id, attachments = COALESCE(r.attachments, '[]'::jsonb), in_reply_to = r.in_reply_to,
              is_auto_reply = COALESCE(r.is_auto_reply, false), is_bounce = COALESCE(r.is_bounce, false)
         FROM json_to_recordset($1::json) AS r(
              id uuid, team_id uuid, subject text, body_text text, body_html text, remote_images integer, date_header text,
              from_name text, from_email text, "to" jsonb, cc jsonb, received_at timestamptz, message_id text,
              attachments jsonb, in_reply_to text, is_auto_reply boolean, is_bounce boolean)
        WHERE e.id = r.id AND e.team_id = r.team_id`,
      [JSON.stringify(rows)],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE inbox_email, inbox_email_count, email_mute');
  }
}
