import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Email, EmailAction, EmailActionType, EmailDetail } from '@teaminbox/contracts';
import { DataSource, type Repository } from 'typeorm';
import { prepareEmailHtml, resolveInlineImages, type PreparedEmailHtml } from '../email-content/email-html';
import { InlineUrlSigner } from '../email-content/inline-url-signer';
import { toEmailDto, toEmailWithBodies } from '../projections/inbox-email/email.mapper';
import { InboxEmailReadModel } from '../projections/inbox-email/inbox-email.read-model';
import { displayNameSql } from '../../identity/display-name.sql';

/** Every column TypeORM selects by default (the ones marked `select: false` are added where needed). */
export const ALL_COLUMNS = {
  id: true,
  teamId: true,
  subject: true,
  bodyText: true,
  bodyHtml: true,
  fromName: true,
  fromEmail: true,
  to: true,
  cc: true,
  receivedAt: true,
  readAt: true,
  readBy: true,
  isArchived: true,
  isSpam: true,
  priority: true,
  status: true,
  assignedTo: true,
  labels: true,
  attachments: true,
  messageId: true,
} as const;

/** The HTML a detail or thread shows: sanitised at ingestion with its inline images resolved, or (older rows) now. */
export function safeHtmlOf(row: InboxEmailReadModel, inlineUrl: (id: string) => string): PreparedEmailHtml {
  const attachments = row.attachments ?? [];
  if (!row.htmlSafe) return prepareEmailHtml(row.bodyHtml, attachments, inlineUrl);
  return { html: resolveInlineImages(row.bodyHtml, attachments, inlineUrl), remoteImages: row.remoteImages ?? 0 };
}

/** Reads of one email of a team: the plain DTO, the detail (sanitized HTML) and its action log. */
@Injectable()
export class EmailDetailQueries {
  constructor(
    @InjectRepository(InboxEmailReadModel) private readonly emails: Repository<InboxEmailReadModel>,
    private readonly db: DataSource,
    private readonly signer: InlineUrlSigner,
  ) {}

  async email(teamId: string, emailId: string): Promise<Email | null> {
    const row = await this.emails.findOne({ where: { id: emailId, teamId } });
    return row ? toEmailDto(row) : null;
  }

  /**
   * The detail: the HTML sanitised when it was ingested (remote images blocked), its inline images resolved here
   * to signed URLs. Rows projected before sanitising moved to ingestion are sanitised here (rebuild the inbox-email
   * projection to do it once).
   */
  async detail(teamId: string, userId: string, emailId: string): Promise<EmailDetail | null> {
    const row = await this.emails.findOne({
      where: { id: emailId, teamId },
      select: { ...ALL_COLUMNS, htmlSafe: true, remoteImages: true, dateHeader: true },
    });
    if (!row) return null;
    const [extra]: {
      in_reply_to: string | null;
      is_auto_reply: boolean;
      is_bounce: boolean;
      muted: boolean;
      assignee_name: string | null;
    }[] = await this.db.query(
      `SELECT e.in_reply_to, e.is_auto_reply, e.is_bounce,
              EXISTS (SELECT 1 FROM email_mute m WHERE m.email_id = e.id AND m.user_id = $2) AS muted,
              ${displayNameSql('u')} AS assignee_name,
              u.email AS assignee_email
         FROM inbox_email e LEFT JOIN users u ON u.id = e.assigned_to
        WHERE e.id = $1`,
      [emailId, userId],
    );
    const email = toEmailWithBodies(row);
    const html = safeHtmlOf(row, (id) => this.signer.inlineUrl(id));
    const assignee = extra as typeof extra & { assignee_email: string | null };
    return {
      ...email,
      htmlBody: html.html,
      remoteImages: html.remoteImages,
      muted: extra.muted,
      assignedToName: row.assignedTo ? (assignee.assignee_name ?? assignee.assignee_email) : null,
      messageId: row.messageId,
      inReplyTo: extra.in_reply_to,
      isAutoReply: extra.is_auto_reply,
      isBounce: extra.is_bounce,
      direction: 'incoming',
      dateHeader: row.dateHeader ?? null,
    };
  }

  /** The email's action log, oldest first, with each actor's name and email. */
  async actions(teamId: string, emailId: string): Promise<EmailAction[]> {
    const rows: {
      id: string;
      type: EmailActionType;
      created_at: Date;
      actor_user_id: string | null;
      actor_name: string | null;
      actor_email: string | null;
      details: EmailAction['details'];
    }[] = await this.db.query(
      `SELECT a.id, a.type, a.created_at, a.actor_user_id, a.details, u.email AS actor_email,
              ${displayNameSql('u')} AS actor_name
         FROM email_action a LEFT JOIN users u ON u.id = a.actor_user_id
        WHERE a.team_id = $1 AND a.email_id = $2
        ORDER BY a.created_at, a.id`,
      [teamId, emailId],
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      createdAt: new Date(row.created_at).toISOString(),
      actorUserId: row.actor_user_id,
      actorName: row.actor_name ?? row.actor_email,
      actorEmail: row.actor_email,
      details: row.details,
    }));
  }
}
