import { z } from 'zod';
import { PRIORITIES, type Priority } from '../conversations/email.constants';

/* ------------------------------------------------------------------------------------------------
 * The team's SLA policies (GET/POST /team/sla-policies, PUT/DELETE /team/sla-policies/{id},
 * PUT /team/sla-policies/order): response targets in business minutes, chosen by priority and/or label
 * ---------------------------------------------------------------------------------------------- */

export const MAX_SLA_POLICIES = 50;
export const SLA_POLICY_NAME_MAX_LENGTH = 100;
export const MAX_SLA_POLICY_LABELS = 20;
/** The longest target: a year of business minutes. */
export const MAX_SLA_TARGET_MINUTES = 366 * 24 * 60;

/** What defines a policy: which conversations it applies to and its targets. */
export interface SlaPolicyDefinition {
  name: string;
  /** The conversation's priority must be one of these; empty: any priority. */
  priorities: Priority[];
  /** The conversation must carry at least one of these labels (their ids); empty: labelled or not. */
  labelIds: string[];
  /** The first reply is due this many business minutes after the conversation arrived; null: no target. */
  firstResponseMinutes: number | null;
  /** The conversation is to be resolved this many business minutes after it arrived; null: no target. */
  resolutionMinutes: number | null;
}

export interface SlaPolicy extends SlaPolicyDefinition {
  id: string;
}

/** The team's policies in the order they are tried (the first that matches a conversation wins). */
export interface SlaPolicies {
  policies: SlaPolicy[];
  /** The version of the team's policies (0 until the first change): each change sends it back as `expectedVersion`. */
  version: number;
}

export const SLA_POLICY_NAME_REQUIRED_MESSAGE = 'Please enter a policy name';
export const SLA_POLICY_NAME_TOO_LONG_MESSAGE = `A policy name is limited to ${SLA_POLICY_NAME_MAX_LENGTH} characters`;
export const SLA_POLICY_PRIORITY_MESSAGE = `priorities must be a list of ${PRIORITIES.join(', ')}`;
export const SLA_POLICY_LABELS_MESSAGE = 'labelIds must be a list of label ids';
export const TOO_MANY_SLA_POLICY_LABELS_MESSAGE = `A policy can name at most ${MAX_SLA_POLICY_LABELS} labels`;
export const SLA_TARGET_MESSAGE = `A target must be a whole number of minutes from 1 to ${MAX_SLA_TARGET_MINUTES}, or null`;
export const SLA_POLICY_NEEDS_TARGET_MESSAGE = 'A policy needs a first-response or a resolution target';
export const TOO_MANY_SLA_POLICIES_MESSAGE = `A team can have at most ${MAX_SLA_POLICIES} SLA policies`;
export const SLA_POLICY_NOT_FOUND_MESSAGE = 'SLA policy not found';
export const SLA_POLICY_ORDER_MESSAGE = 'policyIds must name every policy of the team once, in the new order';
export const SLA_POLICIES_CHANGED_MESSAGE =
  'The SLA policies were changed meanwhile: load them again and make your change on what they are now';

const ZExpectedVersion = z
  .number('expectedVersion must be the version you read (0 when never saved)')
  .int('expectedVersion must be the version you read (0 when never saved)')
  .min(0, 'expectedVersion must be the version you read (0 when never saved)');

const ZTarget = z
  .number(SLA_TARGET_MESSAGE)
  .int(SLA_TARGET_MESSAGE)
  .min(1, SLA_TARGET_MESSAGE)
  .max(MAX_SLA_TARGET_MINUTES, SLA_TARGET_MESSAGE)
  .nullable()
  .default(null);

/** POST /team/sla-policies and PUT /team/sla-policies/{id} (ADMIN or MAINTAINER). */
export const ZSlaPolicyRequest = z
  .object({
    name: z
      .string(SLA_POLICY_NAME_REQUIRED_MESSAGE)
      .trim()
      .min(1, SLA_POLICY_NAME_REQUIRED_MESSAGE)
      .max(SLA_POLICY_NAME_MAX_LENGTH, SLA_POLICY_NAME_TOO_LONG_MESSAGE),
    priorities: z
      .array(z.enum(PRIORITIES, SLA_POLICY_PRIORITY_MESSAGE), SLA_POLICY_PRIORITY_MESSAGE)
      .default([])
      .transform((priorities) => PRIORITIES.filter((priority) => priorities.includes(priority))),
    labelIds: z
      .array(z.uuid(SLA_POLICY_LABELS_MESSAGE), SLA_POLICY_LABELS_MESSAGE)
      .max(MAX_SLA_POLICY_LABELS, TOO_MANY_SLA_POLICY_LABELS_MESSAGE)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    firstResponseMinutes: ZTarget,
    resolutionMinutes: ZTarget,
    expectedVersion: ZExpectedVersion,
  })
  .refine((policy) => policy.firstResponseMinutes !== null || policy.resolutionMinutes !== null, {
    message: SLA_POLICY_NEEDS_TARGET_MESSAGE,
  });
export type TSlaPolicyRequest = z.infer<typeof ZSlaPolicyRequest>;

/** PUT /team/sla-policies/order: every policy's id once, in the order they are to be tried. */
export const ZSlaPolicyOrderRequest = z.object({
  policyIds: z
    .array(z.uuid(SLA_POLICY_ORDER_MESSAGE), SLA_POLICY_ORDER_MESSAGE)
    .max(MAX_SLA_POLICIES, SLA_POLICY_ORDER_MESSAGE),
  expectedVersion: ZExpectedVersion,
});
export type TSlaPolicyOrderRequest = z.infer<typeof ZSlaPolicyOrderRequest>;

/** DELETE /team/sla-policies/{id}?expectedVersion=N. */
export const ZSlaPolicyDeleteQuery = z.object({
  expectedVersion: z.coerce
    .number('expectedVersion must be the version you read (0 when never saved)')
    .pipe(ZExpectedVersion),
});
export type TSlaPolicyDeleteQuery = z.infer<typeof ZSlaPolicyDeleteQuery>;

/*
 * On the team's stream `sla-policies-<teamId>` (one stream per team: the order and the number of policies are checked
 * against its version). Who acted is the metadata's actor.
 */

/** A policy added at the end of the team's list. */
export interface SlaPolicyCreated extends SlaPolicyDefinition {
  teamId: string;
  policyId: string;
}

/** A policy's definition as a whole after an edit (it keeps its place). */
export interface SlaPolicyChanged extends SlaPolicyDefinition {
  teamId: string;
  policyId: string;
}

export interface SlaPolicyDeleted {
  teamId: string;
  policyId: string;
}

/** The team's policies in their new order. */
export interface SlaPoliciesReordered {
  teamId: string;
  policyIds: string[];
}
