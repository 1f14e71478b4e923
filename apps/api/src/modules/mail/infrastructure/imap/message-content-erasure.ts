import type { EmailReceived } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';

/**
 * What ingestion keeps beside the events of an erased person's emails: the raw source of every such email (it holds
 * every address of the message and its content) is deleted. The email's metadata stays in the inbox with "[erased]"
 * fields; the raw download then answers 404. The attachments of the emails the person sent are conversations'
 * (AttachmentStore), which erases them itself.
 */
export async function eraseMessageContent(events: StoredEvent[], tx: EntityManager): Promise<void> {
  const received = events.filter((event) => event.type === 'EmailReceived').map((event) => event.data as EmailReceived);
  if (received.length === 0) return;
  await tx.query('DELETE FROM raw_message WHERE email_id = ANY($1::uuid[])', [received.map((email) => email.emailId)]);
}
