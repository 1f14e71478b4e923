import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { CreateSampleEmailsCommand } from '../commands/create-sample-emails/create-sample-emails.command';

/** Commands on the team's emails. */
@Controller('emails')
export class EmailsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('sample')
  @HttpCode(200)
  createSamples(@CurrentUser() user: AuthenticatedUser): Promise<SuccessMessageResponse> {
    return this.commands.execute(new CreateSampleEmailsCommand(user.id));
  }
}
