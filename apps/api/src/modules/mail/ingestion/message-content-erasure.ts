import type { EmailReceived } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import { ERASED } from '../../../platform/personal-data';

/**
 * What ingestion keeps beside the events of an erased person's emails: the raw source of every such email (it holds
 * every address of the message and its content) is deleted, and the attachments' content of the emails the person
 * sent. The email's metadata stays in the inbox with "[erased]" fields; the raw download and those attachments then
 * answer 404.
 */
export async function eraseMessageContent(events: StoredEvent[], tx: EntityManager): Promise<void> {
  const received = events.filter((event) => event.type === 'EmailReceived').map((event) => event.data as EmailReceived);
  if (received.length === 0) return;
  await tx.query('DELETE FROM raw_message WHERE email_id = ANY($1::uuid[])', [received.map((email) => email.emailId)]);
  const sent = new Map<string, string[]>();
  for (const email of received)
    if (email.fromEmail === ERASED) sent.set(email.teamId, [...(sent.get(email.teamId) ?? []), email.emailId]);
  for (const [teamId, emailIds] of sent)
    await tx.query('DELETE FROM attachment WHERE team_id = $1 AND email_id = ANY($2::uuid[])', [teamId, emailIds]);
}
