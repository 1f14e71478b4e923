import { deciderSpecification } from '../../../../test/support/decider-specification';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { conversationSettingsDecider } from './conversation-settings.decider';

const spec = deciderSpecification(conversationSettingsDecider);
const teamId = 't1';

describe('conversation settings decider', () => {
  it('records that an admin turns joining replies by subject off, and on again', () => {
    spec
      .given([])
      .when({
        type: 'ChangeConversationSettings',
        teamId,
        role: 'ADMIN',
        settings: { joinRepliesBySubject: false },
      })
      .then([{ type: 'ConversationSettingsChanged', data: { teamId, joinRepliesBySubject: false } }]);
    spec
      .given([{ type: 'ConversationSettingsChanged', data: { teamId, joinRepliesBySubject: false } }])
      .when({ type: 'ChangeConversationSettings', teamId, role: 'ADMIN', settings: { joinRepliesBySubject: true } })
      .then([{ type: 'ConversationSettingsChanged', data: { teamId, joinRepliesBySubject: true } }]);
  });

  it('records nothing when the setting already is so (on by default)', () => {
    spec
      .given([])
      .when({ type: 'ChangeConversationSettings', teamId, role: 'ADMIN', settings: { joinRepliesBySubject: true } })
      .then([]);
  });

  it.each(['MEMBER', 'MAINTAINER', 'AUDITOR'] as const)('refuses a %s', (role) => {
    spec
      .given([])
      .when({ type: 'ChangeConversationSettings', teamId, role, settings: { joinRepliesBySubject: false } })
      .thenThrows(
        (error) =>
          error instanceof DomainError &&
          error.kind === 'forbidden' &&
          error.message === 'Only an admin can change the conversation settings',
      );
  });
});
