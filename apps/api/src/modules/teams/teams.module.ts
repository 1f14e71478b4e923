import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { IdentityModule } from '../identity/identity.module';
import { CreateTeamHandler } from './commands/create-team/create-team.handler';
import { TeamController } from './http/team.controller';
import { TeamsProjection } from './projections/teams/teams.projection';
import { TeamReadModel } from './projections/teams/teams.read-model';
import { GetTeamHandler } from './queries/get-team/get-team.handler';
import { ListTeamMembersHandler } from './queries/list-team-members/list-team-members.handler';
import { JoinTeamRoomHandler } from './reactions/join-team-room.handler';

@Module({
  imports: [TypeOrmModule.forFeature([TeamReadModel]), IdentityModule],
  controllers: [TeamController],
  providers: [TeamsProjection, CreateTeamHandler, GetTeamHandler, ListTeamMembersHandler, JoinTeamRoomHandler],
})
export class TeamsModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly teams: TeamsProjection,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.teams);
  }
}
