import type { EmailReceived, RuleActionOutcome } from '@teaminbox/contracts';
import { emailReceived } from '../../../../test/conversations/email-received';
import { foldEvents } from '../../../platform/event-sourcing/decider';
import type { RuleToApply } from './apply-rule';
import { emailDecider, type EmailCommand, type EmailEvent, type ReceivedEmailState } from './email.decider';

/**
 * A follow-up of a conversation assigned to Yara arrives; a rule assigns every email to Xavier. The rules engine and
 * the continuation act on their own checkpoints, in either order: the follow-up ends with Yara, or with Xavier when
 * the rule reassigns conversations already assigned.
 */
const teamId = 't1';
const received: EmailReceived = emailReceived({ subject: 'Re: Printer on fire', fromEmail: 'carol@customer.example' });
const arrival: EmailEvent = { type: 'EmailReceived', data: received };

const continuation: EmailCommand = {
  type: 'Assign',
  teamId,
  assignedTo: 'yara',
  assignedToName: 'Yara',
  via: 'conversation',
};
const ruleAssigningXavier = (reassignConversation: boolean): EmailCommand => ({
  type: 'ApplyRule',
  teamId,
  rule: {
    ruleId: 'r1',
    ruleName: 'Everything to Xavier',
    matchMode: 'ALL',
    conditions: [],
    suppressNotifications: false,
    actions: [
      {
        index: 0,
        type: 'ASSIGN_TO_USER',
        value: 'xavier',
        kind: 'assign',
        userId: 'xavier',
        userName: 'Xavier',
        ...(reassignConversation ? { reassignConversation } : {}),
      },
    ] satisfies RuleToApply['actions'],
  },
});

/** Decides each command on the state the previous ones left, as the two subscribers would one after the other. */
function run(commands: EmailCommand[]): { state: ReceivedEmailState; events: EmailEvent[] } {
  const events: EmailEvent[] = [arrival];
  for (const command of commands) {
    events.push(...emailDecider.decide(command, foldEvents(emailDecider, events)));
  }
  return { state: foldEvents(emailDecider, events) as ReceivedEmailState, events };
}

const ruleOutcome = (events: EmailEvent[]): RuleActionOutcome =>
  (events.find((event) => event.type === 'EmailRuleApplied')!.data as { actions: RuleActionOutcome[] }).actions[0];

describe("a follow-up keeps its conversation's assignee against a rule, whichever acts first", () => {
  it('the continuation first: the rule does not take it, and says why', () => {
    const { state, events } = run([continuation, ruleAssigningXavier(false)]);
    expect(state.assignedTo).toBe('yara');
    expect(ruleOutcome(events)).toMatchObject({ applied: false, skipReason: 'CONVERSATION_ASSIGNEE' });
    expect(events.filter((event) => event.type === 'EmailAssigned')).toHaveLength(1);
  });

  it('the rule first: the conversation takes it back', () => {
    const { state, events } = run([ruleAssigningXavier(false), continuation]);
    expect(state.assignedTo).toBe('yara');
    expect(ruleOutcome(events)).toMatchObject({ applied: true, skipReason: null });
    expect(events.filter((event) => event.type === 'EmailAssigned').at(-1)?.data).toMatchObject({
      assignedTo: 'yara',
      previousAssignee: 'xavier',
      via: 'conversation',
    });
  });

  it('a rule that reassigns conversations takes it, in both orders', () => {
    for (const commands of [
      [continuation, ruleAssigningXavier(true)],
      [ruleAssigningXavier(true), continuation],
    ]) {
      const { state, events } = run(commands);
      expect(state.assignedTo).toBe('xavier');
      expect(ruleOutcome(events)).toMatchObject({ applied: true });
    }
  });

  it("a member still reassigns a follow-up that took the conversation's assignee; a rule assigns other mail", () => {
    expect(run([continuation, ruleAssigningXavier(false)]).state.assignedTo).toBe('yara');
    expect(
      run([continuation, { type: 'Assign', teamId, assignedTo: 'zoe', assignedToName: 'Zoe' }]).state.assignedTo,
    ).toBe('zoe');
    expect(run([ruleAssigningXavier(false)]).state.assignedTo).toBe('xavier');
  });
});
