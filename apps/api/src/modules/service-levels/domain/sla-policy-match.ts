import type { Priority, SlaPolicy } from '@teaminbox/contracts';

/** What a policy is chosen by: the conversation's priority and the ids of its labels. */
export interface SlaSubject {
  priority: Priority;
  labelIds: readonly string[];
}

/** Whether a policy applies: its priorities (any when none) and its labels (any when none; else one of them). */
export const slaPolicyMatches = (policy: SlaPolicy, subject: SlaSubject): boolean =>
  (policy.priorities.length === 0 || policy.priorities.includes(subject.priority)) &&
  (policy.labelIds.length === 0 || policy.labelIds.some((id) => subject.labelIds.includes(id)));

/** The policy whose targets a conversation has: the first of the team's ordered policies that matches; null: none. */
export const slaPolicyFor = (policies: readonly SlaPolicy[], subject: SlaSubject): SlaPolicy | null =>
  policies.find((policy) => slaPolicyMatches(policy, subject)) ?? null;
