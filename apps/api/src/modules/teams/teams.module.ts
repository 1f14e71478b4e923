import { Global, type OnModuleInit } from '@nestjs/common';
import { FeatureModule } from '../../platform/module-manifest/manifest';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { IdentityModule, InvitationAcceptance } from '../identity';
import { TeamCommandRunner } from './commands/team-command-runner';
import { INVITATION_SENT_PERSONAL_FIELDS } from './domain/invitation-personal-fields';
import { TeamStream } from './commands/team-stream';
import { InvitationController } from './http/invitation.controller';
import { TeamController } from './http/team.controller';
import { InvitationReadModel } from './projections/invitations/invitations.read-model';
import { TeamReadModel } from './projections/teams/teams.read-model';
import { TeamInvitationAcceptance } from './team-invitation-acceptance';
import { TEAMS_MANIFEST } from './teams.manifest';

/** Global: it provides the identity context's InvitationAcceptance port (registration and sign-in use it). */
@Global()
@FeatureModule(TEAMS_MANIFEST, {
  imports: [TypeOrmModule.forFeature([TeamReadModel, InvitationReadModel]), IdentityModule],
  controllers: [TeamController, InvitationController],
  providers: [TeamStream, TeamCommandRunner, { provide: InvitationAcceptance, useClass: TeamInvitationAcceptance }],
  exports: [InvitationAcceptance],
})
export class TeamsModule implements OnModuleInit {
  constructor(private readonly personalData: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.personalData.declare('InvitationSent', INVITATION_SENT_PERSONAL_FIELDS);
  }
}
