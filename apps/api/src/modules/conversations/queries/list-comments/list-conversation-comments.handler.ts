import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ConversationComment, ConversationComments, ConversationEmailRef } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { type CommentRow, SELECT_COMMENT, toComment } from '../../projections/email-comment/comment.mapper';
import { ConversationThreads } from '../../projections/email-thread/conversation-threads';
import { InboxEmailQueries } from '../inbox-email.queries';
import { ListConversationCommentsQuery } from './list-conversation-comments.query';

interface EmailRefRow {
  id: string;
  subject: string;
  from_name: string | null;
  from_email: string;
  received_at: Date;
}

const toEmailRef = (row: EmailRefRow): ConversationEmailRef => ({
  id: row.id,
  subject: row.subject,
  fromName: row.from_name,
  fromEmail: row.from_email,
  receivedAt: new Date(row.received_at).toISOString(),
});

/**
 * GET /emails/{id}/comments?scope=conversation: the conversation is the team's thread of the email (read port
 * `ConversationThreads`); its received emails are listed oldest first, and their comments oldest first, each labelled
 * with its email. Every read is limited to the caller's team.
 */
@QueryHandler(ListConversationCommentsQuery)
export class ListConversationCommentsHandler implements IQueryHandler<
  ListConversationCommentsQuery,
  ConversationComments
> {
  constructor(
    private readonly inbox: InboxEmailQueries,
    private readonly threads: ConversationThreads,
    private readonly db: DataSource,
  ) {}

  async execute({ teamId, emailId }: ListConversationCommentsQuery): Promise<ConversationComments> {
    await this.inbox.requireEmail(teamId, emailId);
    const thread = await this.threads.threadOf(teamId, emailId);
    const emails: EmailRefRow[] = await this.db.query(
      `SELECT id, subject, from_name, from_email, received_at FROM inbox_email
        WHERE team_id = $1 AND id = ANY($2::uuid[]) ORDER BY received_at, id`,
      [teamId, thread],
    );
    const refs = new Map(emails.map((row) => [row.id, toEmailRef(row)]));
    const rows: CommentRow[] = await this.db.query(
      `${SELECT_COMMENT} WHERE c.team_id = $1 AND c.email_id = ANY($2::uuid[]) ORDER BY c.created_at, c.id`,
      [teamId, [...refs.keys()]],
    );
    const comments: ConversationComment[] = rows.map((row) => ({
      ...toComment(row),
      email: refs.get(row.email_id) as ConversationEmailRef,
    }));
    return { emailIds: [...refs.keys()], comments };
  }
}
