import {
  MAX_SLA_POLICIES,
  type Role,
  SLA_POLICIES_CHANGED_MESSAGE,
  SLA_POLICY_NOT_FOUND_MESSAGE,
  SLA_POLICY_ORDER_MESSAGE,
  type ServiceLevelEventMap,
  type SlaPolicy,
  type SlaPolicyDefinition,
  TOO_MANY_SLA_POLICIES_MESSAGE,
} from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { DomainError } from '../../../platform/event-sourcing/domain-error';

/** The team's SLA policies: one stream per team, so their order and number are checked against its version. */
export const slaPoliciesStreamId = (teamId: string) => `sla-policies-${teamId}`;

/** Who may change the team's SLA policies (every member and an AUDITOR read them). */
export const SLA_POLICY_EDITORS: Role[] = ['ADMIN', 'MAINTAINER'];
export const SLA_POLICIES_FORBIDDEN_MESSAGE = 'Only an admin or a maintainer can change the SLA policies';

interface OnVersion {
  teamId: string;
  role: Role;
  /** The version the caller read (0 when never changed). */
  expectedVersion: number;
}

export type SlaPoliciesCommand =
  | (OnVersion & { type: 'CreateSlaPolicy'; policyId: string; definition: SlaPolicyDefinition })
  | (OnVersion & { type: 'ChangeSlaPolicy'; policyId: string; definition: SlaPolicyDefinition })
  | (OnVersion & { type: 'DeleteSlaPolicy'; policyId: string })
  | (OnVersion & { type: 'ReorderSlaPolicies'; policyIds: string[] });

type SlaPolicyEventType = Exclude<keyof ServiceLevelEventMap, 'BusinessHoursChanged'>;
export type SlaPoliciesEvent = {
  [K in SlaPolicyEventType]: { type: K; data: ServiceLevelEventMap[K] };
}[SlaPolicyEventType];

export const SLA_POLICY_EVENT_TYPES = [
  'SlaPolicyCreated',
  'SlaPolicyChanged',
  'SlaPolicyDeleted',
  'SlaPoliciesReordered',
] as const satisfies readonly SlaPolicyEventType[];

/** The team's policies in the order they are tried, and the version of their stream. */
export interface SlaPoliciesState {
  teamId: string | null;
  version: number;
  policies: SlaPolicy[];
}

const definitionOf = (source: SlaPolicyDefinition): SlaPolicyDefinition => ({
  name: source.name,
  priorities: [...source.priorities],
  labelIds: [...source.labelIds],
  firstResponseMinutes: source.firstResponseMinutes,
  resolutionMinutes: source.resolutionMinutes,
});

const sameDefinition = (a: SlaPolicyDefinition, b: SlaPolicyDefinition) =>
  a.name === b.name &&
  a.priorities.join() === b.priorities.join() &&
  a.labelIds.join() === b.labelIds.join() &&
  a.firstResponseMinutes === b.firstResponseMinutes &&
  a.resolutionMinutes === b.resolutionMinutes;

function policyOf(state: SlaPoliciesState, policyId: string): SlaPolicy {
  const policy = state.policies.find((candidate) => candidate.id === policyId);
  if (!policy) throw new DomainError('not-found', SLA_POLICY_NOT_FOUND_MESSAGE);
  return policy;
}

/** The state after one event: the decider's evolve, and the projection's (it keeps the same list). */
export function evolveSlaPolicies(state: SlaPoliciesState, event: SlaPoliciesEvent): SlaPoliciesState {
  const version = state.version + 1;
  const teamId = event.data.teamId;
  switch (event.type) {
    case 'SlaPolicyCreated':
      return {
        teamId,
        version,
        policies: [...state.policies, { id: event.data.policyId, ...definitionOf(event.data) }],
      };
    case 'SlaPolicyChanged':
      return {
        teamId,
        version,
        policies: state.policies.map((policy) =>
          policy.id === event.data.policyId ? { id: policy.id, ...definitionOf(event.data) } : policy,
        ),
      };
    case 'SlaPolicyDeleted':
      return { teamId, version, policies: state.policies.filter((policy) => policy.id !== event.data.policyId) };
    case 'SlaPoliciesReordered': {
      const byId = new Map(state.policies.map((policy) => [policy.id, policy]));
      const order = event.data.policyIds.flatMap((id) => byId.get(id) ?? []);
      return { teamId, version, policies: [...order, ...state.policies.filter((p) => !order.includes(p))] };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/**
 * The team's SLA policies (stream `sla-policies-<teamId>`), tried in their order: the first that matches a
 * conversation gives its targets. An ADMIN or MAINTAINER changes them, each change on the version they read (a change
 * on an older version is refused with 409). At most MAX_SLA_POLICIES; a new policy goes at the end; a change or an
 * order that changes nothing records nothing. The request's contract checks each definition.
 */
export const slaPoliciesDecider: Decider<SlaPoliciesCommand, SlaPoliciesEvent, SlaPoliciesState> = {
  eventTypes: SLA_POLICY_EVENT_TYPES,
  initialState: () => ({ teamId: null, version: 0, policies: [] }),

  decide(command, state) {
    if (state.teamId !== null && state.teamId !== command.teamId) {
      throw new DomainError('not-found', SLA_POLICY_NOT_FOUND_MESSAGE);
    }
    if (!SLA_POLICY_EDITORS.includes(command.role)) throw new DomainError('forbidden', SLA_POLICIES_FORBIDDEN_MESSAGE);
    if (command.expectedVersion !== state.version) throw new DomainError('conflict', SLA_POLICIES_CHANGED_MESSAGE);
    const { teamId } = command;
    switch (command.type) {
      case 'CreateSlaPolicy': {
        if (state.policies.length >= MAX_SLA_POLICIES) throw new DomainError('invalid', TOO_MANY_SLA_POLICIES_MESSAGE);
        const data = { teamId, policyId: command.policyId, ...definitionOf(command.definition) };
        return [{ type: 'SlaPolicyCreated', data }];
      }
      case 'ChangeSlaPolicy': {
        const policy = policyOf(state, command.policyId);
        if (sameDefinition(policy, command.definition)) return [];
        const data = { teamId, policyId: command.policyId, ...definitionOf(command.definition) };
        return [{ type: 'SlaPolicyChanged', data }];
      }
      case 'DeleteSlaPolicy':
        policyOf(state, command.policyId);
        return [{ type: 'SlaPolicyDeleted', data: { teamId, policyId: command.policyId } }];
      case 'ReorderSlaPolicies': {
        const current = state.policies.map((policy) => policy.id);
        const wanted = command.policyIds;
        const permutation =
          wanted.length === current.length &&
          new Set(wanted).size === wanted.length &&
          wanted.every((id) => current.includes(id));
        if (!permutation) throw new DomainError('invalid', SLA_POLICY_ORDER_MESSAGE);
        if (wanted.join() === current.join()) return [];
        return [{ type: 'SlaPoliciesReordered', data: { teamId, policyIds: [...wanted] } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve: evolveSlaPolicies,
};
