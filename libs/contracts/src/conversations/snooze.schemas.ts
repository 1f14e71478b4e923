import { z } from 'zod';

/** The furthest a snooze or a reminder may reach: a year from now. */
export const MAX_SNOOZE_MS = 366 * 24 * 60 * 60_000;
export const SNOOZE_IN_PAST_MESSAGE = 'The time must be in the future';
export const SNOOZE_TOO_FAR_MESSAGE = 'The time must be within a year';

/** An ISO time with its offset, in the future and within a year of now (checked when the request is read). */
export const ZFutureTime = z.iso
  .datetime({ offset: true, error: 'Invalid time: use an ISO date and time with its offset' })
  .refine((value) => Date.parse(value) > Date.now(), SNOOZE_IN_PAST_MESSAGE)
  .refine((value) => Date.parse(value) <= Date.now() + MAX_SNOOZE_MS, SNOOZE_TOO_FAR_MESSAGE);

/** PUT /emails/{id}/snooze: out of the inbox until `until`; it comes back unread at that time. */
export const ZSnoozeEmailRequest = z.object({ until: ZFutureTime });
export type TSnoozeEmailRequest = z.infer<typeof ZSnoozeEmailRequest>;
