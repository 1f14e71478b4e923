import { type EventMetadata, ZEmailRulesEvaluated } from '@teaminbox/contracts';
import { aRule } from '../../../../test/rules/rule';
import { announcesEvaluation, rulesEvaluated, rulesEvaluationStreamId } from './rules-evaluated';

const team = '11111111-1111-4111-8111-111111111111';
const email = '22222222-2222-4222-8222-222222222222';
const metadata: EventMetadata = {
  actorUserId: null,
  actorKind: 'system',
  teamId: team,
  correlationId: 'c-1',
  causationId: 'e-1',
  occurredAt: '2026-01-01T00:00:00.000Z',
};

const rule = aRule;

const quiet = rule('33333333-3333-4333-8333-333333333333', { suppressNotifications: true });
const loud = rule('44444444-4444-4444-8444-444444444444');

describe('EmailRulesEvaluated: the rules engine tells that it has evaluated an email', () => {
  it('is announced only for a team with an enabled rule that suppresses notifications', () => {
    expect(announcesEvaluation([loud])).toBe(false);
    expect(announcesEvaluation([{ ...quiet, enabled: false }, loud])).toBe(false);
    expect(announcesEvaluation([loud, quiet])).toBe(true);
  });

  it('given a matched rule that suppresses notifications, when evaluated, then it says so with the rules matched', () => {
    const event = rulesEvaluated(
      team,
      email,
      [
        { rule: loud, conditions: [] },
        { rule: quiet, conditions: [] },
      ],
      false,
      metadata,
    );
    expect(event.type).toBe('EmailRulesEvaluated');
    expect(event.data).toEqual({
      teamId: team,
      emailId: email,
      matchedRuleIds: [loud.id, quiet.id],
      suppressNotifications: true,
    });
    expect(event.metadata).toBe(metadata);
    expect(ZEmailRulesEvaluated.parse(event.data)).toEqual(event.data);
  });

  it('given no matched rule, or only rules that do not suppress, then the notifications are not suppressed', () => {
    expect(rulesEvaluated(team, email, [], false, metadata).data).toMatchObject({
      matchedRuleIds: [],
      suppressNotifications: false,
    });
    expect(rulesEvaluated(team, email, [{ rule: loud, conditions: [] }], false, metadata).data).toMatchObject({
      matchedRuleIds: [loud.id],
      suppressNotifications: false,
    });
  });

  it('given rules refused for the email (nothing applied), then nothing is suppressed', () => {
    expect(rulesEvaluated(team, email, [{ rule: quiet, conditions: [] }], true, metadata).data).toMatchObject({
      matchedRuleIds: [],
      suppressNotifications: false,
    });
  });

  it('has an id derived from the email alone (a replay appends it once) on a stream of its own', () => {
    const first = rulesEvaluated(team, email, [], false, metadata);
    const again = rulesEvaluated(team, email, [{ rule: quiet, conditions: [] }], false, metadata);
    const other = rulesEvaluated(team, '55555555-5555-4555-8555-555555555555', [], false, metadata);
    expect(again.eventId).toBe(first.eventId);
    expect(other.eventId).not.toBe(first.eventId);
    expect(rulesEvaluationStreamId(email)).toBe(`rules-evaluation-${email}`);
  });
});
