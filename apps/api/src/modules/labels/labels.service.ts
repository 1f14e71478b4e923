import { Injectable } from '@nestjs/common';
import { DEFAULT_LABELS, type Label, type TLabelRequest } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { DataSource } from 'typeorm';
import { UserDirectory } from '../identity';
import { DomainError, newCorrelationId, EventSourcedRepository, ReadYourWrites } from '../../platform/event-sourcing';
import { LABEL_NOT_FOUND_MESSAGE, type LabelsCommand, labelsDecider, labelsStreamId } from './domain/labels.decider';
import { EMAIL_LABEL_PROJECTION } from './projections/email-label.projection';

export const TEAM_REQUIRED_FOR_LABELS = 'Create a team first: labels belong to a team.';

interface LabelRow {
  id: string;
  team_id: string;
  name: string;
  color: Label['color'];
  background_color: Label['backgroundColor'];
  is_default: boolean;
}

const toLabel = (row: LabelRow): Label => ({
  id: row.id,
  name: row.name,
  color: row.color,
  backgroundColor: row.background_color,
  teamId: row.team_id,
  isDefault: row.is_default,
});

/** The team's labels: commands on the `labels-<teamId>` stream, reads from `email_label`. */
@Injectable()
export class LabelsService {
  constructor(
    private readonly directory: UserDirectory,
    private readonly repository: EventSourcedRepository,
    private readonly readYourWrites: ReadYourWrites,
    private readonly db: DataSource,
  ) {}

  /** The caller's team; a `teamId` query naming another team answers 404 (it reveals nothing). */
  async teamOf(userId: string, requestedTeamId?: string): Promise<string> {
    const teamId = await this.directory.teamOf(userId);
    if (!teamId) throw new DomainError('conflict', TEAM_REQUIRED_FOR_LABELS);
    if (requestedTeamId && requestedTeamId !== teamId) throw new DomainError('not-found', LABEL_NOT_FOUND_MESSAGE);
    return teamId;
  }

  async list(teamId: string, which: 'all' | 'default' | 'user' = 'all'): Promise<Label[]> {
    const filter = which === 'default' ? 'AND is_default' : which === 'user' ? 'AND NOT is_default' : '';
    const rows: LabelRow[] = await this.db.query(
      `SELECT * FROM email_label WHERE team_id = $1 ${filter} ORDER BY is_default DESC, lower(name)`,
      [teamId],
    );
    return rows.map(toLabel);
  }

  async create(userId: string, teamId: string, body: TLabelRequest, isDefault = false): Promise<Label> {
    const labelId = uuidv7();
    await this.run(userId, teamId, { type: 'CreateLabel', teamId, labelId, isDefault, ...fields(body) });
    return this.get(teamId, labelId);
  }

  async update(userId: string, teamId: string, labelId: string, body: TLabelRequest): Promise<Label> {
    await this.run(userId, teamId, { type: 'UpdateLabel', teamId, labelId, ...fields(body) });
    return this.get(teamId, labelId);
  }

  async delete(userId: string, teamId: string, labelId: string): Promise<void> {
    await this.run(userId, teamId, { type: 'DeleteLabel', teamId, labelId });
  }

  /** Creates the default labels the team does not have yet (by name); idempotent. */
  async initialize(userId: string, teamId: string): Promise<Label[]> {
    const existing = new Set((await this.list(teamId)).map((label) => label.name.toLowerCase()));
    for (const label of DEFAULT_LABELS) {
      if (existing.has(label.name.toLowerCase())) continue;
      await this.run(userId, teamId, { type: 'CreateLabel', teamId, labelId: uuidv7(), isDefault: true, ...label });
    }
    return this.list(teamId);
  }

  private async get(teamId: string, labelId: string): Promise<Label> {
    const [row]: LabelRow[] = await this.db.query('SELECT * FROM email_label WHERE id = $1 AND team_id = $2', [
      labelId,
      teamId,
    ]);
    if (!row) throw new DomainError('not-found', LABEL_NOT_FOUND_MESSAGE);
    return toLabel(row);
  }

  private async run(userId: string, teamId: string, command: LabelsCommand): Promise<void> {
    const appended = await this.repository.decide(labelsStreamId(teamId), labelsDecider, command, {
      actorUserId: userId,
      teamId,
      correlationId: newCorrelationId(),
    });
    await this.readYourWrites.waitFor(appended?.position, [EMAIL_LABEL_PROJECTION, 'inbox-email']);
  }
}

function fields(body: TLabelRequest) {
  return { name: body.name, color: body.color, backgroundColor: body.backgroundColor };
}
