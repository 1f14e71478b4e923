import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { ConversationsModule } from '../conversations';
import { TeamActivityController } from './http/team-activity.controller';
import { TeamActivityProjection } from './projections/team-activity/team-activity.projection';
import { ListTeamActivityHandler } from './queries/list-team-activity/list-team-activity.handler';

/** The team's activity log: a read-only context, a projection over the other contexts' events. */
@Module({
  imports: [ConversationsModule],
  controllers: [TeamActivityController],
  providers: [TeamActivityProjection, ListTeamActivityHandler],
})
export class ActivityModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly projection: TeamActivityProjection,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.projection);
  }
}
