import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { type Label, type SuccessMessageResponse, type TLabelRequest, ZLabelRequest } from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { LABEL_NOT_FOUND_MESSAGE } from '../domain/labels.decider';
import { LabelsService } from '../labels.service';

const labelId = (id: string) => uuidOr404(id, LABEL_NOT_FOUND_MESSAGE);
const teamQuery = (teamId: unknown) => (typeof teamId === 'string' && teamId ? teamId : undefined);

/** The team's email labels (spec section 7); any member may manage them, default labels are undeletable. */
@Controller('email-labels')
export class EmailLabelsController {
  constructor(private readonly labels: LabelsService) {}

  @Get()
  async list(@CurrentUser() user: AuthenticatedUser, @Query('teamId') teamId: unknown): Promise<Label[]> {
    return this.labels.list(await this.labels.teamOf(user.id, teamQuery(teamId)));
  }

  @Get('default')
  async defaults(@CurrentUser() user: AuthenticatedUser): Promise<Label[]> {
    return this.labels.list(await this.labels.teamOf(user.id), 'default');
  }

  @Get('user')
  async userLabels(@CurrentUser() user: AuthenticatedUser, @Query('teamId') teamId: unknown): Promise<Label[]> {
    return this.labels.list(await this.labels.teamOf(user.id, teamQuery(teamId)), 'user');
  }

  @Post()
  @HttpCode(200)
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(ZLabelRequest)) body: TLabelRequest,
  ): Promise<Label> {
    return this.labels.create(user.id, await this.labels.teamOf(user.id, body.teamId), body);
  }

  @Post('initialize')
  @HttpCode(200)
  async initialize(@CurrentUser() user: AuthenticatedUser): Promise<Label[]> {
    return this.labels.initialize(user.id, await this.labels.teamOf(user.id));
  }

  @Put(':id')
  async update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZLabelRequest)) body: TLabelRequest,
  ): Promise<Label> {
    return this.labels.update(user.id, await this.labels.teamOf(user.id, body.teamId), labelId(id), body);
  }

  @Delete(':id')
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Query('teamId') teamId: unknown,
  ): Promise<SuccessMessageResponse> {
    await this.labels.delete(user.id, await this.labels.teamOf(user.id, teamQuery(teamId)), labelId(id));
    return { success: true, message: 'Label deleted' };
  }
}
