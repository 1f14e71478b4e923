import type { OutgoingKind } from '@teaminbox/contracts';

/** What a scheduled send is, as the Scheduled list names it. */
export const SEND_KIND_KEYS: Record<OutgoingKind, string> = {
  reply: 'sendLater.kindReply',
  forward: 'sendLater.kindForward',
  compose: 'sendLater.kindCompose',
};

/** The notice of an undone send: where the message is now (a new email is a draft in the conversation it began). */
export const UNDONE_KEYS: Record<OutgoingKind, string> = {
  reply: 'sendLater.undone',
  forward: 'sendLater.undoneForward',
  compose: 'sendLater.undoneCompose',
};
