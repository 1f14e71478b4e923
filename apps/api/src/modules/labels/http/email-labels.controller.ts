import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type Label, type SuccessMessageResponse, type TLabelRequest, ZLabelRequest } from '@teaminbox/contracts';
import { TeamCaller } from '../../../platform/auth';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { DeleteLabelCommand } from '../commands/delete-label/delete-label.command';
import { InitializeLabelsCommand } from '../commands/initialize-labels/initialize-labels.command';
import { LABELS_TEAM } from './labels-team';
import { SaveLabelCommand } from '../commands/save-label/save-label.command';
import { LABEL_NOT_FOUND_MESSAGE } from '../domain/labels.decider';
import { ListLabelsQuery } from '../queries/list-labels/list-labels.query';

const labelId = (id: string) => uuidOr404(id, LABEL_NOT_FOUND_MESSAGE);

/** The team's email labels (spec section 7); any member may manage them, default labels are undeletable. */
@Controller('email-labels')
export class EmailLabelsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@TeamCaller({ ...LABELS_TEAM, teamIdIn: 'query' }) caller: TeamCaller): Promise<Label[]> {
    return this.queries.execute(new ListLabelsQuery(caller.teamId));
  }

  @Get('default')
  defaults(@TeamCaller(LABELS_TEAM) caller: TeamCaller): Promise<Label[]> {
    return this.queries.execute(new ListLabelsQuery(caller.teamId, 'default'));
  }

  @Get('user')
  userLabels(@TeamCaller({ ...LABELS_TEAM, teamIdIn: 'query' }) caller: TeamCaller): Promise<Label[]> {
    return this.queries.execute(new ListLabelsQuery(caller.teamId, 'user'));
  }

  @Post()
  @HttpCode(200)
  create(
    @TeamCaller({ ...LABELS_TEAM, teamIdIn: 'body' }) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZLabelRequest)) body: TLabelRequest,
  ): Promise<Label> {
    return this.commands.execute(new SaveLabelCommand(caller, null, body));
  }

  @Post('initialize')
  @HttpCode(200)
  initialize(@TeamCaller(LABELS_TEAM) caller: TeamCaller): Promise<Label[]> {
    return this.commands.execute(new InitializeLabelsCommand(caller));
  }

  @Put(':id')
  update(
    @TeamCaller({ ...LABELS_TEAM, teamIdIn: 'body' }) caller: TeamCaller,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZLabelRequest)) body: TLabelRequest,
  ): Promise<Label> {
    return this.commands.execute(new SaveLabelCommand(caller, labelId(id), body));
  }

  @Delete(':id')
  async remove(
    @TeamCaller({ ...LABELS_TEAM, teamIdIn: 'query' }) caller: TeamCaller,
    @Param('id') id: string,
  ): Promise<SuccessMessageResponse> {
    await this.commands.execute(new DeleteLabelCommand(caller, labelId(id)));
    return { success: true, message: 'Label deleted' };
  }
}
