import type { TeamCallerOptions } from '../../../platform/auth';

export const MAILBOX_TEAM_REQUIRED_MESSAGE = 'Create a team first: the email server configuration belongs to a team.';

/** The routes of the team's mailbox: a caller without a team gets 404. */
export const MAILBOX_TEAM: TeamCallerOptions = {
  noTeam: { kind: 'not-found', message: MAILBOX_TEAM_REQUIRED_MESSAGE },
};
