import type { EmailReceived } from '@teaminbox/contracts';
import { emailReceived } from '../../../../test/conversations/email-received';
import { deciderSpecification } from '../../../../test/support/decider-specification';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { type RuleToApply, ruleEventIds } from './apply-rule';
import { emailDecider, type EmailEvent } from './email.decider';

const received: EmailReceived = emailReceived({ subject: 'Invoice overdue', fromEmail: 'alice@vip.example.com' });
const ids = { emailId: 'e1', teamId: 't1' };
const got: EmailEvent = { type: 'EmailReceived', data: received };
const conditions = [
  { field: 'FROM_EMAIL' as const, operator: 'ENDS_WITH' as const, value: '@vip.example.com', held: true },
];

const rule = (actions: RuleToApply['actions'], suppressNotifications = false): RuleToApply => ({
  ruleId: 'r1',
  ruleName: 'VIP customers',
  matchMode: 'ALL',
  conditions,
  suppressNotifications,
  actions,
});

describe('email decider: status and priority', () => {
  const spec = deciderSpecification(emailDecider);

  it('changes the status and the priority, with the previous values; the same value again appends nothing', () => {
    spec
      .given([got])
      .when({ type: 'SetStatus', teamId: 't1', status: 'RESOLVED' })
      .then([{ type: 'EmailStatusChanged', data: { ...ids, status: 'RESOLVED', previousStatus: 'NEW' } }]);
    spec
      .given([got, { type: 'EmailStatusChanged', data: { ...ids, status: 'RESOLVED', previousStatus: 'NEW' } }])
      .when({ type: 'SetStatus', teamId: 't1', status: 'RESOLVED' })
      .then([]);
    spec
      .given([got])
      .when({ type: 'SetPriority', teamId: 't1', priority: 'HIGH' })
      .then([{ type: 'EmailPriorityChanged', data: { ...ids, priority: 'HIGH', previousPriority: 'MEDIUM' } }]);
    spec.given([got]).when({ type: 'SetPriority', teamId: 't1', priority: 'MEDIUM' }).then([]);
  });

  it("answers not found for another team's email", () => {
    spec
      .given([got])
      .when({ type: 'SetStatus', teamId: 't2', status: 'CLOSED' })
      .thenThrows((error) => error instanceof DomainError && error.kind === 'not-found');
  });
});

