import { Injectable } from '@nestjs/common';
import type { Email } from '@teaminbox/contracts';
import { DataSource, In } from 'typeorm';
import { UserDirectory } from '../../../identity/user-directory';
import { DomainError } from '../../../shared/domain-error';
import { toEmailDto } from '../../../conversations/projections/inbox-email/email.mapper';
import { InboxEmailReadModel } from '../../../conversations/projections/inbox-email/inbox-email.read-model';

export const EMAIL_NOT_FOUND_MESSAGE = 'Email not found';

/** GET /emails/{id}/thread: the emails of its thread in the caller's team, by receivedAt ascending. */
@Injectable()
export class GetEmailThreadHandler {
  constructor(
    private readonly directory: UserDirectory,
    private readonly db: DataSource,
  ) {}

  async execute(userId: string, emailId: string): Promise<Email[]> {
    const teamId = await this.directory.teamOf(userId);
    if (!teamId) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    const ids: { email_id: string }[] = await this.db.query(
      `SELECT member.email_id FROM email_thread self
         JOIN email_thread member ON member.team_id = self.team_id AND member.thread_id = self.thread_id
        WHERE self.team_id = $1 AND self.email_id = $2`,
      [teamId, emailId],
    );
    const wanted = ids.length > 0 ? ids.map((row) => row.email_id) : [emailId];
    const rows = await this.db.getRepository(InboxEmailReadModel).find({
      where: { teamId, id: In(wanted) },
      order: { receivedAt: 'ASC', id: 'ASC' },
    });
    if (!rows.some((row) => row.id === emailId)) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    return rows.map(toEmailDto);
  }
}
