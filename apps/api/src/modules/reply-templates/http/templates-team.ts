import type { TeamCallerOptions } from '../../../platform/auth';

export const TEAM_REQUIRED_FOR_REPLY_TEMPLATES = 'Create a team first: reply templates belong to a team.';

/** The routes of reply templates: a caller without a team gets the labels API's 409. */
export const TEMPLATES_TEAM: TeamCallerOptions = {
  noTeam: { kind: 'conflict', message: TEAM_REQUIRED_FOR_REPLY_TEMPLATES },
};
