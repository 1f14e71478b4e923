import { RULE_NOT_FOUND_MESSAGE } from '@teaminbox/contracts';
import type { TeamCallerOptions } from '../../../platform/auth';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';

export const TEAM_REQUIRED_FOR_RULES = 'Create a team first: rules belong to a team.';

/** The routes of rules: a caller without a team gets 409, like the labels and templates APIs. */
export const RULES_TEAM: TeamCallerOptions = { noTeam: { kind: 'conflict', message: TEAM_REQUIRED_FOR_RULES } };

/** A malformed id names no rule of the caller's team: 404, like another team's rule. */
export const ruleId = (id: string): string => uuidOr404(id, RULE_NOT_FOUND_MESSAGE);
