import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type ConversationChangeResult,
  type TMergeConversationsRequest,
  ZMergeConversationsRequest,
} from '@teaminbox/contracts';
import { TeamCaller } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { MergeConversationsCommand } from '../commands/merge-conversations/merge-conversations.command';
import { SplitEmailCommand } from '../commands/split-email/split-email.command';
import { EMAIL_TEAM, emailId } from './email-team';

/**
 * Merging conversations and splitting an email out of its conversation (docs/collaboration.md, "Merging and
 * splitting conversations"); each undoes the other. The roles of the other email changes (an AUDITOR reads only).
 */
@Controller()
export class ConversationsController {
  constructor(private readonly commands: CommandBus) {}

  /** The conversations of the emails named (two or more) become the first one's. */
  @Post('conversations/merge')
  @HttpCode(200)
  merge(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZMergeConversationsRequest)) body: TMergeConversationsRequest,
  ): Promise<ConversationChangeResult> {
    return this.commands.execute(new MergeConversationsCommand(caller, body.emailIds));
  }

  /** The email leaves its conversation for a conversation of its own. */
  @Post('emails/:id/split')
  @HttpCode(200)
  split(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<ConversationChangeResult> {
    return this.commands.execute(new SplitEmailCommand(caller, emailId(id)));
  }
}
