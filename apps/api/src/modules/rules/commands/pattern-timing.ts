import { Injectable } from '@nestjs/common';
import { type RuleCondition, REGEX_TOO_SLOW_MESSAGE } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { compileRegex, regexCostProblem } from '../domain/rule-matcher';
import { RuleMatchingPool } from '../infrastructure/rule-matching.pool';

/**
 * Times each new regular expression of a rule being saved against texts made to be hard for it, on a worker, and
 * refuses the rule when one runs past the probe budget (400, naming the condition). Patterns the rule already had
 * are not timed again (a rule saved before these checks can still be edited or switched off); patterns that do not
 * compile or are too costly on their face are left to the decider, which names the problem.
 */
@Injectable()
export class RulePatternTiming {
  constructor(
    private readonly matching: RuleMatchingPool,
    private readonly db: DataSource,
  ) {}

  async check(teamId: string, conditions: readonly RuleCondition[], ruleId?: string): Promise<void> {
    const known = new Set<string>();
    if (ruleId) {
      const [row]: { conditions: RuleCondition[] }[] = await this.db.query(
        'SELECT conditions FROM rule WHERE id = $1 AND team_id = $2',
        [ruleId, teamId],
      );
      for (const condition of row?.conditions ?? []) if (condition.operator === 'REGEX') known.add(condition.value);
    }
    for (const [index, condition] of conditions.entries()) {
      if (condition.operator !== 'REGEX' || known.has(condition.value) || !faceValid(condition.value)) continue;
      if (!(await this.matching.probe(condition.value)))
        throw new DomainError('invalid', `Condition ${index + 1}: ${REGEX_TOO_SLOW_MESSAGE}`);
    }
  }
}

function faceValid(pattern: string): boolean {
  try {
    compileRegex(pattern);
  } catch {
    return false;
  }
  return regexCostProblem(pattern) === null;
}
