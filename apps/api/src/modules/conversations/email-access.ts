import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserDirectory } from '../identity';
import { DomainError } from '../../platform/event-sourcing';
import { uuidOr404 } from '../../platform/http/uuid-or-404';
import { EMAIL_NOT_FOUND_MESSAGE } from './domain/email.decider';

export { uuidOr404 };

/** The caller's team, if one of its emails has this id; otherwise 404 'Email not found' (another team's id included). */
@Injectable()
export class EmailAccess {
  constructor(
    private readonly directory: UserDirectory,
    private readonly db: DataSource,
  ) {}

  async teamWithEmail(userId: string, emailId: string): Promise<string> {
    uuidOr404(emailId, EMAIL_NOT_FOUND_MESSAGE);
    const teamId = await this.directory.teamOf(userId);
    const found: unknown[] = teamId
      ? await this.db.query('SELECT 1 FROM inbox_email WHERE id = $1 AND team_id = $2', [emailId, teamId])
      : [];
    if (!teamId || found.length === 0) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    return teamId;
  }
}
