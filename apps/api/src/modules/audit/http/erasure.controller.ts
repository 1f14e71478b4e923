import { Body, Controller, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type DataSubjectErasure,
  ERASURE_ROLES,
  type TEraseDataSubjectRequest,
  ZEraseDataSubjectRequest,
} from '@teaminbox/contracts';
import type { Response } from 'express';
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

  /** 201 with the erasure; 200 with the report alone when no key was kept but plain-text events name the address. */
  @Post()
  @HttpCode(201)
  async erase(
    @TeamCaller(ERASURE_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZEraseDataSubjectRequest)) body: TEraseDataSubjectRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DataSubjectErasure> {
    const erasure: DataSubjectErasure = await this.commands.execute(new EraseDataSubjectCommand(caller, body.email));
    if (erasure.eventId === null) res.status(HttpStatus.OK);
    return erasure;
  }
}
