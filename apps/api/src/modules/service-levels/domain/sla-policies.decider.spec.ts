import type { SlaPolicyDefinition } from '@teaminbox/contracts';
import { deciderSpecification } from '../../../../test/support/decider-specification';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { type SlaPoliciesCommand, slaPoliciesDecider, type SlaPoliciesEvent } from './sla-policies.decider';

const spec = deciderSpecification(slaPoliciesDecider);
const teamId = 'team-1';
const urgent: SlaPolicyDefinition = {
  name: 'Urgent',
  priorities: ['HIGH'],
  labelIds: [],
  firstResponseMinutes: 60,
  resolutionMinutes: 480,
};
const vip: SlaPolicyDefinition = {
  name: 'VIP',
  priorities: [],
  labelIds: ['label-vip'],
  firstResponseMinutes: 30,
  resolutionMinutes: null,
};
const on = (expectedVersion: number, role: 'ADMIN' | 'MAINTAINER' | 'MEMBER' | 'AUDITOR' = 'ADMIN') => ({
  teamId,
  role,
  expectedVersion,
});
const created = (policyId: string, definition: SlaPolicyDefinition): SlaPoliciesEvent => ({
  type: 'SlaPolicyCreated',
  data: { teamId, policyId, ...definition },
});
const refused = (kind: string, message: string) => (error: unknown) =>
  error instanceof DomainError && error.kind === kind && error.message === message;

describe('SLA policies decider', () => {
  it.each(['ADMIN', 'MAINTAINER'] as const)('adds a policy a %s creates at the end of the list', (role) => {
    spec
      .given([created('p1', urgent)])
      .when({ type: 'CreateSlaPolicy', ...on(1, role), policyId: 'p2', definition: vip })
      .then([created('p2', vip)]);
  });

  it('changes a policy in its place, and a change that changes nothing records nothing', () => {
    const slower = { ...urgent, firstResponseMinutes: 120 };
    spec
      .given([created('p1', urgent)])
      .when({ type: 'ChangeSlaPolicy', ...on(1), policyId: 'p1', definition: slower })
      .then([{ type: 'SlaPolicyChanged', data: { teamId, policyId: 'p1', ...slower } }]);
    spec
      .given([created('p1', urgent)])
      .when({ type: 'ChangeSlaPolicy', ...on(1), policyId: 'p1', definition: urgent })
      .then([]);
  });

  it('deletes a policy once', () => {
    const deleted: SlaPoliciesEvent = { type: 'SlaPolicyDeleted', data: { teamId, policyId: 'p1' } };
    spec
      .given([created('p1', urgent)])
      .when({ type: 'DeleteSlaPolicy', ...on(1), policyId: 'p1' })
      .then([deleted]);
    spec
      .given([created('p1', urgent), deleted])
      .when({ type: 'DeleteSlaPolicy', ...on(2), policyId: 'p1' })
      .thenThrows(refused('not-found', 'SLA policy not found'));
  });

  it('reorders the policies when the new order names each once', () => {
    const both = [created('p1', urgent), created('p2', vip)];
    spec
      .given(both)
      .when({ type: 'ReorderSlaPolicies', ...on(2), policyIds: ['p2', 'p1'] })
      .then([{ type: 'SlaPoliciesReordered', data: { teamId, policyIds: ['p2', 'p1'] } }]);
    spec
      .given(both)
      .when({ type: 'ReorderSlaPolicies', ...on(2), policyIds: ['p1', 'p2'] })
      .then([]);
    for (const policyIds of [['p2'], ['p2', 'p2'], ['p2', 'p1', 'p3'], ['p2', 'p3']]) {
      spec
        .given(both)
        .when({ type: 'ReorderSlaPolicies', ...on(2), policyIds })
        .thenThrows(refused('invalid', 'policyIds must name every policy of the team once, in the new order'));
    }
  });

  it('folds to the policies in their order with the version of the stream', () => {
    const events: SlaPoliciesEvent[] = [
      created('p1', urgent),
      created('p2', vip),
      created('p3', { ...vip, name: 'Default', labelIds: [] }),
      { type: 'SlaPoliciesReordered', data: { teamId, policyIds: ['p3', 'p1', 'p2'] } },
      { type: 'SlaPolicyDeleted', data: { teamId, policyId: 'p1' } },
      { type: 'SlaPolicyChanged', data: { teamId, policyId: 'p2', ...vip, name: 'VIP customers' } },
    ];
    const state = events.reduce(slaPoliciesDecider.evolve, slaPoliciesDecider.initialState());
    expect(state.version).toBe(6);
    expect(state.policies.map((policy) => [policy.id, policy.name])).toEqual([
      ['p3', 'Default'],
      ['p2', 'VIP customers'],
    ]);
  });

  it('refuses a change made on a version that is no longer the current one', () => {
    const stale = refused(
      'conflict',
      'The SLA policies were changed meanwhile: load them again and make your change on what they are now',
    );
    const commands: SlaPoliciesCommand[] = [
      { type: 'CreateSlaPolicy', ...on(0), policyId: 'p2', definition: vip },
      { type: 'ChangeSlaPolicy', ...on(2), policyId: 'p1', definition: vip },
      { type: 'DeleteSlaPolicy', ...on(0), policyId: 'p1' },
      { type: 'ReorderSlaPolicies', ...on(0), policyIds: ['p1'] },
    ];
    for (const command of commands)
      spec
        .given([created('p1', urgent)])
        .when(command)
        .thenThrows(stale);
  });

  it.each(['MEMBER', 'AUDITOR'] as const)('refuses a %s', (role) => {
    spec
      .given([])
      .when({ type: 'CreateSlaPolicy', ...on(0, role), policyId: 'p1', definition: urgent })
      .thenThrows(refused('forbidden', 'Only an admin or a maintainer can change the SLA policies'));
  });

  it('refuses a policy beyond the 50 a team may have', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => created(`p${i}`, urgent));
    spec
      .given(fifty)
      .when({ type: 'CreateSlaPolicy', ...on(50), policyId: 'p50', definition: urgent })
      .thenThrows(refused('invalid', 'A team can have at most 50 SLA policies'));
  });

  it('answers not found for a policy the team does not have and for another team’s stream', () => {
    const notFound = refused('not-found', 'SLA policy not found');
    spec
      .given([created('p1', urgent)])
      .when({ type: 'ChangeSlaPolicy', ...on(1), policyId: 'p9', definition: vip })
      .thenThrows(notFound);
    spec
      .given([created('p1', urgent)])
      .when({ type: 'DeleteSlaPolicy', ...on(1), teamId: 'team-2', policyId: 'p1' })
      .thenThrows(notFound);
  });
});