describe('email decider: a rule applied', () => {
  const spec = deciderSpecification(emailDecider);
  const base = { value: null };

  it('records the match and each action in order; an action that changes nothing is skipped as ALREADY_SET', () => {
    const labelled: EmailEvent = { type: 'EmailLabelAdded', data: { ...ids, labelId: 'l1', labelName: 'VIP' } };
    spec
      .given([got, labelled])
      .when({
        type: 'ApplyRule',
        teamId: 't1',
        rule: rule([
          { ...base, index: 0, type: 'ASSIGN_TO_USER', value: 'u1', kind: 'assign', userId: 'u1', userName: 'Jana' },
          { ...base, index: 1, type: 'ADD_LABEL', value: 'l1', kind: 'label', labelId: 'l1', labelName: 'VIP' },
          { ...base, index: 2, type: 'SET_PRIORITY', value: 'HIGH', kind: 'priority', priority: 'HIGH' },
          { ...base, index: 3, type: 'SET_STATUS', value: 'IN_PROGRESS', kind: 'status', status: 'IN_PROGRESS' },
          { ...base, index: 4, type: 'MARK_AS_SPAM', kind: 'spam' },
          {
            ...base,
            index: 5,
            type: 'ASSIGN_LAST_RESPONDER',
            kind: 'skip',
            reason: 'NO_LAST_RESPONDER',
            target: null,
          },
        ]),
      })
      .then([
        {
          type: 'EmailRuleApplied',
          data: {
            ...ids,
            ruleId: 'r1',
            ruleName: 'VIP customers',
            matchMode: 'ALL',
            conditions,
            suppressNotifications: false,
            actions: [
              {
                index: 0,
                type: 'ASSIGN_TO_USER',
                value: 'u1',
                target: { id: 'u1', name: 'Jana' },
                applied: true,
                skipReason: null,
              },
              {
                index: 1,
                type: 'ADD_LABEL',
                value: 'l1',
                target: { id: 'l1', name: 'VIP' },
                applied: false,
                skipReason: 'ALREADY_SET',
              },
              { index: 2, type: 'SET_PRIORITY', value: 'HIGH', target: null, applied: true, skipReason: null },
              { index: 3, type: 'SET_STATUS', value: 'IN_PROGRESS', target: null, applied: true, skipReason: null },
              { index: 4, type: 'MARK_AS_SPAM', value: null, target: null, applied: true, skipReason: null },
              {
                index: 5,
                type: 'ASSIGN_LAST_RESPONDER',
                value: null,
                target: null,
                applied: false,
                skipReason: 'NO_LAST_RESPONDER',
              },
            ],
          },
        },
        { type: 'EmailAssigned', data: { ...ids, assignedTo: 'u1', assignedToName: 'Jana', previousAssignee: null } },
        { type: 'EmailPriorityChanged', data: { ...ids, priority: 'HIGH', previousPriority: 'MEDIUM' } },
        { type: 'EmailStatusChanged', data: { ...ids, status: 'IN_PROGRESS', previousStatus: 'NEW' } },
        { type: 'EmailMarkedSpam', data: ids },
      ]);
  });

  it('lets a later assignment of the same rule win, each decided on the state the previous one left', () => {
    const assign = (index: number, userId: string) =>
      ({ ...base, index, type: 'ASSIGN_TO_USER', value: userId, kind: 'assign', userId, userName: null }) as const;
    const events = emailDecider.decide(
      { type: 'ApplyRule', teamId: 't1', rule: rule([assign(0, 'u1'), assign(1, 'u2'), assign(2, 'u2')]) },
      [got].reduce(emailDecider.evolve, emailDecider.initialState()),
    );
    expect(events.slice(1)).toEqual([
      { type: 'EmailAssigned', data: { ...ids, assignedTo: 'u1', assignedToName: null, previousAssignee: null } },
      { type: 'EmailAssigned', data: { ...ids, assignedTo: 'u2', assignedToName: null, previousAssignee: 'u1' } },
    ]);
  });

  it("records the assigned member's address in the explanation and the assignment, when the engine knows it", () => {
    const events = emailDecider.decide(
      {
        type: 'ApplyRule',
        teamId: 't1',
        rule: rule([
          {
            ...base,
            index: 0,
            type: 'ASSIGN_TO_USER',
            value: 'u1',
            kind: 'assign',
            userId: 'u1',
            userName: 'Jana',
            userEmail: 'jana@example.com',
          },
        ]),
      },
      [got].reduce(emailDecider.evolve, emailDecider.initialState()),
    );
    expect(events[0]).toMatchObject({
      type: 'EmailRuleApplied',
      data: { actions: [{ index: 0, target: { id: 'u1', name: 'Jana', email: 'jana@example.com' }, applied: true }] },
    });
    expect(events[1]).toMatchObject({
      type: 'EmailAssigned',
      data: { assignedTo: 'u1', assignedToName: 'Jana', assignedToEmail: 'jana@example.com' },
    });
  });

  it('marks an assignment of old mail of the first synchronisation as such, and only that one', () => {
    const assign = { ...base, index: 0, type: 'ASSIGN_TO_USER', value: 'u1', kind: 'assign', userId: 'u1' } as const;
    const state = [got].reduce(emailDecider.evolve, emailDecider.initialState());
    const decide = (firstSync?: boolean) =>
      emailDecider.decide(
        { type: 'ApplyRule', teamId: 't1', rule: rule([{ ...assign, userName: null }]), firstSync },
        state,
      );
    expect(decide(true)[1]).toEqual({
      type: 'EmailAssigned',
      data: { ...ids, assignedTo: 'u1', assignedToName: null, previousAssignee: null, firstSync: true },
    });
    expect(decide(false)[1].data).not.toHaveProperty('firstSync');
    expect(decide(undefined)[1].data).not.toHaveProperty('firstSync');
  });

  it('records the suppression of new-mail notifications after the actions', () => {
    const events = emailDecider.decide(
      { type: 'ApplyRule', teamId: 't1', rule: rule([], true) },
      [got].reduce(emailDecider.evolve, emailDecider.initialState()),
    );
    expect(events.map((event) => event.type)).toEqual(['EmailRuleApplied', 'EmailNotificationsSuppressed']);
    expect(events[1]).toEqual({
      type: 'EmailNotificationsSuppressed',
      data: { ...ids, ruleId: 'r1', ruleName: 'VIP customers' },
    });
  });

  it('applies a rule once: the same rule again appends nothing, even when the email changed since', () => {
    const applied = emailDecider.decide(
      { type: 'ApplyRule', teamId: 't1', rule: rule([{ ...base, index: 0, type: 'MARK_AS_SPAM', kind: 'spam' }]) },
      [got].reduce(emailDecider.evolve, emailDecider.initialState()),
    );
    spec
      .given([got, ...applied, { type: 'EmailMarkedNotSpam', data: ids }])
      .when({
        type: 'ApplyRule',
        teamId: 't1',
        rule: rule([{ ...base, index: 0, type: 'MARK_AS_SPAM', kind: 'spam' }]),
      })
      .then([]);
  });

  it('derives event ids from (email, rule, action index): the same decision gives the same ids', () => {
    const events = emailDecider.decide(
      {
        type: 'ApplyRule',
        teamId: 't1',
        rule: rule(
          [
            {
              ...base,
              index: 0,
              type: 'ASSIGN_TO_USER',
              value: 'u1',
              kind: 'skip',
              reason: 'ON_VACATION',
              target: { id: 'u1', name: 'Jana' },
            },
            { ...base, index: 1, type: 'MARK_AS_SPAM', kind: 'spam' },
            { ...base, index: 2, type: 'SET_PRIORITY', value: 'LOW', kind: 'priority', priority: 'LOW' },
          ],
          true,
        ),
      },
      [got].reduce(emailDecider.evolve, emailDecider.initialState()),
    );
    const keys = (derive = ruleEventIds((key) => key)) => events.map((event, index) => derive(event, index));
    expect(keys()).toEqual(['applied', 'action-1', 'action-2', 'suppressed']);
    expect(keys()).toEqual(keys());
  });
});
