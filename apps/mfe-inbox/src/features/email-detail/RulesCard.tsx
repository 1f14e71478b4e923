import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import type {
  EmailRuleMatch,
  EmailRulesExplanation,
  RuleActionOutcome,
  RuleConditionResult,
} from '@teaminbox/contracts';
import { useEmailRulesQuery } from '@teaminbox/web-store';

/**
 * While the engine has not handled the email yet (it arrived a moment ago), or the explanation could not be loaded,
 * it is asked for again after these pauses; a rule's action pushes the email's change, which reloads it as well.
 */
export const RULES_RETRY_MS = [1000, 2000, 4000, 8000, 15000];

const settled = (explanation: EmailRulesExplanation | undefined) =>
  Boolean(explanation && (explanation.evaluated || explanation.skipped));

/**
 * What the rules did to the email (GET /emails/{id}/rules through the api cache, loaded afresh when the detail opens
 * and again when a push changes the email), asked for again until the engine has handled it. `failed`: nothing could
 * be loaded (the failure is logged).
 */
function useEmailRules(emailId: string): { explanation: EmailRulesExplanation | null; failed: boolean } {
  const rules = useEmailRulesQuery(emailId, { refetchOnMountOrArgChange: true });
  const { currentData, isFetching, refetch } = rules;
  const [retries, setRetries] = useState(0);
  const waiting = !isFetching && !settled(currentData) && retries < RULES_RETRY_MS.length;
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => {
      setRetries((count) => count + 1);
      void refetch();
    }, RULES_RETRY_MS[retries]);
    return () => clearTimeout(timer);
  }, [waiting, retries, refetch]);
  return { explanation: currentData ?? null, failed: rules.isError && !currentData };
}

type T = ReturnType<typeof useTranslation>['t'];

/** A condition as a sentence: field (and header name), operator, value. */
function conditionText(t: T, condition: RuleConditionResult): string {
  const field = t(`rules.fields.${condition.field}`);
  return t('rules.explain.condition', {
    field: condition.headerName ? `${field} ${condition.headerName}` : field,
    operator: t(`rules.operators.${condition.operator}`),
    value: condition.value,
  });
}

/** What an action was to do: its type and its target (member, label, priority or status). */
function actionText(t: T, action: RuleActionOutcome): string {
  const type = t(`rules.actionTypes.${action.type}`);
  let target: string | null = null;
  if (action.type === 'SET_PRIORITY' && action.value) target = t(`rules.priorities.${action.value}`);
  else if (action.type === 'SET_STATUS' && action.value) target = t(`rules.statuses.${action.value}`);
  else if (action.target) target = action.target.name ?? action.target.id;
  return target ? t('rules.explain.actionWithTarget', { action: type, target }) : type;
}

function outcomeText(t: T, action: RuleActionOutcome): string {
  if (action.applied) return t('rules.explain.applied');
  if (!action.skipReason) return t('rules.explain.skipped');
  const reason = t(`rules.explain.reasons.${action.skipReason}`, { name: action.target?.name ?? '' });
  return t('rules.explain.skippedBecause', { reason });
}

function RuleMatchItem({ match }: { match: EmailRuleMatch }) {
  const { t } = useTranslation('inbox');
  const why =
    match.conditions.length === 0
      ? t('rules.explain.noConditions')
      : t(match.matchMode === 'ANY' ? 'rules.explain.matchAny' : 'rules.explain.matchAll');
  return (
    <li className="flex flex-column gap-1" data-testid="rule-match">
      <div>
        <strong data-testid="rule-match-name">{t('rules.explain.matched', { name: match.ruleName })}</strong>{' '}
        <span className="text-color-secondary">({why})</span>
      </div>
      {match.conditions.length > 0 ? (
        <ul className="m-0 pl-3 flex flex-column gap-1" aria-label={t('rules.conditions')}>
          {match.conditions.map((condition, index) => (
            <li key={index} data-testid="rule-match-condition" data-held={condition.held}>
              {conditionText(t, condition)}{' '}
              <Tag
                severity={condition.held ? 'success' : 'secondary'}
                value={t(condition.held ? 'rules.explain.held' : 'rules.explain.notHeld')}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {match.actions.length > 0 ? (
        <ul className="m-0 pl-3 flex flex-column gap-1" aria-label={t('rules.actions')}>
          {match.actions.map((action) => (
            <li key={action.index} data-testid="rule-match-action" data-applied={action.applied}>
              {actionText(t, action)} — <span className="text-color-secondary">{outcomeText(t, action)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {match.suppressNotifications ? <div className="text-color-secondary">{t('rules.explain.suppressed')}</div> : null}
    </li>
  );
}

/** The rules the engine stopped on this email for running past their budget: they neither matched nor acted. */
function TooSlowRules({ rules }: { rules: EmailRulesExplanation['tooSlow'] }) {
  const { t } = useTranslation('inbox');
  return (
    <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid="email-rules-too-slow">
      {rules.map((rule) => (
        <li key={rule.ruleId} className="flex flex-column gap-1" data-testid="rule-too-slow">
          <div className="flex align-items-center gap-2 flex-wrap">
            <strong data-testid="rule-too-slow-name">{t('rules.explain.tooSlowRule', { name: rule.ruleName })}</strong>
            <Tag severity="warning" icon="pi pi-exclamation-triangle" value={t('rules.explain.tooSlow')} />
          </div>
          <div className="text-color-secondary">{t('rules.explain.tooSlowWhy')}</div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Which automatic rules matched the email when it arrived, which of their conditions held, and what each action
 * did or why it was skipped (GET /emails/{id}/rules). Keyed by the email: another email starts its retries afresh.
 */
export function RulesCard({ emailId }: { emailId: string }) {
  const { t } = useTranslation('inbox');
  const { explanation, failed } = useEmailRules(emailId);
  let state: string | null = null;
  if (!explanation) state = t(failed ? 'rules.explain.loadError' : 'rules.loading');
  else if (explanation.skipped === 'FIRST_SYNC') state = t('rules.explain.skippedFirstSync');
  else if (!explanation.evaluated) state = t('rules.explain.pending');
  else if (explanation.matches.length === 0) state = t('rules.explain.noMatch');
  const tooSlow = explanation?.tooSlow ?? [];
  return (
    <Card title={t('rules.explain.heading')} data-testid="email-rules">
      <div className="flex flex-column gap-3">
        {state !== null ? (
          <p className="m-0 text-color-secondary" data-testid="email-rules-state">
            {state}
          </p>
        ) : (
          <ol className="list-none p-0 m-0 flex flex-column gap-3">
            {explanation!.matches.map((match) => (
              <RuleMatchItem key={match.ruleId} match={match} />
            ))}
          </ol>
        )}
        {tooSlow.length > 0 ? <TooSlowRules rules={tooSlow} /> : null}
      </div>
    </Card>
  );
}
