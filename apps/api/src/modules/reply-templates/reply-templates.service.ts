import { Injectable } from '@nestjs/common';
import type { ReplyTemplate, TReplyTemplateRequest } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { UserDirectory } from '../identity';
import { DomainError, newCorrelationId, EventSourcedRepository, ReadYourWrites } from '../../platform/event-sourcing';
import {
  REPLY_TEMPLATE_NOT_FOUND_MESSAGE,
  type ReplyTemplateCommand,
  replyTemplateDecider,
  replyTemplateStreamId,
} from './domain/reply-template.decider';
import { REPLY_TEMPLATE_PROJECTION } from './projections/reply-template.projection';

export const TEAM_REQUIRED_FOR_REPLY_TEMPLATES = 'Create a team first: reply templates belong to a team.';

interface ReplyTemplateRow {
  id: string;
  name: string;
  subject: string;
  body: string;
  html_body: string;
}

const COLUMNS = 'id, name, subject, body, html_body';

const toReplyTemplate = (row: ReplyTemplateRow): ReplyTemplate => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  body: row.body,
  htmlBody: row.html_body,
});

/** The team's reply templates: commands on `template-<id>` streams, reads from `reply_template`. */
@Injectable()
export class ReplyTemplatesService {
  constructor(
    private readonly directory: UserDirectory,
    private readonly repository: EventSourcedRepository,
    private readonly readYourWrites: ReadYourWrites,
    private readonly db: DataSource,
  ) {}

  /** The caller's team (from the users read model); a user without one gets the labels API's 409. */
  async teamOf(userId: string): Promise<string> {
    const teamId = await this.directory.teamOf(userId);
    if (!teamId) throw new DomainError('conflict', TEAM_REQUIRED_FOR_REPLY_TEMPLATES);
    return teamId;
  }

  async list(teamId: string): Promise<ReplyTemplate[]> {
    const rows: ReplyTemplateRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM reply_template WHERE team_id = $1 ORDER BY lower(name), id`,
      [teamId],
    );
    return rows.map(toReplyTemplate);
  }

  async create(userId: string, teamId: string, body: TReplyTemplateRequest): Promise<ReplyTemplate> {
    const templateId = uuidv7();
    await this.run(userId, teamId, { type: 'CreateReplyTemplate', teamId, templateId, ...body });
    return this.get(teamId, templateId);
  }

  async update(
    userId: string,
    teamId: string,
    templateId: string,
    body: TReplyTemplateRequest,
  ): Promise<ReplyTemplate> {
    await this.run(userId, teamId, { type: 'UpdateReplyTemplate', teamId, templateId, ...body });
    return this.get(teamId, templateId);
  }

  async delete(userId: string, teamId: string, templateId: string): Promise<void> {
    await this.run(userId, teamId, { type: 'DeleteReplyTemplate', teamId, templateId });
  }

  private async get(teamId: string, templateId: string): Promise<ReplyTemplate> {
    const [row]: ReplyTemplateRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM reply_template WHERE id = $1 AND team_id = $2`,
      [templateId, teamId],
    );
    if (!row) throw new DomainError('not-found', REPLY_TEMPLATE_NOT_FOUND_MESSAGE);
    return toReplyTemplate(row);
  }

  private async run(userId: string, teamId: string, command: ReplyTemplateCommand): Promise<void> {
    const appended = await this.repository.decide(
      replyTemplateStreamId(command.templateId),
      replyTemplateDecider,
      command,
      {
        actorUserId: userId,
        teamId,
        correlationId: newCorrelationId(),
      },
    );
    await this.readYourWrites.waitFor(appended?.position, [REPLY_TEMPLATE_PROJECTION]);
  }
}
