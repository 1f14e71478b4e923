import { foldEvents } from '../../../platform/event-sourcing/decider';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import {
  REPLY_TEMPLATE_NOT_FOUND_MESSAGE,
  type ReplyTemplateCommand,
  replyTemplateDecider,
  type ReplyTemplateEvent,
} from './reply-template.decider';

const ids = { templateId: 'tpl-1', teamId: 'team-1' };
const fields = { name: 'Thanks', subject: 'Re: your order', body: 'Thank you!', htmlBody: '<p>Thank you!</p>' };
const created: ReplyTemplateEvent = { type: 'ReplyTemplateCreated', data: { ...ids, ...fields } };

function given(events: ReplyTemplateEvent[]) {
  return {
    when: (command: ReplyTemplateCommand) => () =>
      replyTemplateDecider.decide(command, foldEvents(replyTemplateDecider, events)),
  };
}

const notFound = (error: unknown) =>
  error instanceof DomainError && error.kind === 'not-found' && error.message === REPLY_TEMPLATE_NOT_FOUND_MESSAGE;

describe('reply template decider', () => {
  it('creates a template with its name trimmed and its texts (HTML too) as given', () => {
    const run = given([]).when({ type: 'CreateReplyTemplate', ...ids, ...fields, name: '  Thanks ' });
    expect(run()).toEqual([created]);
  });

  it('refuses a blank name', () => {
    const run = given([]).when({ type: 'CreateReplyTemplate', ...ids, ...fields, name: '   ' });
    expect(run).toThrow(expect.objectContaining({ kind: 'invalid', message: 'Please enter a template name' }));
  });

  it('creates once: the same id again for the same team appends nothing, for another team conflicts', () => {
    expect(given([created]).when({ type: 'CreateReplyTemplate', ...ids, ...fields })()).toEqual([]);
    const other = given([created]).when({ type: 'CreateReplyTemplate', ...ids, ...fields, teamId: 'team-2' });
    expect(other).toThrow(expect.objectContaining({ kind: 'conflict' }));
  });

  it('updates the whole template, and an identical update appends nothing', () => {
    const changed = { ...fields, subject: 'Re: {subject}', htmlBody: '<p onclick="x()">Kept as given</p>' };
    expect(given([created]).when({ type: 'UpdateReplyTemplate', ...ids, ...changed })()).toEqual([
      { type: 'ReplyTemplateUpdated', data: { ...ids, ...changed } },
    ]);
    const updated: ReplyTemplateEvent = { type: 'ReplyTemplateUpdated', data: { ...ids, ...changed } };
    expect(given([created, updated]).when({ type: 'UpdateReplyTemplate', ...ids, ...changed })()).toEqual([]);
  });

  it('deletes a template once', () => {
    expect(given([created]).when({ type: 'DeleteReplyTemplate', ...ids })()).toEqual([
      { type: 'ReplyTemplateDeleted', data: ids },
    ]);
    const deleted: ReplyTemplateEvent = { type: 'ReplyTemplateDeleted', data: ids };
    expect(given([created, deleted]).when({ type: 'DeleteReplyTemplate', ...ids })).toThrow(
      expect.objectContaining({ kind: 'not-found' }),
    );
  });

  it('answers not found for a template that does not exist, was deleted or belongs to another team', () => {
    const deleted: ReplyTemplateEvent = { type: 'ReplyTemplateDeleted', data: ids };
    const cases: [ReplyTemplateEvent[], ReplyTemplateCommand][] = [
      [[], { type: 'UpdateReplyTemplate', ...ids, ...fields }],
      [[], { type: 'DeleteReplyTemplate', ...ids }],
      [[created, deleted], { type: 'UpdateReplyTemplate', ...ids, ...fields }],
      [[created], { type: 'UpdateReplyTemplate', ...ids, ...fields, teamId: 'team-2' }],
      [[created], { type: 'UpdateReplyTemplate', ...ids, ...fields, teamId: 'team-2', name: '' }],
      [[created], { type: 'DeleteReplyTemplate', ...ids, teamId: 'team-2' }],
    ];
    for (const [history, command] of cases) {
      let thrown: unknown;
      try {
        given(history).when(command)();
      } catch (error) {
        thrown = error;
      }
      expect(notFound(thrown)).toBe(true);
    }
  });
});
