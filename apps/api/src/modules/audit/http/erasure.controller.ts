import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type DataSubjectErasure,
  ERASURE_ROLES,
  type TEraseDataSubjectRequest,
  ZEraseDataSubjectRequest,
} from '@teaminbox/contracts';
import { RequireRole, TeamCaller, type TeamCallerOptions } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { EraseDataSubjectCommand } from '../commands/erase-data-subject/erase-data-subject.command';
import { TEAM_AUDIT_NOT_FOUND_MESSAGE } from './team-audit.controller';

const ERASURE_TEAM: TeamCallerOptions = {
  noTeam: { kind: 'not-found', message: TEAM_AUDIT_NOT_FOUND_MESSAGE },
};

/** Erasure of a person's personal data in the caller's team, for ERASURE_ROLES (403 for others). */
@Controller('team/audit/erasures')
@RequireRole(...ERASURE_ROLES)
export class ErasureController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  erase(
    @TeamCaller(ERASURE_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZEraseDataSubjectRequest)) body: TEraseDataSubjectRequest,
  ): Promise<DataSubjectErasure> {
    return this.commands.execute(new EraseDataSubjectCommand(caller, body.email));
  }
}
