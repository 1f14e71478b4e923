import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  type ReplyTemplate,
  type SuccessMessageResponse,
  type TReplyTemplateRequest,
  ZReplyTemplateRequest,
} from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { REPLY_TEMPLATE_NOT_FOUND_MESSAGE } from '../domain/reply-template.decider';
import { ReplyTemplatesService } from '../reply-templates.service';

const templateId = (id: string) => uuidOr404(id, REPLY_TEMPLATE_NOT_FOUND_MESSAGE);

/** The team's reply templates (spec section 7); any member may manage them. */
@Controller('reply-templates')
export class ReplyTemplatesController {
  constructor(private readonly templates: ReplyTemplatesService) {}

  @Get()
  async list(@CurrentUser() user: AuthenticatedUser): Promise<ReplyTemplate[]> {
    return this.templates.list(await this.templates.teamOf(user.id));
  }

  @Post()
  @HttpCode(200)
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(ZReplyTemplateRequest)) body: TReplyTemplateRequest,
  ): Promise<ReplyTemplate> {
    return this.templates.create(user.id, await this.templates.teamOf(user.id), body);
  }

  @Put(':id')
  async update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZReplyTemplateRequest)) body: TReplyTemplateRequest,
  ): Promise<ReplyTemplate> {
    return this.templates.update(user.id, await this.templates.teamOf(user.id), templateId(id), body);
  }

  @Delete(':id')
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<SuccessMessageResponse> {
    await this.templates.delete(user.id, await this.templates.teamOf(user.id), templateId(id));
    return { success: true, message: 'Reply template deleted' };
  }
}
