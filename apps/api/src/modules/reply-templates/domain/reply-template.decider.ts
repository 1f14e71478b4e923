import type {
  PersonalEventType,
  ReplyTemplateCreated,
  ReplyTemplateDeleted,
  ReplyTemplateUpdated,
} from '@teaminbox/contracts';
import { DomainError } from '../../../platform/event-sourcing/domain-error';

export const replyTemplateStreamId = (templateId: string) => `template-${templateId}`;

export const REPLY_TEMPLATE_NOT_FOUND_MESSAGE = 'Reply template not found';
export const REPLY_TEMPLATE_EXISTS_MESSAGE = 'Reply template already exists';
export const REPLY_TEMPLATE_NAME_REQUIRED_MESSAGE = 'Please enter a template name';

export interface ReplyTemplateFields {
  name: string;
  subject: string;
  body: string;
  htmlBody: string;
}

export type ReplyTemplateCommand =
  | ({ type: 'CreateReplyTemplate'; teamId: string; templateId: string } & ReplyTemplateFields)
  | ({ type: 'UpdateReplyTemplate'; teamId: string; templateId: string } & ReplyTemplateFields)
  | { type: 'DeleteReplyTemplate'; teamId: string; templateId: string };

export type ReplyTemplateEvent =
  | { type: 'ReplyTemplateCreated'; data: ReplyTemplateCreated }
  | { type: 'ReplyTemplateUpdated'; data: ReplyTemplateUpdated }
  | { type: 'ReplyTemplateDeleted'; data: ReplyTemplateDeleted };

export type ReplyTemplateState =
  | { status: 'absent' }
  | { status: 'active'; teamId: string; fields: ReplyTemplateFields }
  | { status: 'deleted'; teamId: string };

export const REPLY_TEMPLATE_EVENT_TYPES = [
  'ReplyTemplateCreated',
  'ReplyTemplateUpdated',
  'ReplyTemplateDeleted',
] as const satisfies readonly PersonalEventType[];

const fieldsOf = (source: ReplyTemplateFields): ReplyTemplateFields => ({
  name: source.name.trim(),
  subject: source.subject,
  body: source.body,
  htmlBody: source.htmlBody,
});

const sameFields = (a: ReplyTemplateFields, b: ReplyTemplateFields) =>
  a.name === b.name && a.subject === b.subject && a.body === b.body && a.htmlBody === b.htmlBody;

/** The template of the caller's team, or 404: another team's template is indistinguishable from none. */
function activeOfTeam(state: ReplyTemplateState, teamId: string) {
  if (state.status !== 'active' || state.teamId !== teamId) {
    throw new DomainError('not-found', REPLY_TEMPLATE_NOT_FOUND_MESSAGE);
  }
  return state;
}

/**
 * One reply template (stream `template-<templateId>`), owned by one team. Names need not be unique; texts are
 * kept as given (HTML is sanitized when a reply made from the template is rendered or sent).
 */
export const replyTemplateDecider = {
  eventTypes: REPLY_TEMPLATE_EVENT_TYPES,
  initialState: (): ReplyTemplateState => ({ status: 'absent' }),

  decide(command: ReplyTemplateCommand, state: ReplyTemplateState): ReplyTemplateEvent[] {
    switch (command.type) {
      case 'CreateReplyTemplate': {
        if (!command.name.trim()) throw new DomainError('invalid', REPLY_TEMPLATE_NAME_REQUIRED_MESSAGE);
        if (state.status === 'active' && state.teamId === command.teamId) return [];
        if (state.status !== 'absent') throw new DomainError('conflict', REPLY_TEMPLATE_EXISTS_MESSAGE);
        const data = { templateId: command.templateId, teamId: command.teamId, ...fieldsOf(command) };
        return [{ type: 'ReplyTemplateCreated', data }];
      }
      case 'UpdateReplyTemplate': {
        const template = activeOfTeam(state, command.teamId);
        if (!command.name.trim()) throw new DomainError('invalid', REPLY_TEMPLATE_NAME_REQUIRED_MESSAGE);
        const fields = fieldsOf(command);
        if (sameFields(template.fields, fields)) return [];
        return [
          { type: 'ReplyTemplateUpdated', data: { templateId: command.templateId, teamId: command.teamId, ...fields } },
        ];
      }
      case 'DeleteReplyTemplate': {
        activeOfTeam(state, command.teamId);
        return [{ type: 'ReplyTemplateDeleted', data: { templateId: command.templateId, teamId: command.teamId } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state: ReplyTemplateState, event: ReplyTemplateEvent): ReplyTemplateState {
    switch (event.type) {
      case 'ReplyTemplateCreated':
      case 'ReplyTemplateUpdated':
        return { status: 'active', teamId: event.data.teamId, fields: fieldsOf(event.data) };
      case 'ReplyTemplateDeleted':
        return { status: 'deleted', teamId: event.data.teamId };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
