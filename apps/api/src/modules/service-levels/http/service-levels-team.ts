import type { TeamCallerOptions } from '../../../platform/auth';

export const SERVICE_LEVELS_TEAM_NOT_FOUND_MESSAGE = 'Team not found';

/**
 * The routes of the team's service levels: the caller's team only. A caller without a team, or a `teamId` query
 * parameter naming another team, gets 404.
 */
export const SERVICE_LEVELS_TEAM: TeamCallerOptions = {
  noTeam: { kind: 'not-found', message: SERVICE_LEVELS_TEAM_NOT_FOUND_MESSAGE },
  teamIdIn: 'query',
  otherTeam: { kind: 'not-found', message: SERVICE_LEVELS_TEAM_NOT_FOUND_MESSAGE },
};
