import { Injectable } from '@nestjs/common';
import type { Comment } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { DataSource } from 'typeorm';
import { displayNameSql, UserDirectory } from '../../identity';
import {
  DomainError,
  newCorrelationId,
  EventSourcedRepository,
  ReadYourWrites,
} from '../../../platform/event-sourcing';
import { COMMENT_NOT_FOUND_MESSAGE, emailDecider, emailStreamId, type WorkOnEmail } from '../domain/email.decider';
import { EmailAccess } from '../email-access';
import { EMAIL_COMMENT_PROJECTION } from './email-comment.projection';
import { mentionedIn } from './mentions';

interface CommentRow {
  id: string;
  email_id: string;
  message: string;
  user_id: string;
  user_name: string | null;
  user_email: string;
  mentions: string[];
  created_at: Date;
  updated_at: Date | null;
}

const toComment = (row: CommentRow): Comment => ({
  id: row.id,
  emailId: row.email_id,
  message: row.message,
  userId: row.user_id,
  userName: row.user_name,
  userEmail: row.user_email,
  mentions: row.mentions ?? [],
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
});

const SELECT = `SELECT c.id, c.email_id, c.message, c.user_id, c.mentions, c.created_at, c.updated_at, u.email AS user_email,
                       ${displayNameSql('u')} AS user_name
                  FROM email_comment c JOIN users u ON u.id = c.user_id`;

/** Internal comments on an email: the author alone edits or deletes; mentions resolved against the team. */
@Injectable()
export class CommentsService {
  constructor(
    private readonly directory: UserDirectory,
    private readonly repository: EventSourcedRepository,
    private readonly readYourWrites: ReadYourWrites,
    private readonly db: DataSource,
    private readonly access: EmailAccess,
  ) {}

  async list(userId: string, emailId: string): Promise<Comment[]> {
    const teamId = await this.access.teamWithEmail(userId, emailId);
    const rows: CommentRow[] = await this.db.query(
      `${SELECT} WHERE c.team_id = $1 AND c.email_id = $2 ORDER BY c.created_at, c.id`,
      [teamId, emailId],
    );
    return rows.map(toComment);
  }

  async add(userId: string, emailId: string, message: string): Promise<Comment> {
    const teamId = await this.access.teamWithEmail(userId, emailId);
    const commentId = uuidv7();
    const mentions = await this.mentions(teamId, message);
    await this.run(userId, teamId, emailId, { type: 'AddComment', teamId, userId, commentId, message, mentions });
    return this.get(teamId, commentId);
  }

  async edit(userId: string, emailId: string, commentId: string, message: string): Promise<Comment> {
    const teamId = await this.access.teamWithEmail(userId, emailId);
    const mentions = await this.mentions(teamId, message);
    await this.run(userId, teamId, emailId, { type: 'EditComment', teamId, userId, commentId, message, mentions });
    return this.get(teamId, commentId);
  }

  async delete(userId: string, emailId: string, commentId: string): Promise<void> {
    const teamId = await this.access.teamWithEmail(userId, emailId);
    await this.run(userId, teamId, emailId, { type: 'DeleteComment', teamId, userId, commentId });
  }

  private async mentions(teamId: string, message: string): Promise<string[]> {
    return mentionedIn(message, await this.directory.membersOf(teamId));
  }

  /** A comment of the team as it is now, or null when it does not exist (deleted). */
  async byId(teamId: string, commentId: string): Promise<Comment | null> {
    const [row]: CommentRow[] = await this.db.query(`${SELECT} WHERE c.team_id = $1 AND c.id = $2`, [
      teamId,
      commentId,
    ]);
    return row ? toComment(row) : null;
  }

  private async get(teamId: string, commentId: string): Promise<Comment> {
    const comment = await this.byId(teamId, commentId);
    if (!comment) throw new DomainError('not-found', COMMENT_NOT_FOUND_MESSAGE);
    return comment;
  }

  private async run(userId: string, teamId: string, emailId: string, command: WorkOnEmail): Promise<void> {
    const appended = await this.repository.decide(emailStreamId(emailId), emailDecider, command, {
      actorUserId: userId,
      teamId,
      correlationId: newCorrelationId(),
    });
    await this.readYourWrites.waitFor(appended?.position, [EMAIL_COMMENT_PROJECTION]);
  }
}
