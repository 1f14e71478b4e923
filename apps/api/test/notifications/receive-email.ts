import { v7 as uuidv7 } from 'uuid';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port';
import type { TestApp } from '../app/test-app';

/** A new email of the team, as mail ingestion records it; returns its id. */
export async function receiveEmail(t: TestApp, teamId: string, subject: string): Promise<string> {
  const emailId = uuidv7();
  const occurredAt = new Date().toISOString();
  await t.app.get<EventStore>(EVENT_STORE).appendToStream(
    `email-${emailId}`,
    [
      {
        eventId: uuidv7(),
        type: 'EmailReceived',
        data: {
          emailId,
          teamId,
          messageId: `<${emailId}@example.com>`,
          subject,
          fromName: 'Alice Customer',
          fromEmail: 'customer@example.com',
          to: ['support@example.com'],
          cc: [],
          text: 'Hello',
          html: null,
          receivedAt: occurredAt,
          priority: 'MEDIUM',
          status: 'NEW',
        },
        metadata: { actorUserId: null, teamId, correlationId: uuidv7(), causationId: null, occurredAt },
      },
    ],
    'no_stream',
  );
  return emailId;
}
