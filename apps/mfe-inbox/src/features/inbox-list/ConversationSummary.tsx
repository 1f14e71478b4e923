import './conversation-summary.css';
import { useTranslation } from 'react-i18next';
import type { EmailConversation } from '@teaminbox/contracts';

/** The participants of a conversation as people read them: each one's name, else their address. */
export const participantNames = (conversation: EmailConversation): string =>
  conversation.participants.map((participant) => participant.name || participant.email).join(', ');

/** A conversation row's message count (shown from two messages on), named for screen readers, the senders on hover. */
export function ConversationCount({ conversation }: { conversation: EmailConversation | undefined }) {
  const { t } = useTranslation('inbox');
  if (!conversation || conversation.messageCount < 2) return null;
  return (
    <span
      className="inbox-conversation-count"
      aria-label={t('inbox.conversationMessages', { count: conversation.messageCount })}
      title={t('inbox.conversationParticipants', { names: participantNames(conversation) })}
      data-testid="conversation-count"
    >
      {conversation.messageCount}
    </span>
  );
}
