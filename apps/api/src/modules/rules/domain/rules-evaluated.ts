import type { EmailRulesEvaluated, EventMetadata, Rule } from '@teaminbox/contracts';
import { v5 as uuidv5 } from 'uuid';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import type { MatchedRule } from './rules-engine';

const EVALUATED_NAMESPACE = '6b1f3c52-8e0a-4d7b-9c2e-41a5f7d9e803';

/** The stream of the engine's evaluation of one email. */
export const rulesEvaluationStreamId = (emailId: string) => `rules-evaluation-${emailId}`;

/**
 * Whether the engine announces its evaluation of a team's new mail: only when one of the team's enabled rules
 * suppresses notifications, the one case in which a notification waits for it. Other teams' mail costs no event.
 */
export const announcesEvaluation = (rules: readonly Rule[]): boolean =>
  rules.some((rule) => rule.enabled && rule.suppressNotifications);

/**
 * The EmailRulesEvaluated of one email: the rules that matched and were applied, and whether one of them suppressed
 * the email's notifications. An email whose rules were refused (it is not the team's) had nothing applied. Its id
 * derives from the email, so appending it again after a crash stores it once.
 */
export function rulesEvaluated(
  teamId: string,
  emailId: string,
  matched: readonly MatchedRule[],
  refused: boolean,
  metadata: EventMetadata,
): NewEvent<EmailRulesEvaluated> {
  const applied = refused ? [] : matched;
  return {
    eventId: uuidv5(`${emailId}\nEmailRulesEvaluated`, EVALUATED_NAMESPACE),
    type: 'EmailRulesEvaluated',
    data: {
      teamId,
      emailId,
      matchedRuleIds: applied.map(({ rule }) => rule.id),
      suppressNotifications: applied.some(({ rule }) => rule.suppressNotifications),
    },
    metadata,
  };
}
