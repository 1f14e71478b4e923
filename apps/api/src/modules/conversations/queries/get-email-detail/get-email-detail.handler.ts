import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { EmailDetail } from '@teaminbox/contracts';
import { DataSource, type Repository } from 'typeorm';
import { DomainError } from '../../../../platform/event-sourcing';
import { displayNameSql } from '../../../identity';
import { EMAIL_NOT_FOUND_MESSAGE } from '../../domain/email.decider';
import { InlineUrlSigner } from '../../domain/inline-url-signer';
import { toEmailWithBodies } from '../../projections/inbox-email/email.mapper';
import { InboxEmailReadModel } from '../../projections/inbox-email/inbox-email.read-model';
import { ALL_COLUMNS, safeHtmlOf } from '../email-bodies';
import { GetEmailDetailQuery } from './get-email-detail.query';

/**
 * The detail: the HTML sanitised when it was ingested (remote images blocked), its inline images resolved here to
 * signed URLs. Rows projected before sanitising moved to ingestion are sanitised here (rebuild the inbox-email
 * projection to do it once). A conversation the team started (its first message is the team's queued message of the
 * same id) is outgoing, with the member who wrote it and its Bcc recipients.
 */
@QueryHandler(GetEmailDetailQuery)
export class GetEmailDetailHandler implements IQueryHandler<GetEmailDetailQuery, EmailDetail> {
  constructor(
    @InjectRepository(InboxEmailReadModel) private readonly emails: Repository<InboxEmailReadModel>,
    private readonly db: DataSource,
    private readonly signer: InlineUrlSigner,
  ) {}

  async execute({ caller: { teamId, userId }, emailId }: GetEmailDetailQuery): Promise<EmailDetail> {
    const row = await this.emails.findOne({
      where: { id: emailId, teamId },
      select: { ...ALL_COLUMNS, htmlSafe: true, remoteImages: true, dateHeader: true },
    });
    if (!row) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    const [extra]: {
      in_reply_to: string | null;
      is_auto_reply: boolean;
      is_bounce: boolean;
      muted: boolean;
      assignee_name: string | null;
      composed_by: string | null;
      composer_name: string | null;
      composed_bcc: string[] | null;
    }[] = await this.db.query(
      `SELECT e.in_reply_to, e.is_auto_reply, e.is_bounce,
              EXISTS (SELECT 1 FROM email_mute m WHERE m.email_id = e.id AND m.user_id = $2) AS muted,
              ${displayNameSql('u')} AS assignee_name,
              u.email AS assignee_email,
              r.author_id AS composed_by, COALESCE(${displayNameSql('c')}, c.email) AS composer_name, r.bcc AS composed_bcc
         FROM inbox_email e LEFT JOIN users u ON u.id = e.assigned_to
              LEFT JOIN email_reply r ON r.id = e.id AND r.email_id = e.id AND r.team_id = e.team_id
                                     AND r.status <> 'DRAFT'
              LEFT JOIN users c ON c.id = r.author_id
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
      dateHeader: row.dateHeader ?? null,
      ...(extra.composed_by
        ? {
            direction: 'outgoing' as const,
            composedBy: { userId: extra.composed_by, name: extra.composer_name },
            bcc: extra.composed_bcc ?? [],
          }
        : { direction: 'incoming' as const }),
    };
  }
}
