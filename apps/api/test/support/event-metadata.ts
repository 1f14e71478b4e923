import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@teaminbox/contracts';
import type { NewEvent } from '../../src/platform/event-store/event-store.port';

/** The metadata of an event no user caused, in no team's name: what a test appends straight to a store. */
export const systemMetadata = (): EventMetadata => ({
  actorUserId: null,
  teamId: null,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});

/** An event no user caused, in no team's name, with a fresh id: what a test appends straight to a store. */
export const systemEvent = (type: string, data: Record<string, unknown>): NewEvent => ({
  eventId: randomUUID(),
  type,
  data,
  metadata: systemMetadata(),
});
