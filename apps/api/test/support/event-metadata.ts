import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@teaminbox/contracts';

/** The metadata of an event no user caused, in no team's name: what a test appends straight to a store. */
export const systemMetadata = (): EventMetadata => ({
  actorUserId: null,
  teamId: null,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});
