import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type ReplyTemplate,
  type SuccessMessageResponse,
  type TReplyTemplateRequest,
  ZReplyTemplateRequest,
} from '@teaminbox/contracts';
import { TeamCaller } from '../../../platform/auth';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { DeleteReplyTemplateCommand } from '../commands/delete-reply-template/delete-reply-template.command';
import { SaveReplyTemplateCommand } from '../commands/save-reply-template/save-reply-template.command';
import { REPLY_TEMPLATE_NOT_FOUND_MESSAGE } from '../domain/reply-template.decider';
import { ListReplyTemplatesQuery } from '../queries/list-reply-templates/list-reply-templates.query';
import { TEMPLATES_TEAM } from './templates-team';

const templateId = (id: string) => uuidOr404(id, REPLY_TEMPLATE_NOT_FOUND_MESSAGE);

/** The team's reply templates (spec section 7); any member may manage them. */
@Controller('reply-templates')
export class ReplyTemplatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@TeamCaller(TEMPLATES_TEAM) caller: TeamCaller): Promise<ReplyTemplate[]> {
    return this.queries.execute(new ListReplyTemplatesQuery(caller.teamId));
  }

  @Post()
  @HttpCode(200)
  create(
    @TeamCaller(TEMPLATES_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZReplyTemplateRequest)) body: TReplyTemplateRequest,
  ): Promise<ReplyTemplate> {
    return this.commands.execute(new SaveReplyTemplateCommand(caller, null, body));
  }

  @Put(':id')
  update(
    @TeamCaller(TEMPLATES_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZReplyTemplateRequest)) body: TReplyTemplateRequest,
  ): Promise<ReplyTemplate> {
    return this.commands.execute(new SaveReplyTemplateCommand(caller, templateId(id), body));
  }

  @Delete(':id')
  async remove(
    @TeamCaller(TEMPLATES_TEAM) caller: TeamCaller,
    @Param('id') id: string,
  ): Promise<SuccessMessageResponse> {
    await this.commands.execute(new DeleteReplyTemplateCommand(caller, templateId(id)));
    return { success: true, message: 'Reply template deleted' };
  }
}
