import { z } from 'zod';
import type { Role } from '../identity/identity.schemas';

/* ------------------------------------------------------------------------------------------------
 * Erasure of a data subject's personal data (POST /team/audit/erasures): crypto-shredding, the history kept
 * ---------------------------------------------------------------------------------------------- */

/** Who may erase a person's personal data: the team's admins only. */
export const ERASURE_ROLES: readonly Role[] = ['ADMIN'];

/** What a personal field reads once its subject was erased. */
export const ERASED_TEXT = '[erased]';

/**
 * On the stream `data-subject-<subjectId>`: the personal data of a person of the team was erased (the keys named
 * here were deleted). `subjectId` is a keyed hash of the team and the address; the address itself is not recorded.
 */
export interface DataSubjectErased {
  teamId: string;
  subjectId: string;
  /** The subject's keys the erasure deleted (none when only the account's data was kept). */
  keyIds: string[];
  /**
   * The person's own account (registration address), when this team may erase it: the account belongs to no other
   * team (see docs/audit.md). `subjectId` is the keyed hash of the address in the account scope.
   */
  account?: { subjectId: string; keyIds: string[] };
}

export interface ErasureEventMap {
  DataSubjectErased: DataSubjectErased;
}

/** POST /team/audit/erasures: erase the personal data of the person with this address, within the caller's team. */
export const ZEraseDataSubjectRequest = z.object({
  email: z
    .string({ message: 'email is required' })
    .trim()
    .min(3, 'email must be an email address')
    .max(320, 'email must be an email address')
    .regex(/^[^\s@]+@[^\s@]+$/, 'email must be an email address'),
});
export type TEraseDataSubjectRequest = z.infer<typeof ZEraseDataSubjectRequest>;

/**
 * Event types of the team's audit trail whose payloads still name an address after its erasure, with how many events
 * of each: events written before their fields were sealed (plain text), which no key covers.
 */
export interface ErasureRemains {
  eventType: string;
  count: number;
}

/** At most this many event types are listed in `remains` (the most numerous first). */
export const ERASURE_REMAINS_MAX_TYPES = 50;

/** The answer of an erasure. */
export interface DataSubjectErasure {
  subjectId: string;
  /**
   * The `DataSubjectErased` appended; null when the team kept no key of the address but events in plain text still
   * name it (nothing was erased; `remains` lists them, answered with 200).
   */
  eventId: string | null;
  erasedAt: string;
  /**
   * Whether every copy of the person's data was written again before the answer (the read models show "[erased]"
   * now); false: the keys are deleted (nothing of theirs can be read from the log any more) and the read models are
   * still being written again, page by page.
   */
  finished: boolean;
  /**
   * What cannot be fully erased: the event types of the team's audit trail whose payloads still contain the address
   * (case-insensitive) once the erasure is done, with their counts; empty when nothing names it any more.
   */
  remains: ErasureRemains[];
}

/** The answer when the team keeps no personal data of the address (never seen, or already erased). */
export const NO_PERSONAL_DATA_MESSAGE = 'No personal data of this address is kept in your team.';
/** 429 once a team has started ERASURES_PER_TEAM_PER_HOUR erasures in the last hour. */
export const ERASURE_RATE_LIMIT_MESSAGE = 'Too many erasures in your team in the last hour. Please try again later.';

/** The answer when an ADMIN names their own address: their account stays (another ADMIN of the team may erase it). */
export const ERASURE_OF_OWN_ACCOUNT_MESSAGE = 'You cannot erase your own account; another admin of your team can.';
