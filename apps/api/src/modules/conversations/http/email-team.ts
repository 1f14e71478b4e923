import type { TeamCallerOptions } from '../../../platform/auth';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { EMAIL_NOT_FOUND_MESSAGE } from '../domain/email.decider';

/** The routes of one email: a caller without a team, like another team's email, gets 404 'Email not found'. */
export const EMAIL_TEAM: TeamCallerOptions = { noTeam: { kind: 'not-found', message: EMAIL_NOT_FOUND_MESSAGE } };

/** A malformed id names no email of the caller's team: 404, like another team's id. */
export const emailId = (id: string): string => uuidOr404(id, EMAIL_NOT_FOUND_MESSAGE);
