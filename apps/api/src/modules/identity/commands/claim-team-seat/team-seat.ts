import type { DecideOptions } from '../../../../platform/event-sourcing';

/** Seats change under concurrent joins of one user: decided again on the new state a few times. */
export const seatOptions = (teamId: string): DecideOptions => ({
  teamId,
  retries: 4,
  conflictMessage: 'The team was changed concurrently; try again.',
});
