import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ThreadMessage } from '@teaminbox/contracts';
import { DataSource, In } from 'typeorm';
import { DomainError } from '../../../../platform/event-sourcing';
import { prepareEmailHtml } from '../../domain/email-html';
import { EMAIL_NOT_FOUND_MESSAGE } from '../../domain/email.decider';
import { InlineUrlSigner } from '../../domain/inline-url-signer';
import { ConversationThreads } from '../../projections/email-thread/conversation-threads';
import { type ReplyRow, SELECT_REPLY } from '../../projections/email-reply/reply.mapper';
import { toEmailWithBodies } from '../../projections/inbox-email/email.mapper';
import { InboxEmailReadModel } from '../../projections/inbox-email/inbox-email.read-model';
import { ALL_COLUMNS, safeHtmlOf } from '../email-bodies';
import { GetEmailThreadQuery } from './get-email-thread.query';

type DeliveryStatus = NonNullable<ThreadMessage['deliveryStatus']>;

/**
 * GET /emails/{id}/thread: the team's received emails of the thread (incoming) and the team's replies to any of
 * them that went to the outbox (outgoing, with their delivery status; drafts are not part of a thread; the first
 * email of a conversation the team started is outgoing too), each once,
 * oldest first (a reply counts from its sending, or from its queuing while it is not sent). HTML is sanitized.
 */
@QueryHandler(GetEmailThreadQuery)
export class GetEmailThreadHandler implements IQueryHandler<GetEmailThreadQuery, ThreadMessage[]> {
  constructor(
    private readonly db: DataSource,
    private readonly signer: InlineUrlSigner,
    private readonly threads: ConversationThreads,
  ) {}

  async execute({ teamId, emailId }: GetEmailThreadQuery): Promise<ThreadMessage[]> {
    const wanted = await this.threads.threadOf(teamId, emailId);
    const emails = await this.db.getRepository(InboxEmailReadModel).find({
      where: { teamId, id: In(wanted) },
      select: { ...ALL_COLUMNS, htmlSafe: true, remoteImages: true },
    });
    const original = emails.find((row) => row.id === emailId);
    if (!original) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    const replies: ReplyRow[] = await this.db.query(
      `${SELECT_REPLY} WHERE r.team_id = $1 AND r.email_id = ANY($2::uuid[]) AND r.status IN ('QUEUED', 'SENT', 'FAILED')`,
      [teamId, emails.map((row) => row.id)],
    );

    const messages = new Map<string, ThreadMessage>();
    for (const row of emails) {
      const email = toEmailWithBodies(row);
      const html = email.htmlBody ? safeHtmlOf(row, (id) => this.signer.inlineUrl(id)).html : null;
      messages.set(email.id, { ...email, htmlBody: html, direction: 'incoming' });
    }
    for (const reply of replies) {
      // A conversation the team started: its first email is this message (same id), sent by the team.
      const composed = messages.get(reply.id);
      if (composed) {
        messages.set(reply.id, { ...composed, direction: 'outgoing', deliveryStatus: reply.status as DeliveryStatus });
        continue;
      }
      messages.set(reply.id, {
        id: reply.id,
        teamId,
        subject: reply.subject,
        body: reply.body,
        htmlBody: reply.html_body ? prepareEmailHtml(reply.html_body, [], () => '').html : null,
        fromName: reply.from_name,
        fromEmail: reply.from_address ?? '',
        to: reply.to ?? [],
        cc: reply.cc ?? [],
        receivedAt: new Date(reply.sent_at ?? reply.created_at).toISOString(),
        read: true,
        readAt: null,
        readBy: null,
        isArchived: false,
        isSpam: false,
        priority: original.priority,
        status: original.status,
        assignedTo: null,
        labels: [],
        attachments: (reply.attachments ?? []).map((a) => ({
          id: a.id ?? '',
          filename: a.fileName,
          size: a.size ?? 0,
          contentType: a.contentType,
        })),
        direction: 'outgoing',
        deliveryStatus: reply.status as DeliveryStatus,
      });
    }
    return [...messages.values()].sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id));
  }
}
