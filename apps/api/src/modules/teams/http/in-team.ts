import type { TeamCallerOptions } from '../../../platform/auth';
import { TEAM_NOT_FOUND_MESSAGE } from '../domain/team.decider';

/** The caller's team: a caller without one gets 404 'You do not belong to a team yet.'. */
export const IN_TEAM: TeamCallerOptions = { noTeam: { kind: 'not-found', message: TEAM_NOT_FOUND_MESSAGE } };
