import type { TeamCallerOptions } from '../../../platform/auth';
import { LABEL_NOT_FOUND_MESSAGE } from '../domain/labels.decider';

export const TEAM_REQUIRED_FOR_LABELS = 'Create a team first: labels belong to a team.';

/** The routes of labels: a caller without a team gets 409; a `teamId` naming another team, 404. */
export const LABELS_TEAM: TeamCallerOptions = {
  noTeam: { kind: 'conflict', message: TEAM_REQUIRED_FOR_LABELS },
  otherTeam: { kind: 'not-found', message: LABEL_NOT_FOUND_MESSAGE },
};
