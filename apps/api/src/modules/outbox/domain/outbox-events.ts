import type { OutboxEventType } from '@teaminbox/contracts';
import { v5 as uuidv5 } from 'uuid';

const OUTBOX_NAMESPACE = '6b0f7a52-1c3e-4f8a-b2d9-57e0c4a1d3f6';

/** The id of a reply's event of that type: appending it twice stores it once. */
export function replyEventIdOf(replyId: string, type: OutboxEventType): string {
  return uuidv5(`${replyId}\n${type}`, OUTBOX_NAMESPACE);
}
