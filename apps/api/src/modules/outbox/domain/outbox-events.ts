import type { OutboxEventMap, OutboxEventType } from '@teaminbox/contracts';
import { v5 as uuidv5 } from 'uuid';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';

const OUTBOX_NAMESPACE = '6b0f7a52-1c3e-4f8a-b2d9-57e0c4a1d3f6';

/** The id of a reply's event of that type: appending it twice stores it once. */
export function replyEventIdOf(replyId: string, type: OutboxEventType): string {
  return uuidv5(`${replyId}\n${type}`, OUTBOX_NAMESPACE);
}

export function isOutboxEvent<K extends OutboxEventType>(
  event: StoredEvent,
  type: K,
): event is StoredEvent<OutboxEventMap[K]> {
  return event.type === type;
}

/** Where a reply stands, from the events of its email's stream. */
export function replyStateOf(events: StoredEvent[], replyId: string) {
  let queued: OutboxEventMap['ReplyQueued'] | null = null;
  let finished = false;
  for (const event of events) {
    if (isOutboxEvent(event, 'ReplyQueued') && event.data.replyId === replyId) queued = event.data;
    if ((isOutboxEvent(event, 'ReplySent') || isOutboxEvent(event, 'ReplyFailed')) && event.data.replyId === replyId)
      finished = true;
  }
  return { queued, finished };
}
