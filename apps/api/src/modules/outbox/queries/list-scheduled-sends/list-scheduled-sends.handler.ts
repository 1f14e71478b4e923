import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OutgoingKind, ScheduledSend } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { displayNameSql } from '../../../identity';
import { ListScheduledSendsQuery } from './list-scheduled-sends.query';

/** From `outbox_scheduled_send` (still scheduled), with each author's name (the shared `users` view). */
@QueryHandler(ListScheduledSendsQuery)
export class ListScheduledSendsHandler implements IQueryHandler<ListScheduledSendsQuery, ScheduledSend[]> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId }: ListScheduledSendsQuery): Promise<ScheduledSend[]> {
    const rows: {
      reply_id: string;
      email_id: string;
      kind: OutgoingKind;
      to: string[];
      subject: string;
      send_at: Date;
      author_id: string;
      author_name: string | null;
    }[] = await this.db.query(
      `SELECT s.reply_id, s.email_id, s.kind, s."to", s.subject, s.send_at, s.author_id,
              COALESCE(${displayNameSql('u')}, u.email) AS author_name
         FROM outbox_scheduled_send s LEFT JOIN users u ON u.id = s.author_id
        WHERE s.team_id = $1 AND s.state = 'scheduled'
        ORDER BY s.send_at, s.reply_id`,
      [teamId],
    );
    return rows.map((row) => ({
      replyId: row.reply_id,
      emailId: row.email_id,
      kind: row.kind,
      to: row.to,
      subject: row.subject,
      sendAt: row.send_at.toISOString(),
      authorId: row.author_id,
      authorName: row.author_name,
    }));
  }
}
